package dev.backtestgate.history;

import dev.backtestgate.internal.LongIntHashMap;
import dev.backtestgate.time.EventLog;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Row counts and {@link RowDigest} hashes per closed partition of an event log. A row counts when it is
 * valid before {@code closedBefore} (so its partition is closed) and was recorded before it (so appends
 * made later, such as corrections, leave the digest alone). One pass over the log, accumulating per UTC
 * day; days are then summed into the partitions. O(n + days log days).
 */
final class PartitionDigests {
  private static final long DAY = 86_400_000L;

  private PartitionDigests() {}

  static List<HistoryManifest.Partition> of(EventLog log, PartitionGranularity granularity, LocalDate closedBefore) {
    long cutoff = PartitionGranularity.startMillis(closedBefore);
    long[] entity = log.entity();
    long[] validFrom = log.validFrom();
    long[] recordedAt = log.recordedAt();
    ValueWords words = ValueWords.of(log);
    LongIntHashMap daySlots = new LongIntHashMap(1024);
    long[] days = new long[1024];
    long[] rows = new long[1024];
    long[] low = new long[1024];
    long[] high = new long[1024];
    for (int i = 0; i < entity.length; i++) {
      if (validFrom[i] >= cutoff || recordedAt[i] >= cutoff) {
        continue;
      }
      long day = Math.floorDiv(validFrom[i], DAY);
      int slot = daySlots.getOrAdd(day);
      if (slot == rows.length) {
        days = Arrays.copyOf(days, slot * 2);
        rows = Arrays.copyOf(rows, slot * 2);
        low = Arrays.copyOf(low, slot * 2);
        high = Arrays.copyOf(high, slot * 2);
      }
      long word = words.word(i);
      long lowHash = RowDigest.low(entity[i], validFrom[i], recordedAt[i], word);
      long highHash = RowDigest.high(entity[i], validFrom[i], recordedAt[i], word);
      days[slot] = day;
      rows[slot]++;
      long sum = low[slot] + lowHash;
      high[slot] += highHash + (Long.compareUnsigned(sum, lowHash) < 0 ? 1 : 0);
      low[slot] = sum;
    }
    Map<LocalDate, long[]> partitions = new TreeMap<>();
    for (int slot = 0; slot < daySlots.size(); slot++) {
      long[] total = partitions.computeIfAbsent(
          granularity.floor(LocalDate.ofEpochDay(days[slot])), start -> new long[3]);
      total[0] += rows[slot];
      long sum = total[1] + low[slot];
      total[2] += high[slot] + (Long.compareUnsigned(sum, low[slot]) < 0 ? 1 : 0);
      total[1] = sum;
    }
    List<HistoryManifest.Partition> out = new ArrayList<>(partitions.size());
    partitions.forEach(
        (start, total) -> out.add(
            new HistoryManifest.Partition(granularity.key(start), total[0], RowDigest.hex(total[2], total[1]))));
    return out;
  }

  /** The canonical value word of each event, without a per-row branch on the log's kind. */
  private interface ValueWords {
    long word(int event);

    static ValueWords of(EventLog log) {
      if (log.kind() == EventLog.Kind.NUMERIC) {
        double[] values = log.values();
        return event -> RowDigest.numericWord(values[event]);
      }
      int[] codes = log.codes();
      List<String> categories = log.categories();
      long[] byCode = new long[categories.size()];
      for (int code = 0; code < byCode.length; code++) {
        byCode[code] = RowDigest.categoryWord(categories.get(code));
      }
      long missing = RowDigest.categoryWord(null);
      return event -> codes[event] < 0 ? missing : byCode[codes[event]];
    }
  }
}
