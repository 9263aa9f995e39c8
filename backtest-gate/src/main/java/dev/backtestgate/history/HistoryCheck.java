package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.time.Columns;
import dev.backtestgate.time.EventLog;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Compares a table with its committed {@link HistoryManifest}: recomputes the digests with the manifest's
 * own granularity and cut-off and reports each partition that changed, vanished or appeared. Appends
 * recorded after the cut-off never count, so legitimate corrections do not trip it; an in-place edit
 * that kept its old recordedAt does, and so does one that re-stamped its rows (the old rows vanish).
 * O(n + partitions).
 *
 * <pre>{@code
 * HistoryCheckResult result = HistoryCheck.compare(HistoryManifest.read(Path.of("history/status.json")), statusLog);
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class HistoryCheck {
  private HistoryCheck() {}

  /**
   * @throws IllegalArgumentException if {@code today} is a different table than the manifest's
   */
  public static HistoryCheckResult compare(HistoryManifest committed, EventLog today) {
    Columns.required(committed, "manifest");
    Columns.required(today, "event log");
    if (!committed.table().equals(today.name())) {
      throw new IllegalArgumentException(
          "the manifest is for table '" + committed.table() + "' but the event log is '" + today.name()
              + "'; check it against the manifest of that log");
    }
    return compare(committed, new HistoryManifest(today.name(), committed.granularity(), committed.closedBefore(),
        PartitionDigests.of(today, committed.granularity(), committed.closedBefore())));
  }

  /**
   * Reads the committed manifest at {@code committedFile} ({@link HistoryManifest#read}) and compares {@code today}
   * with it, recording the manifest's digest and where it was ({@link HistoryManifest#versionRead}), so the claim
   * of a run that records the result names the manifest the backtest read and the tripwire's trace can say whether
   * it changed since.
   *
   * @throws IllegalArgumentException if {@code today} is a different table than the manifest's, or the file is not
   *     a manifest
   */
  public static HistoryCheckResult compare(java.nio.file.Path committedFile, EventLog today)
      throws java.io.IOException {
    HistoryManifest committed = HistoryManifest.read(committedFile);
    return compare(committed, today).withManifestRead(committed.versionRead(committedFile));
  }

  /**
   * Compares a committed manifest with one computed elsewhere (for example inside a database) for the same
   * table, granularity and cut-off.
   *
   * @throws IllegalArgumentException if {@code today} covers another table, granularity or cut-off
   */
  public static HistoryCheckResult compare(HistoryManifest committed, HistoryManifest today) {
    Columns.required(committed, "manifest");
    Columns.required(today, "today's manifest");
    if (!committed.table().equals(today.table()) || committed.granularity() != today.granularity()
        || !committed.closedBefore().equals(today.closedBefore())) {
      throw new IllegalArgumentException(
          "the manifests differ in what they cover: committed " + committed.table() + "/"
              + committed.granularity().configValue() + " before " + committed.closedBefore() + ", today "
              + today.table() + "/" + today.granularity().configValue() + " before " + today.closedBefore()
              + "; compute today's manifest with the committed one's table, granularity and closedBefore");
    }
    PartitionGranularity granularity = committed.granularity();
    List<HistoryManifest.Partition> expected = committed.partitions();
    List<HistoryManifest.Partition> actual = today.partitions();
    List<HistoryFinding> findings = new ArrayList<>();
    int i = 0;
    int j = 0;
    int checked = 0;
    while (i < expected.size() || j < actual.size()) {
      checked++;
      int order = i == expected.size() ? 1 : j == actual.size() ? -1
          : start(granularity, expected.get(i)).compareTo(start(granularity, actual.get(j)));
      if (order < 0) {
        HistoryManifest.Partition gone = expected.get(i++);
        findings.add(new HistoryFinding.Vanished(gone.partition(), gone.rows(), gone.hash()));
      } else if (order > 0) {
        HistoryManifest.Partition added = actual.get(j++);
        findings.add(new HistoryFinding.Appeared(added.partition(), added.rows(), added.hash()));
      } else {
        HistoryManifest.Partition was = expected.get(i++);
        HistoryManifest.Partition now = actual.get(j++);
        if (was.rows() != now.rows() || !was.hash().equals(now.hash())) {
          findings.add(new HistoryFinding.Changed(was.partition(), was.rows(), now.rows(), was.hash(), now.hash()));
        }
      }
    }
    return new HistoryCheckResult(today.table(), granularity, committed.closedBefore(), checked, findings, today);
  }

  private static LocalDate start(PartitionGranularity granularity, HistoryManifest.Partition partition) {
    return granularity.parseKey(partition.partition());
  }
}
