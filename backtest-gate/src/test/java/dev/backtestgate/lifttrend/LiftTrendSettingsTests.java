package dev.backtestgate.lifttrend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Keys, defaults and strict parsing of the settings, and the periods they cut. */
class LiftTrendSettingsTests {
  private static long at(String instant) {
    return Instant.parse(instant).toEpochMilli();
  }

  @Test
  void missingKeysTakeTheDefaults() {
    assertThat(LiftTrendSettings.parse(Map.of())).isEqualTo(LiftTrendSettings.defaults());
    assertThat(LiftTrendSettings.defaults().configValues()).containsExactly(
        Map.entry("backtestgate.lift-periods", "month"), Map.entry("backtestgate.lift-period-min-class", "30"),
        Map.entry("backtestgate.lift-trend-alpha", "0.01"), Map.entry("backtestgate.lift-trend-min-step", "0.03"));
    assertThat(LiftTrendSettings.DEFAULTS.keySet()).containsExactlyElementsOf(LiftTrendSettings.KEYS);
  }

  @Test
  void everyKeyIsRead() {
    LiftTrendSettings s = LiftTrendSettings.parse(Map.of("backtestgate.lift-periods", "P14D",
        "backtestgate.lift-period-min-class", "50", "backtestgate.lift-trend-alpha", "0.05",
        "backtestgate.lift-trend-min-step", "0"));

    assertThat(s).isEqualTo(new LiftTrendSettings(LiftPeriods.every(Duration.ofDays(14)), 50, 0.05, 0.0));
    assertThat(LiftTrendSettings.parse(s.configValues())).isEqualTo(s);
    assertThat(LiftPeriods.parse("week")).isEqualTo(LiftPeriods.WEEK);
    assertThat(LiftPeriods.parse("quarter").configValue()).isEqualTo("quarter");
  }

  @Test
  void aBadValueNamesTheKeyTheValueWhatIsAllowedAndTheDefault() {
    assertThatThrownBy(() -> LiftTrendSettings.parse(Map.of("backtestgate.lift-trend-alpha", "0.6")))
        .hasMessage("Invalid leakage gate setting backtestgate.lift-trend-alpha: '0.6'. Allowed: a decimal number "
            + "above 0 and at most 0.5, e.g. 0.01. Fix the value, or remove it to use the default (0.01).");
    for (String alpha : new String[] {"0", "-0.01", "NaN", "0.5000001", "1e-400", "abc", ""}) {
      assertThatThrownBy(() -> LiftTrendSettings.parse(Map.of("backtestgate.lift-trend-alpha", alpha)))
          .as(alpha).hasMessageContaining("backtestgate.lift-trend-alpha: '" + alpha + "'");
    }
    assertThat(LiftTrendSettings.parse(Map.of("backtestgate.lift-trend-alpha", "0.5")).alpha()).isEqualTo(0.5);
    assertThatThrownBy(() -> LiftTrendSettings.parse(Map.of("backtestgate.lift-trend-min-step", "-0.01")))
        .hasMessageContaining("backtestgate.lift-trend-min-step: '-0.01'").hasMessageContaining("at least 0");
    assertThatThrownBy(() -> LiftTrendSettings.parse(Map.of("backtestgate.lift-period-min-class", "1")))
        .hasMessageContaining("backtestgate.lift-period-min-class: '1'").hasMessageContaining("at least 2");
    assertThatThrownBy(() -> LiftTrendSettings.defaults().withAlpha(0))
        .hasMessageContaining("backtestgate.lift-trend-alpha");
    assertThatThrownBy(() -> LiftTrendSettings.defaults().withMinStep(-0.1))
        .hasMessageContaining("backtestgate.lift-trend-min-step");
  }

  @Test
  void aPeriodThatDoesNotParseIsRefusedWithTheAlternatives() {
    for (String periods : new String[] {"monthly", "Month", "PT0S", "-P1D", "PT0.0001S", "P1M", "P1Y", ""}) {
      assertThatThrownBy(() -> LiftTrendSettings.parse(Map.of("backtestgate.lift-periods", periods)))
          .as(periods)
          .hasMessageContaining("backtestgate.lift-periods: '" + periods + "'")
          .hasMessageContaining("month, week, quarter or a positive ISO-8601 duration");
    }
    assertThatThrownBy(() -> LiftPeriods.parse("P1M")).hasMessageContaining("use month or quarter");
  }

  @Test
  void calendarPeriodsAreNamedAndHoldTheirTimes() {
    PeriodGrid months = LiftPeriods.MONTH.grid(at("2024-11-15T10:00:00Z"), at("2025-02-01T00:00:00Z"), 1000);
    PeriodGrid quarters = LiftPeriods.QUARTER.grid(at("2024-11-15T10:00:00Z"), at("2025-04-01T00:00:00Z"), 1000);
    PeriodGrid weeks = LiftPeriods.WEEK.grid(at("2024-12-29T23:00:00Z"), at("2025-01-06T00:00:00Z"), 1000);

    assertThat(labels(months)).containsExactly("2024-11", "2024-12", "2025-01", "2025-02");
    assertThat(labels(quarters)).containsExactly("2024-Q4", "2025-Q1", "2025-Q2");
    assertThat(labels(weeks)).containsExactly("2024-W52", "2025-W01", "2025-W02");
    assertThat(weeks.start(1)).isEqualTo(Instant.parse("2024-12-30T00:00:00Z"));
    assertThat(months.periodOf(at("2025-01-31T23:59:59.999Z"))).isEqualTo(2);
    assertThat(months.periodOf(at("2025-02-01T00:00:00Z"))).isEqualTo(3);
  }

  @Test
  void durationPeriodsStartAtTheFirstDecision() {
    PeriodGrid days = LiftPeriods.parse("P1D").grid(at("2025-03-01T00:00:00Z"), at("2025-03-03T12:00:00Z"), 1000);
    PeriodGrid halfDays = LiftPeriods.parse("PT12H").grid(at("2025-03-01T09:30:00Z"), at("2025-03-02T09:29:00Z"),
        1000);

    assertThat(labels(days)).containsExactly("2025-03-01", "2025-03-02", "2025-03-03");
    assertThat(labels(halfDays)).containsExactly("2025-03-01T09:30:00Z", "2025-03-01T21:30:00Z");
  }

  @Test
  void everyTimeFallsInThePeriodThatHoldsIt() {
    SplittableRandom random = new SplittableRandom(9L);
    long first = at("2023-01-01T00:00:00Z");
    long last = at("2026-06-30T00:00:00Z");
    for (LiftPeriods periods : new LiftPeriods[] {LiftPeriods.MONTH, LiftPeriods.WEEK, LiftPeriods.QUARTER,
        LiftPeriods.parse("P10D"), LiftPeriods.parse("PT7H")}) {
      long from = first + random.nextLong(86_400_000L);
      PeriodGrid grid = periods.grid(from, last, 100_000);
      assertThat(grid.count()).isEqualTo((int) periods.count(from, last));
      for (int i = 0; i < 10_000; i++) {
        long t = i == 0 ? from : i == 1 ? last : from + random.nextLong(last - from + 1);
        int p = grid.periodOf(t);
        assertThat(grid.start(p).toEpochMilli()).as("%s %s", periods, t).isLessThanOrEqualTo(t);
        assertThat(grid.end(p).toEpochMilli()).as("%s %s", periods, t).isGreaterThan(t);
      }
    }
  }

  /** Calendar periods are found by a table of days: before 1970 too, and on every boundary and its last instant. */
  @Test
  void theDayTableFindsThePeriodOfEveryBoundaryBeforeAndAfter1970() {
    long first = at("1969-11-20T13:00:00Z");
    long last = at("1970-03-02T00:00:00Z");
    for (LiftPeriods periods : new LiftPeriods[] {LiftPeriods.MONTH, LiftPeriods.WEEK, LiftPeriods.QUARTER}) {
      PeriodGrid grid = periods.grid(first, last, 1000);
      for (int k = 0; k < grid.count(); k++) {
        long start = grid.start(k).toEpochMilli();
        long end = grid.end(k).toEpochMilli();
        if (start >= first) {
          assertThat(grid.periodOf(start)).as("%s %s", periods, grid.start(k)).isEqualTo(k);
        }
        if (end - 1 <= last) {
          assertThat(grid.periodOf(end - 1)).as("%s end of %s", periods, grid.label(k)).isEqualTo(k);
        }
      }
      assertThat(grid.periodOf(first)).isZero();
      assertThat(grid.periodOf(last)).isEqualTo(grid.count() - 1);
    }
  }

  @Test
  void periodsFinerThanTheDataAreCappedAndTheCapIsNamed() {
    long first = at("2016-01-01T00:00:00Z");
    long last = at("2025-12-31T00:00:00Z");

    assertThatThrownBy(() -> LiftPeriods.parse("P1D").grid(first, last, LiftTrendSettings.MAX_PERIODS))
        .hasMessageContaining("backtestgate.lift-periods=PT24H cuts the decisions from 2016-01-01T00:00:00Z to "
            + "2025-12-31T00:00:00Z into 3,653 periods, more than the cap of 1,000")
        .hasMessageContaining("Choose coarser periods");
    assertThatThrownBy(() -> LiftPeriods.parse("PT0.001S").grid(Long.MIN_VALUE / 2, Long.MAX_VALUE / 2, 1000))
        .hasMessageContaining("more than the cap of 1,000");
    assertThat(LiftPeriods.MONTH.grid(first, last, LiftTrendSettings.MAX_PERIODS).count()).isEqualTo(120);
  }

  private static java.util.List<String> labels(PeriodGrid grid) {
    return java.util.stream.IntStream.range(0, grid.count()).mapToObj(grid::label).toList();
  }
}
