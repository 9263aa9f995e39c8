package dev.backtestgate.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.time.EventLog;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class HistoryCheckTests {
  private static final long DAY = 86_400_000L;
  private static final long MAR_1 = Instant.parse("2024-03-01T00:00:00Z").toEpochMilli();
  private static final Instant APR_1 = Instant.parse("2024-04-01T00:00:00Z");

  private static EventLog balance(long[]... rows) {
    EventLog.NumericBuilder builder = EventLog.numericBuilder("balance");
    for (long[] row : rows) {
      builder.add(row[0], row[1], row[2], row[3]);
    }
    return builder.build();
  }

  private static final long[] DAY1 = {1, MAR_1, MAR_1, 10};
  private static final long[] DAY2 = {1, MAR_1 + DAY, MAR_1 + DAY, 20};
  private static final long[] DAY3 = {2, MAR_1 + 2 * DAY, MAR_1 + 2 * DAY, 30};

  private static HistoryManifest manifest(EventLog log) {
    return HistoryManifest.of(log, PartitionGranularity.DAY, APR_1);
  }

  @Test
  void unchangedHistoryAndLaterAppendsAreClean() {
    HistoryManifest committed = manifest(balance(DAY1, DAY2));
    long[] correction = {1, MAR_1, APR_1.toEpochMilli() + DAY, 11}; // appended after the cut-off
    long[] newDay = {1, APR_1.toEpochMilli() + 5, APR_1.toEpochMilli() + 5, 12}; // valid after the cut-off

    HistoryCheckResult result = HistoryCheck.compare(committed, balance(DAY2, correction, DAY1, newDay));

    assertThat(result.clean()).isTrue();
    assertThat(result.problems()).isEmpty();
    assertThat(result.partitionsChecked()).isEqualTo(2);
  }

  @Test
  void namesChangedVanishedAndAppearedPartitions() {
    HistoryManifest committed = manifest(balance(DAY1, DAY2));
    long[] editedDay1 = {1, MAR_1, MAR_1, 99};

    HistoryCheckResult result = HistoryCheck.compare(committed, balance(editedDay1, DAY3));

    assertThat(result.findings()).hasSize(3);
    assertThat(result.findings().get(0)).isInstanceOfSatisfying(HistoryFinding.Changed.class, changed -> {
      assertThat(changed.partition()).isEqualTo("2024-03-01");
      assertThat(changed.expectedRows()).isEqualTo(1);
      assertThat(changed.actualRows()).isEqualTo(1);
      assertThat(changed.actualHash()).isNotEqualTo(changed.expectedHash());
    });
    assertThat(result.findings().get(1)).isEqualTo(
        new HistoryFinding.Vanished("2024-03-02", 1, committed.partitions().get(1).hash()));
    assertThat(result.findings().get(2)).isInstanceOfSatisfying(HistoryFinding.Appeared.class,
        appeared -> assertThat(appeared.partition()).isEqualTo("2024-03-03"));
    assertThat(result.problems()).hasSize(4);
    assertThat(result.problems().get(0)).startsWith("'balance': partition 2024-03-01 changed: the manifest recorded 1 row(s)");
    assertThat(result.problems().get(3)).startsWith("3 closed day partition(s) of 'balance' before 2024-04-01 were rewritten in place");
  }

  @Test
  void refusesToCompareAnotherTable() {
    HistoryManifest committed = manifest(balance(DAY1));
    EventLog other = EventLog.numeric("status", new long[0], new long[0], new long[0], new double[0]);

    assertThatThrownBy(() -> HistoryCheck.compare(committed, other))
        .hasMessageContaining("manifest is for table 'balance' but the event log is 'status'");
  }

  @Test
  void aManifestComputedElsewhereComparesLikeTheLogItself() {
    HistoryManifest committed = manifest(balance(DAY1, DAY2));
    EventLog today = balance(new long[] {1, MAR_1, MAR_1, 99}, DAY2);

    assertThat(HistoryCheck.compare(committed, manifest(today))).isEqualTo(HistoryCheck.compare(committed, today));
    assertThatThrownBy(() -> HistoryCheck.compare(committed, HistoryManifest.of(today, PartitionGranularity.MONTH, APR_1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("committed balance/day before 2024-04-01, today balance/month before 2024-04-01");
  }
}
