package dev.backtestgate.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.backtestgate.Comparison;
import dev.backtestgate.internal.Wording;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every number formatter behind the console text and the report page, fed the extremes a hostile or broken
 * input can produce: none throws, none loops, and each prints something a person can read.
 */
class FormatterExtremesTests {
  private static final double[] EXTREMES = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
      Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_VALUE, -Double.MIN_VALUE, 0.0, -0.0, 1e-300, 1e300, 0.05, -1, 1};

  @Test
  void theLiftBarDrawsAnyComparisonLimitAndAllowance() {
    List<String> failures = new ArrayList<>();
    for (double lift : EXTREMES) {
      for (double bound : EXTREMES) {
        for (double maxLift : new double[] {0, 0.05, 0.999999, Double.MIN_VALUE}) {
          Comparison c = new Comparison("gbm", "prod", 0.8, 0.7, lift, 0.01, 0.95, Math.min(lift, bound),
              Math.max(lift, bound), 1, 0.05, Comparison.Interval.PAIRED_DELONG);
          for (double allowance : new double[] {Double.NaN, Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, 0.1, 1e300}) {
            try {
              Html out = new Html(256);
              LiftBar.write(out, c, maxLift, allowance);
              c.sentence();
              GateWording.liftWithinLimit(c, maxLift);
            } catch (RuntimeException e) {
              failures.add(lift + "/" + bound + "/" + maxLift + "/" + allowance + ": " + e);
            }
          }
        }
      }
    }
    assertThat(failures).isEmpty();
  }

  @Test
  void ticksCoverAnyFiniteRange() {
    double[][] ranges = {{-Double.MAX_VALUE, Double.MAX_VALUE}, {0, Double.MIN_VALUE}, {-1e-300, 1e-300},
        {1e300, 1.0000001e300}, {-2, 2}, {0.1, 0.1000000001}};
    for (double[] r : ranges) {
      assertThatCode(() -> {
        Ticks ticks = Ticks.within(r[0], r[1], 7);
        for (int i = 0; i < ticks.count(); i++) {
          ticks.label(i);
        }
      }).as("ticks in [%s, %s]", r[0], r[1]).doesNotThrowAnyException();
    }
  }

  @Test
  void pValuesPercentagesAndDurationsNeverThrow() {
    for (double v : EXTREMES) {
      assertThat(HtmlReport.pValue(v)).isNotBlank();
      assertThat(Wording.percent(v)).isNotBlank();
    }
    for (Duration d : List.of(Duration.ofSeconds(Long.MIN_VALUE), Duration.ofSeconds(Long.MAX_VALUE, 999_999_999),
        Duration.ofNanos(1), Duration.ofNanos(-1), Duration.ZERO, Duration.ofMillis(Long.MIN_VALUE))) {
      assertThat(Wording.duration(d)).isNotBlank();
    }
    assertThat(Wording.percent(1e-12)).isEqualTo("<0.0001%");
    assertThat(Wording.percent(0.0004)).isEqualTo("0.040%");
  }

  @Test
  void rocPathsTakeAnyPoints() {
    double[] odd = {Double.NaN, Double.POSITIVE_INFINITY, -1, 0, 1, 2, Double.MAX_VALUE};
    assertThatCode(() -> RocPlot.pathData(odd, odd.clone())).doesNotThrowAnyException();
    assertThat(RocPlot.pathData(new double[] {0, 1}, new double[] {0, 1})).startsWith("M");
  }

  @Test
  void wordsFromAFileAreShownWithTheirControlCharactersVisible() {
    assertThat(NextSteps.printable("ok\u001b[31m\nnext\u0000\u2028"))
        .isEqualTo("ok\\u001b[31m\\u000anext\\u0000\\u2028");
    assertThat(NextSteps.printable("caf\u00e9 \ud83d\ude00")).isEqualTo("caf\u00e9 \ud83d\ude00");
  }
}
