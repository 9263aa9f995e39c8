package dev.backtestgate.lakehouse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Example rows the rewriting commits changed, with their values before and after, where the table keeps them: each
 * partition's own rows, so a rewritten partition is shown with rows of that partition only. Asked once for every
 * rewriting commit of the window, so a reader can fetch them all in one read.
 */
interface ChangedRows {
  /** None, and nothing said about it: the table keeps no changed rows. */
  ChangedRows NONE = rewrites -> new Examples(Map.of(), null);

  /**
   * Up to a few changed rows of each rewritten partition of each commit in {@code rewrites} (commit version, or
   * snapshot id, to its rewritten partitions, in commit order), each in words, by commit and partition; a partition
   * without rows to show is absent, and a problem reading them is listed under every partition it affects.
   */
  Examples examples(Map<Long, Set<String>> rewrites);

  /**
   * The example rows found, and how they were obtained, in words for the report.
   *
   * @param byCommit commit version (or snapshot id) to partition to the example lines
   * @param how how the example rows were obtained (e.g. one read of the change data feed over versions 9 to 99),
   *     or {@code null} when there is nothing to say
   */
  record Examples(Map<Long, Map<String, List<String>>> byCommit, String how) {
    public Examples {
      byCommit = Map.copyOf(byCommit);
    }

    /** The lines of {@code partition} in commit {@code version}, empty when there are none. */
    List<String> of(long version, String partition) {
      return byCommit.getOrDefault(version, Map.of()).getOrDefault(partition, List.of());
    }
  }

  /** The example rows of one commit, for a table read one commit at a time. */
  @FunctionalInterface
  interface OneCommit {
    /** As {@link ChangedRows#examples}, for the partitions of one commit. */
    Map<String, List<String>> examples(long version, Set<String> partitions);
  }

  /** Reads one commit at a time with {@code reader}; the report says {@code how}. */
  static ChangedRows oneCommitAtATime(String how, OneCommit reader) {
    return rewrites -> {
      Map<Long, Map<String, List<String>>> byCommit = new LinkedHashMap<>();
      rewrites.forEach((version, partitions) -> byCommit.put(version, reader.examples(version, partitions)));
      return new Examples(byCommit, how);
    };
  }

  /** The first and the last version (or snapshot id) of {@code rewrites}, which is not empty. */
  record Span(long first, long last) {
    static Span of(Map<Long, Set<String>> rewrites) {
      return new Span(rewrites.keySet().stream().mapToLong(Long::longValue).min().orElseThrow(),
          rewrites.keySet().stream().mapToLong(Long::longValue).max().orElseThrow());
    }

    /** {@code version 12} or {@code versions 10 to 990}. */
    String versions() {
      return first == last ? "version " + first : "versions " + first + " to " + last;
    }
  }

  /** {@code 1 rewriting commit} or {@code 99 rewriting commits}. */
  static String commits(Map<Long, Set<String>> rewrites) {
    return rewrites.size() + " rewriting commit" + (rewrites.size() == 1 ? "" : "s");
  }

  /** The same lines under every partition: what could not be read is said where each partition is shown. */
  static Map<String, List<String>> everywhere(Set<String> partitions, String line) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    partitions.forEach(partition -> out.put(partition, List.of(line)));
    return out;
  }

  /** {@link #everywhere} for every commit of {@code rewrites}. */
  static Map<Long, Map<String, List<String>>> everywhere(Map<Long, Set<String>> rewrites, String line) {
    Map<Long, Map<String, List<String>>> out = new LinkedHashMap<>();
    rewrites.forEach((version, partitions) -> out.put(version, everywhere(partitions, line)));
    return out;
  }
}
