package dev.backtestgate.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.time.EventLog;
import java.time.Duration;
import java.time.Instant;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

class LateWriteDetectorPropertyTests {
  private static final long DAY = 86_400_000L;
  private static final long MAR_1 = Instant.parse("2024-03-01T00:00:00Z").toEpochMilli();

  @Property(tries = 200)
  void countsMatchADirectScan(
      @ForAll @Size(max = 80) long[] offsets, @ForAll @LongRange(min = 0, max = 10) long windowDays) {
    int n = offsets.length;
    long[] entity = new long[n];
    long[] validFrom = new long[n];
    long[] recordedAt = new long[n];
    for (int i = 0; i < n; i++) {
      entity[i] = Math.floorMod(offsets[i], 7);
      validFrom[i] = MAR_1 + Math.floorMod(offsets[i] / 7, 40) * DAY;
      recordedAt[i] = validFrom[i] + Math.floorMod(offsets[i] / 280, 30 * DAY) - 5 * DAY;
    }
    EventLog log = EventLog.numeric("f", entity, validFrom, recordedAt, new double[n]);

    LateWriteReport report =
        LateWriteDetector.builder().closingWindow(Duration.ofDays(windowDays)).build().detect(log);

    long late = 0;
    for (int i = 0; i < n; i++) {
      if (recordedAt[i] - validFrom[i] > windowDays * DAY) {
        late++;
      }
    }
    assertThat(report.lateEvents()).isEqualTo(late);
    assertThat(report.batches().stream().mapToInt(LateWriteReport.Batch::count).sum()).isEqualTo(late);
    assertThat(report.batches()).isSortedAccordingTo(
        (a, b) -> a.recordedDay().compareTo(b.recordedDay()));
  }

}
