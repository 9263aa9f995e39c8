package dev.backtestgate.lakehouse;

import dev.backtestgate.tripwire.trace.TableTrace;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.Snapshot;

/**
 * {@link ClaimTables}' reading of an Iceberg table the claim read at a snapshot: the current snapshot's lineage from
 * its metadata (Iceberg's API, no Spark), the snapshot read placed in it, the examples of a rewriting snapshot as
 * {@code IcebergHistory} reads them. Its own class so that tracing Delta tables needs no Iceberg on the class path.
 */
final class IcebergClaimTable {
  private IcebergClaimTable() {}

  static TableTrace trace(String name, String binding, String table, long snapshot) {
    IcebergSource.Opened opened = IcebergSource.at(table, new Configuration(), "ClaimTables").open();
    IcebergSnapshots snapshots = new IcebergSnapshots(opened.table(), opened.metadata(), opened.name(),
        new IcebergColumns(null, null));
    Snapshot head = snapshots.head(null);
    if (head == null) {
      return TableTrace.unreadable(name, binding, "the table has no snapshot now, so snapshot " + snapshot
          + " the backtest read is gone: the table was replaced or emptied by a new table of the same location");
    }
    List<Snapshot> lineage = snapshots.lineage(head);
    TableLog log = snapshots.read(head, lineage, lineage.get(0).parentId() == null);
    // snapshot ids do not count up: the position in the current snapshot's lineage orders them
    int read = 0;
    while (read < lineage.size() && lineage.get(read).snapshotId() != snapshot) {
      read++;
    }
    if (read == lineage.size()) {
      return TableTrace.unreadable(name, binding, opened.metadata().snapshot(snapshot) != null
          ? "snapshot " + snapshot + " is no ancestor of the current snapshot " + head.snapshotId() + ": the table "
              + "was rolled back past it or its main branch moved to other snapshots, so what the backtest read is "
              + "no longer the table's history"
          : "the table keeps no snapshot " + snapshot + " (snapshot expiry, " + log.retention() + ", or the table "
              + "was replaced), so where the backtest read cannot be placed in the log");
    }
    String notHeld = log.fromStart() ? "" : "snapshot expiry removed the snapshots before snapshot "
        + lineage.get(0).snapshotId() + " (the table keeps " + log.retention() + "), so a rewrite before them "
        + "cannot be seen";
    ChangedRows examples = ChangedRows.oneCommitAtATime(null, new IcebergChangedRows(opened.table(), snapshots,
        null));
    return ClaimTables.trace(name, binding, log, read + 1, "snapshot", examples, notHeld);
  }

}
