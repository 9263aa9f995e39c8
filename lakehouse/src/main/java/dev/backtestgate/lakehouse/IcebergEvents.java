package dev.backtestgate.lakehouse;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.time.EventLog;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apiguardian.api.API;

/**
 * An Apache Iceberg table with only valid time made bitemporal by its snapshot log: each value's
 * {@code recordedAt} is the commit time of the snapshot that first made it visible. The snapshots are replayed
 * oldest first, from the table's creation: the rows of the data files each one added and removed, and the rows its
 * position deletes (delete files, deletion vectors) and equality deletes hid, identified by (entity, valid time).
 * A {@code replace} (compaction) keeps the rows and adds no event. The result feeds the in-memory
 * {@code PointInTimeJoin}, which then sees, at each decision time, what the table held at that time.
 *
 * <pre>{@code
 * EventLog balance = IcebergEvents.of("/lake/balances")          // or IcebergEvents.of(catalog.loadTable(id))
 *     .entityColumn("account_id").validTimeColumn("day").numeric("balance");
 * FeatureTable features = PointInTimeJoin.builder().build().join(spine, balance);
 * }</pre>
 *
 * <p>Deleted rows are modelled as in {@link DeltaEvents}: after the snapshot that deleted a row, the join sees the
 * entity's row before it in valid time (or a missing value when none is left). The table's metadata is read once:
 * the current snapshot (or {@link #atSnapshot}) and its ancestors, so a snapshot committed meanwhile is not read.
 * Refused, with nothing built: a table whose snapshots before the one read were expired
 * ({@code history.expire.max-snapshot-age-ms}), a rollback in its snapshot log, equality deletes by other columns
 * than the entity and valid-time columns, data files that are not Parquet, format versions above 3.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class IcebergEvents {
  private static final String READER = "IcebergEvents";
  private static final Set<Type.TypeID> ENTITIES = Set.of(Type.TypeID.INTEGER, Type.TypeID.LONG);
  private static final Set<Type.TypeID> TIMES = Set.of(Type.TypeID.DATE, Type.TypeID.TIMESTAMP,
      Type.TypeID.TIMESTAMP_NANO);
  private static final Set<Type.TypeID> NUMBERS = Set.of(Type.TypeID.INTEGER, Type.TypeID.LONG,
      Type.TypeID.FLOAT, Type.TypeID.DOUBLE, Type.TypeID.DECIMAL);

  private final IcebergSource source;
  private final String entityColumn;
  private final String validTimeColumn;
  private final Long atSnapshot;

  private IcebergEvents(IcebergSource source, String entityColumn, String validTimeColumn, Long atSnapshot) {
    this.source = source;
    this.entityColumn = entityColumn;
    this.validTimeColumn = validTimeColumn;
    this.atSnapshot = atSnapshot;
  }

  /** The events of the Iceberg path table at {@code location} (its root, the one holding {@code metadata/}). */
  public static IcebergEvents of(String location) {
    return of(location, new Configuration());
  }

  /** The events of the path table at {@code location}, read with {@code hadoop}'s file systems. */
  public static IcebergEvents of(String location, Configuration hadoop) {
    return new IcebergEvents(IcebergSource.at(location, hadoop, READER), null, null, null);
  }

  /** The events of {@code table} as your catalog loaded it (Hive, Glue, REST, Nessie, JDBC, Hadoop). */
  public static IcebergEvents of(Table table) {
    return new IcebergEvents(IcebergSource.of(table, READER), null, null, null);
  }

  /** The INT or BIGINT column holding the entity (account, customer) id. */
  public IcebergEvents entityColumn(String column) {
    return new IcebergEvents(source, Objects.requireNonNull(column, "entityColumn"), validTimeColumn, atSnapshot);
  }

  /** The DATE or TIMESTAMP column that says when a row's value became valid. */
  public IcebergEvents validTimeColumn(String column) {
    return new IcebergEvents(source, entityColumn, Objects.requireNonNull(column, "validTimeColumn"), atSnapshot);
  }

  /** Reads the snapshots up to this one (and its ancestors) instead of the current one. */
  public IcebergEvents atSnapshot(long snapshotId) {
    return new IcebergEvents(source, entityColumn, validTimeColumn, snapshotId);
  }

  /** The numeric feature {@code valueColumn} as an event log named after it; a NULL value is missing. */
  public EventLog numeric(String valueColumn) {
    if (entityColumn == null || validTimeColumn == null) {
      throw new IllegalArgumentException("the events of the Iceberg table '" + source.describe() + "' need an "
          + "entity column and a valid-time column named: call .entityColumn(\"account_id\")"
          + ".validTimeColumn(\"day\") first. Nothing was read.");
    }
    Objects.requireNonNull(valueColumn, "valueColumn");
    IcebergSource.Opened opened = source.open();
    String name = opened.name();
    Schema schema = opened.metadata().schema();
    require(name, schema, entityColumn, ENTITIES, "an entity column (INT or BIGINT)", "entityColumn");
    require(name, schema, validTimeColumn, TIMES, "a valid-time column (DATE or TIMESTAMP)", "validTimeColumn");
    require(name, schema, valueColumn, NUMBERS, "a numeric value column (INT, BIGINT, FLOAT, DOUBLE, DECIMAL)",
        "numeric");
    IcebergSnapshots snapshots = new IcebergSnapshots(opened.table(), opened.metadata(), name,
        new IcebergColumns(null, null));
    Snapshot head = snapshots.head(atSnapshot);
    TransactionTimeEvents events = new TransactionTimeEvents("the Iceberg table '" + name + "'", valueColumn);
    if (head == null) {
      return events.build();
    }
    List<Snapshot> lineage = snapshots.lineage(head);
    Snapshot oldest = lineage.get(0);
    if (oldest.parentId() != null) {
      throw new IllegalArgumentException("the Iceberg table '" + name + "' cannot give each value the commit time "
          + "that made it visible: snapshot expiry removed the snapshots before snapshot " + oldest.snapshotId()
          + " (the oldest ancestor kept, committed " + Instant.ofEpochMilli(oldest.timestampMillis()) + "; "
          + snapshots.retention() + "), so the rows written before it have no known commit time. Keep the "
          + "snapshots from the table's creation (" + snapshots.retentionFix() + ") and read a table whose "
          + "snapshots were not expired. Nothing was built.");
    }
    List<IcebergSnapshots.Move> moves = snapshots.movesWithoutCommit(head, Long.MIN_VALUE);
    if (!moves.isEmpty()) {
      IcebergSnapshots.Move move = moves.get(0);
      throw new IllegalArgumentException("the Iceberg table '" + name + "' cannot give each value the commit time "
          + "that made it visible: its current snapshot moved from snapshot " + move.before().snapshotId()
          + " to snapshot " + move.after().snapshotId() + " at "
          + Instant.ofEpochMilli(move.after().timestampMillis()) + " without a commit on top of it (a rollback, "
          + "set_current_snapshot, or the table replaced), so what the table showed between the snapshots read "
          + "is not their commits alone. Read a snapshot before the move with atSnapshot(" + move.before().snapshotId()
          + "), or a table whose history has no rollback. Nothing was built.");
    }
    IcebergReplay replay = new IcebergReplay(opened.table(), name, snapshots, schema, entityColumn,
        validTimeColumn, valueColumn);
    for (Snapshot snapshot : lineage) {
      replay.apply(snapshot, events);
    }
    return events.build();
  }

  private static void require(String table, Schema schema, String column, Set<Type.TypeID> types, String what,
      String method) {
    Types.NestedField field = schema.findField(column);
    if (field == null || !types.contains(field.type().typeId())) {
      throw new IllegalArgumentException("'" + column + "' is not " + what + " of the Iceberg table '" + table
          + "' (" + (field == null ? "no such column; its columns: " + schema.columns().stream()
              .map(Types.NestedField::name).toList() : "it is a " + field.type()) + "). Name one with "
          + method + "(...). Nothing was read.");
    }
  }
}
