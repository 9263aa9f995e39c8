package dev.backtestgate.lakehouse;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Example rows a rewriting commit changed, with their values before and after, where the table keeps them: each
 * partition's own rows, so a rewritten partition is shown with rows of that partition only.
 */
interface ChangedRows {
  /** None: the table keeps no changed rows. */
  ChangedRows NONE = (version, partitions) -> Map.of();

  /**
   * Up to a few changed rows of each of {@code partitions} in commit {@code version}, each in words, by partition; a
   * partition without rows to show is absent, and a problem reading them is listed under every partition.
   */
  Map<String, List<String>> examples(long version, Set<String> partitions);

  /** The same lines under every partition: what could not be read is said where each partition is shown. */
  static Map<String, List<String>> everywhere(Set<String> partitions, String line) {
    Map<String, List<String>> out = new java.util.LinkedHashMap<>();
    partitions.forEach(partition -> out.put(partition, List.of(line)));
    return out;
  }
}
