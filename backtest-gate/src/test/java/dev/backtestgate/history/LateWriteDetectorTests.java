package dev.backtestgate.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.time.EventLog;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class LateWriteDetectorTests {
  private static final long HOUR = 3_600_000L;
  private static final long DAY = 24 * HOUR;
  private static final long MAR_1 = Instant.parse("2024-03-01T00:00:00Z").toEpochMilli();

  @Test
  void groupsLateEventsByRecordedDayWithTheirValidRangeAndEntities() {
    EventLog log =
        EventLog.numericBuilder("status")
            .add(1, MAR_1, MAR_1 + HOUR, 1) // on time
            .add(1, MAR_1, MAR_1 + 20 * DAY + HOUR, 2) // late, recorded Mar 21
            .add(2, MAR_1 + 2 * DAY, MAR_1 + 20 * DAY + 5 * HOUR, 3) // late, Mar 21
            .add(2, MAR_1 + 3 * DAY, MAR_1 + 20 * DAY + 6 * HOUR, 4) // late, Mar 21, same entity
            .add(3, MAR_1, MAR_1 + 30 * DAY, 5) // late, recorded Mar 31
            .build();

    LateWriteReport report = LateWriteDetector.withDefaults().detect(log);

    assertThat(report.clean()).isFalse();
    assertThat(report.events()).isEqualTo(5);
    assertThat(report.lateEvents()).isEqualTo(4);
    assertThat(report.batches()).hasSize(2);
    LateWriteReport.Batch first = report.batches().get(0);
    assertThat(first.recordedDay()).isEqualTo(LocalDate.parse("2024-03-21"));
    assertThat(first.count()).isEqualTo(3);
    assertThat(first.entities()).isEqualTo(2);
    assertThat(first.minValidFrom()).isEqualTo(Instant.ofEpochMilli(MAR_1));
    assertThat(first.maxValidFrom()).isEqualTo(Instant.ofEpochMilli(MAR_1 + 3 * DAY));
    assertThat(first.maxLateness()).isEqualTo(Duration.ofMillis(20 * DAY + HOUR));
    assertThat(first.examples()).extracting(LateWriteReport.Example::index).containsExactly(1, 2, 3);
    assertThat(report.batches().get(1).recordedDay()).isEqualTo(LocalDate.parse("2024-03-31"));
    assertThat(report.problems()).hasSize(2);
    assertThat(report.problems().get(0))
        .startsWith("3 late write(s) to 'status' recorded on 2024-03-21 for 2 entities")
        .contains("valid from 2024-03-01T00:00:00Z to 2024-03-04T00:00:00Z");
  }

  @Test
  void exactlyTheClosingWindowIsNotLate() {
    EventLog log =
        EventLog.numeric("f", new long[] {1, 1}, new long[] {0, 0}, new long[] {7 * DAY, 7 * DAY + 1}, new double[2]);

    LateWriteReport report = LateWriteDetector.withDefaults().detect(log);

    assertThat(report.lateEvents()).isEqualTo(1);
    assertThat(report.batches().get(0).examples().get(0).index()).isEqualTo(1);
  }

  @Test
  void examplesAreCappedAndWindowIsConfigurable() {
    EventLog.NumericBuilder builder = EventLog.numericBuilder("f");
    for (int i = 0; i < 10; i++) {
      builder.add(i, 0, 2 * DAY, i);
    }
    LateWriteDetector detector = LateWriteDetector.builder().closingWindow(Duration.ofDays(1)).maxExamples(2).build();

    LateWriteReport report = detector.detect(builder.build());

    assertThat(report.lateEvents()).isEqualTo(10);
    assertThat(report.batches().get(0).examples()).hasSize(2);
    assertThat(LateWriteDetector.withDefaults().detect(builder.build()).clean()).isTrue();
  }

  @Test
  void lateWritePolicyParsesStrictly() {
    assertThat(LateWritePolicy.parse("warn", "test")).isEqualTo(LateWritePolicy.WARN);
    assertThat(LateWritePolicy.parse("fail", "test")).isEqualTo(LateWritePolicy.FAIL);
    assertThat(LateWritePolicy.DEFAULT).isEqualTo(LateWritePolicy.FAIL);
    assertThatThrownBy(() -> LateWritePolicy.parse("FAIL", "system property -Dbacktestgate.late-writes"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "invalid value for backtestgate.late-writes: 'FAIL' (from system property -Dbacktestgate.late-writes);"
                + " allowed values: [warn, fail] (default fail)");
    assertThatThrownBy(() -> LateWritePolicy.parse(null, "junit-platform.properties"))
        .hasMessageContaining("'null' (from junit-platform.properties)");
  }

  @Test
  void onlyTheFailPolicyFailsAndOnlyOnLateWrites() {
    EventLog late = EventLog.numeric("f", new long[] {1}, new long[] {0}, new long[] {8 * DAY}, new double[1]);
    EventLog onTime = EventLog.numeric("f", new long[] {1}, new long[] {0}, new long[] {DAY}, new double[1]);
    LateWriteDetector detector = LateWriteDetector.withDefaults();

    assertThat(LateWritePolicy.FAIL.fails(detector.detect(late))).isTrue();
    assertThat(LateWritePolicy.WARN.fails(detector.detect(late))).isFalse();
    assertThat(LateWritePolicy.FAIL.fails(detector.detect(onTime))).isFalse();
  }

  @Test
  void declaredLateCorrectionsAreListedByReasonCodeAndNeverFail() {
    EventLog.NumericBuilder builder = EventLog.numericBuilder("status");
    for (int i = 0; i < 6; i++) {
      builder.add(i % 2, i * DAY, i * DAY + 1, 1.0).id(100 + i);
    }
    builder.add(0, 0, 30 * DAY, 2.0).id(10).corrects(100, "status-remap");   // late, declared
    builder.add(1, DAY, 31 * DAY, 2.0).id(11).corrects(101, "status-remap"); // late, declared
    builder.add(0, 2 * DAY, 32 * DAY, 2.0).id(12).corrects(102, "typo");     // late, declared
    builder.add(1, 5 * DAY, 6 * DAY, 2.0).id(13).corrects(105, "typo");      // declared, on time: not listed
    builder.add(0, 4 * DAY, 40 * DAY, 2.0).id(14);                           // late, undeclared
    LateWriteReport report = LateWriteDetector.builder().maxExamples(1).build().detect(builder.build());

    assertThat(report.lateEvents()).isEqualTo(1);
    assertThat(report.batches()).singleElement().satisfies(b -> assertThat(b.examples().get(0).index()).isEqualTo(10));
    assertThat(report.declaredCorrections()).isEqualTo(3);
    assertThat(report.corrections()).containsExactly(
        new LateWriteReport.DeclaredCorrections("status-remap", 2, 2, List.of(new LateWriteReport.Correction(
            10, 100, 0, Instant.ofEpochMilli(0), Instant.ofEpochMilli(30 * DAY)))),
        new LateWriteReport.DeclaredCorrections("typo", 1, 1, List.of(new LateWriteReport.Correction(
            12, 102, 0, Instant.ofEpochMilli(2 * DAY), Instant.ofEpochMilli(32 * DAY)))));
    assertThat(LateWritePolicy.FAIL.fails(report)).isTrue();

    LateWriteReport onlyDeclared = new LateWriteReport(report.table(), report.closingWindow(), report.events(), 0,
        List.of(), report.corrections());
    assertThat(onlyDeclared.clean()).isFalse();
    assertThat(onlyDeclared.undeclared()).isFalse();
    assertThat(LateWritePolicy.FAIL.fails(onlyDeclared)).isFalse();
    assertThat(LateWritePolicy.WARN.fails(onlyDeclared)).isFalse();
  }
}
