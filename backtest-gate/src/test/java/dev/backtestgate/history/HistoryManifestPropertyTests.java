package dev.backtestgate.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.time.EventLog;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class HistoryManifestPropertyTests {
  private static final long DAY = 86_400_000L;
  private static final long MAR_1 = Instant.parse("2024-03-01T00:00:00Z").toEpochMilli();
  private static final Instant APR_1 = Instant.parse("2024-04-01T00:00:00Z");

  @Property(tries = 100)
  void theHashIgnoresRowOrderButSeesEveryField(
      @ForAll long seed, @ForAll @IntRange(min = 1, max = 60) int n, @ForAll @IntRange(min = 0, max = 3) int field) {
    Random random = new Random(seed);
    List<long[]> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(new long[] {random.nextInt(5), MAR_1 + random.nextInt(3) * DAY, MAR_1, random.nextInt(4)});
    }
    HistoryManifest original = HistoryManifest.of(log(rows.toArray(long[][]::new)), PartitionGranularity.MONTH, APR_1);
    Collections.shuffle(rows, random);
    HistoryManifest shuffled = HistoryManifest.of(log(rows.toArray(long[][]::new)), PartitionGranularity.MONTH, APR_1);
    long[] edited = rows.get(0).clone();
    edited[field] += 1;
    rows.set(0, edited);
    HistoryManifest changed = HistoryManifest.of(log(rows.toArray(long[][]::new)), PartitionGranularity.MONTH, APR_1);

    assertThat(shuffled).isEqualTo(original);
    assertThat(changed.partitions().get(0).hash()).isNotEqualTo(original.partitions().get(0).hash());
  }


  private static EventLog log(long[][] rows) {
    EventLog.NumericBuilder builder = EventLog.numericBuilder("balance");
    for (long[] row : rows) {
      builder.add(row[0], row[1], row[2], row[3]);
    }
    return builder.build();
  }
}
