package dev.backtestgate.lakehouse;

import java.util.List;
import java.util.Set;

/** Example rows a rewriting commit changed, with their values before and after, where the table keeps them. */
interface ChangedRows {
  /** None: the table keeps no changed rows. */
  ChangedRows NONE = (version, partitions) -> List.of();

  /** Up to a few changed rows of {@code partitions} in commit {@code version}, each in words. */
  List<String> examples(long version, Set<String> partitions);
}
