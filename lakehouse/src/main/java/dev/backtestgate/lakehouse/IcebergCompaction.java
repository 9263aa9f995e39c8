package dev.backtestgate.lakehouse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An Iceberg {@code replace} snapshot (rewrite_data_files, compaction, sort) promises the same rows in new files.
 * The promise is checked per partition against the row counts the manifests record: the rows added may not exceed
 * the data rows removed, nor fall short of them by more than the position deletes the rewrite applied (an equality
 * delete may match any number of rows, so with one the shortfall is not bounded). A partition whose counts break
 * the promise changed data, and its files are judged like any other commit's.
 */
final class IcebergCompaction {
  private IcebergCompaction() {}

  /**
   * The data files of a replace snapshot, silent ({@code dataChange = false}) in the partitions whose counts keep
   * the promise.
   *
   * @param files the data files added and removed
   * @param removedDeletes the delete files removed: rows = deletes applied; {@code added = true} marks an
   *     equality delete file
   */
  static List<FileChange> judge(List<FileChange> files, List<FileChange> removedDeletes) {
    Map<String, long[]> counts = new TreeMap<>();   // partition -> {added, removed, positionDeletes, equalityFiles}
    for (FileChange f : files) {
      counts.computeIfAbsent(f.partition(), p -> new long[4])[f.added() ? 0 : 1] += f.rows();
    }
    for (FileChange d : removedDeletes) {
      long[] c = counts.computeIfAbsent(d.partition(), p -> new long[4]);
      if (d.added()) {
        c[3]++;
      } else {
        c[2] += d.rows();
      }
    }
    List<FileChange> judged = new ArrayList<>();
    for (FileChange f : files) {
      long[] c = counts.get(f.partition());
      boolean kept = c[0] <= c[1] && (c[3] > 0 || c[0] >= c[1] - c[2]);
      judged.add(new FileChange(f.partition(), f.validFrom(), f.rows(), f.added(), !kept));
    }
    return judged;
  }
}
