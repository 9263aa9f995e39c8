package dev.backtestgate.lakehouse;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A Delta commit's changed rows of one partition in words, whoever read them (the change data feed through Spark,
 * {@link DeltaChangeFeed}, or the commit's change-data files without it, {@link DeltaChangeFiles}): each key's row
 * before and after, then the deleted rows.
 */
final class ChangeLines {
  /** Rows of each change type shown per partition. */
  static final int EXAMPLES = 3;
  static final String TYPE = "_change_type";
  static final String PREIMAGE = "update_preimage";
  static final String POSTIMAGE = "update_postimage";
  static final String DELETE = "delete";

  private ChangeLines() {}

  /**
   * One changed row.
   *
   * @param type its {@code _change_type}
   * @param key its key column's value, or {@code null} without a key column
   * @param described the row in words, e.g. {@code {id=1, day=2024-01-01, status=open}}
   */
  record Change(String type, Object key, String described) {}

  /**
   * The rows shown of one partition's changes, as the feed read through Spark selects them: with a key column,
   * only keys whose images differ (and deletes), then at most {@link #EXAMPLES} of each change type, the smallest
   * keys first (nulls first); without one, the first {@link #EXAMPLES} of each type.
   */
  static List<Change> select(List<Change> rows, boolean keyed) {
    List<Change> changed = rows;
    if (keyed) {
      Map<Object, java.util.Set<String>> images = new LinkedHashMap<>();
      rows.forEach(row -> images.computeIfAbsent(row.key(), k -> new java.util.HashSet<>()).add(row.described()));
      changed = rows.stream().filter(row -> row.type().equals(DELETE) || images.get(row.key()).size() > 1).toList();
    }
    List<Change> shown = new ArrayList<>();
    for (String type : List.of(DELETE, PREIMAGE, POSTIMAGE)) {
      changed.stream().filter(row -> row.type().equals(type))
          .sorted(keyed ? Comparator.comparing(Change::key, ChangeLines::compareKeys) : (a, b) -> 0)
          .limit(EXAMPLES).forEach(shown::add);
    }
    return shown;
  }

  /** Keys in Spark's ascending order for the types a key column has: nulls first, then by value. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compareKeys(Object a, Object b) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    if (a instanceof Comparable && a.getClass().equals(b.getClass())) {
      return ((Comparable) a).compareTo(b);
    }
    return a.toString().compareTo(b.toString());
  }

  /** The shown rows of one partition in words: each key's row before and after, then the deleted rows. */
  static List<String> lines(String keyColumn, List<Change> rows) {
    List<Change> before = ofType(rows, PREIMAGE);
    List<Change> after = ofType(rows, POSTIMAGE);
    List<String> lines = new ArrayList<>();
    if (keyColumn != null) {
      for (Change old : before) {
        after.stream().filter(row -> Objects.equals(row.key(), old.key())).findFirst().ifPresent(now ->
            lines.add(keyColumn + " " + old.key() + ": " + old.described() + " -> " + now.described()));
      }
    } else {
      before.forEach(row -> lines.add("before " + row.described()));
      after.forEach(row -> lines.add("after " + row.described()));
    }
    ofType(rows, DELETE).forEach(row -> lines.add("deleted " + row.described()));
    return lines;
  }

  private static List<Change> ofType(List<Change> rows, String type) {
    return rows.stream().filter(row -> type.equals(row.type())).toList();
  }
}
