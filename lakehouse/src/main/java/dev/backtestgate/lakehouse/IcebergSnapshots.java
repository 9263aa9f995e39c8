package dev.backtestgate.lakehouse;

import dev.backtestgate.history.LogCommit;
import dev.backtestgate.history.ReadProgress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.DataOperations;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.HistoryEntry;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotChanges;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Reads an Iceberg table's snapshot log at one fixed table metadata: the current snapshot (or the one asked for)
 * and its ancestors the metadata still keeps, oldest first, each with the data and delete files it added and
 * removed (from its manifests, through Iceberg's Java API, so any catalog and file system Iceberg reads works).
 */
final class IcebergSnapshots {
  /** The table format versions this reader reads exactly. */
  static final int NEWEST_FORMAT = 3;

  private final Table table;
  private final TableMetadata metadata;
  private final String name;
  private final IcebergColumns columns;

  IcebergSnapshots(Table table, TableMetadata metadata, String name, IcebergColumns columns) {
    this.table = table;
    this.metadata = metadata;
    this.name = name;
    this.columns = columns;
  }

  /** The snapshot read: {@code atSnapshot} when not {@code null}, else the current one ({@code null} if none). */
  Snapshot head(Long atSnapshot) {
    if (atSnapshot == null) {
      return metadata.currentSnapshot();
    }
    Snapshot snapshot = metadata.snapshot(atSnapshot);
    if (snapshot == null) {
      throw new IllegalArgumentException("the Iceberg table '" + name + "' keeps no snapshot " + atSnapshot
          + " (it keeps " + describeKept() + "): read a snapshot the table still keeps with atSnapshot(...), or "
          + "leave atSnapshot out to read the current one.");
    }
    return snapshot;
  }

  /** The ancestors of {@code head} the metadata keeps, oldest first, ending with {@code head}. */
  List<Snapshot> lineage(Snapshot head) {
    List<Snapshot> lineage = new ArrayList<>();
    for (Snapshot s = head; s != null; s = s.parentId() == null ? null : metadata.snapshot(s.parentId())) {
      lineage.add(s);
    }
    Collections.reverse(lineage);
    return lineage;
  }

  /**
   * The log of {@code lineage}: every snapshot and the files it changed.
   *
   * @param fromStart whether the log holds every snapshot the window asks for
   */
  TableLog read(Snapshot head, List<Snapshot> lineage, boolean fromStart) {
    return read(head, lineage, fromStart, ReadProgress.NONE);
  }

  /** {@link #read(Snapshot, List, boolean)}, telling {@code progress} after each snapshot. */
  TableLog read(Snapshot head, List<Snapshot> lineage, boolean fromStart, ReadProgress progress) {
    List<TableLog.Commit> commits = new ArrayList<>();
    long rows = 0;
    for (Snapshot snapshot : lineage) {
      TableLog.Commit commit = commit(snapshot);
      commits.add(commit);
      rows += commit.rows();
      progress.commitRead(commits.size(), lineage.size(), rows);
    }
    long firstReadable = lineage.isEmpty() ? -1 : lineage.get(0).snapshotId();
    return new TableLog(name, "iceberg", head == null ? -1 : head.snapshotId(), commits, firstReadable, fromStart,
        retention(), retentionFix(), metadata.properties(), List.of());
  }

  static LogCommit logCommit(Snapshot snapshot) {
    Map<String, String> summary = snapshot.summary() == null ? Map.of() : snapshot.summary();
    String engine = summary.containsKey("engine-name")
        ? (summary.get("engine-name") + " " + summary.getOrDefault("engine-version", "")).trim()
        : summary.getOrDefault("iceberg-version", "");
    if (summary.containsKey("app-id")) {
      engine = engine + (engine.isEmpty() ? "" : ", ") + "app-id " + summary.get("app-id");
    }
    return new LogCommit(snapshot.snapshotId(), Instant.ofEpochMilli(snapshot.timestampMillis()),
        snapshot.operation() == null ? "unknown" : snapshot.operation(), "", engine);
  }

  private TableLog.Commit commit(Snapshot snapshot) {
    SnapshotChanges changes = SnapshotChanges.builderFor(table).snapshot(snapshot).build();
    List<FileChange> files = new ArrayList<>();
    for (ContentFile<?> file : changes.addedDataFiles()) {
      files.add(change(file, true));
    }
    for (ContentFile<?> file : changes.removedDataFiles()) {
      files.add(change(file, false));
    }
    boolean replace = DataOperations.REPLACE.equals(snapshot.operation());
    if (replace) {
      List<FileChange> removedDeletes = new ArrayList<>();
      for (ContentFile<?> file : changes.removedDeleteFiles()) {
        FileChange d = change(file, file.content() == FileContent.EQUALITY_DELETES);
        removedDeletes.add(d);
      }
      files = IcebergCompaction.judge(files, removedDeletes);
    } else {
      for (ContentFile<?> file : changes.addedDeleteFiles()) {
        files.add(change(file, false));   // a delete file removes the rows it names
      }
    }
    return new TableLog.Commit(logCommit(snapshot), files, null, false, List.of());
  }

  private FileChange change(ContentFile<?> file, boolean added) {
    PartitionSpec spec = metadata.specsById().get(file.specId());
    return new FileChange(partition(file), validFrom(spec, file), file.recordCount(), added, true);
  }

  /** The earliest valid time of the file's rows, from its partition value or its lower bound; null if unknown. */
  private Instant validFrom(PartitionSpec spec, ContentFile<?> file) {
    Types.NestedField column = columns.validTime() == null ? null : metadata.schema().findField(columns.validTime());
    if (column == null) {
      return null;
    }
    if (spec != null) {
      List<PartitionField> fields = spec.fields();
      for (int i = 0; i < fields.size(); i++) {
        PartitionField field = fields.get(i);
        if (field.sourceId() == column.fieldId()) {
          Instant from = fromPartition(field.transform().toString(), column.type(),
              file.partition().get(i, Object.class));
          if (from != null) {
            return from;
          }
        }
      }
    }
    ByteBuffer lower = file.lowerBounds() == null ? null : file.lowerBounds().get(column.fieldId());
    return lower == null ? null : instant(column.type(), Conversions.fromByteBuffer(column.type(), lower));
  }

  private static Instant fromPartition(String transform, Type source, Object value) {
    if (value == null) {
      return null;
    }
    long n = ((Number) value).longValue();
    return switch (transform) {
      case "identity" -> instant(source, value);
      case "day" -> Instant.EPOCH.plus(Duration.ofDays(n));
      case "hour" -> Instant.EPOCH.plus(Duration.ofHours(n));
      case "month" -> LocalDate.of(1970, 1, 1).plusMonths(n).atStartOfDay(ZoneOffset.UTC).toInstant();
      case "year" -> LocalDate.of(1970, 1, 1).plusYears(n).atStartOfDay(ZoneOffset.UTC).toInstant();
      default -> null;   // bucket, truncate, void: the partition says nothing about time
    };
  }

  private static Instant instant(Type type, Object value) {
    long n = ((Number) value).longValue();
    return switch (type.typeId()) {
      case DATE -> Instant.EPOCH.plus(Duration.ofDays(n));
      case TIMESTAMP -> Instant.EPOCH.plus(n, ChronoUnit.MICROS);
      case TIMESTAMP_NANO -> Instant.EPOCH.plusNanos(n);
      default -> null;
    };
  }

  String retention() {
    String age = metadata.properties().get(TableProperties.MAX_SNAPSHOT_AGE_MS);
    long ms;
    try {
      ms = age == null ? TableProperties.MAX_SNAPSHOT_AGE_MS_DEFAULT : Long.parseLong(age.trim());
    } catch (NumberFormatException e) {
      return TableProperties.MAX_SNAPSHOT_AGE_MS + " = '" + age + "' (not a number of milliseconds)";
    }
    return TableProperties.MAX_SNAPSHOT_AGE_MS + " = " + ms + " (" + Duration.ofMillis(ms).toDays() + " days"
        + (age == null ? ", the default" : "") + "), applied whenever snapshots are expired (expireSnapshots(), "
        + "the expire_snapshots procedure)";
  }

  String retentionFix() {
    return "table.updateProperties().set(\"" + TableProperties.MAX_SNAPSHOT_AGE_MS + "\", \"31536000000\")"
        + ".commit() (365 days; in Spark SQL: ALTER TABLE <catalog>.<db>.<table> SET TBLPROPERTIES ('"
        + TableProperties.MAX_SNAPSHOT_AGE_MS + "' = '31536000000')), and expire with expireOlderThan no later "
        + "than the oldest window a backtest reads";
  }

  /** The snapshots kept, in words, for messages. */
  String describeKept() {
    List<Snapshot> kept = new ArrayList<>();
    metadata.snapshots().forEach(kept::add);
    if (kept.isEmpty()) {
      return "no snapshot";
    }
    kept.sort((a, b) -> Long.compare(a.timestampMillis(), b.timestampMillis()));
    Snapshot oldest = kept.get(0);
    return kept.size() + " snapshot(s), the oldest " + oldest.snapshotId() + " committed "
        + Instant.ofEpochMilli(oldest.timestampMillis());
  }

  /** The snapshot {@code id}, or {@code null} when the metadata does not keep it. */
  Snapshot snapshot(long id) {
    return metadata.snapshot(id);
  }

  /** The partition path of a file, as findings name it, e.g. {@code day=2024-01-01}. */
  String partition(ContentFile<?> file) {
    PartitionSpec spec = metadata.specsById().get(file.specId());
    return spec == null || spec.isUnpartitioned() ? "(unpartitioned)" : spec.partitionToPath(file.partition());
  }

  /**
   * The moves of the table's current snapshot, up to {@code head} and at or after {@code fromMillis}, to a
   * snapshot that does not descend from the one before (a rollback, set_current_snapshot, the table replaced):
   * changes no snapshot of the read lineage records.
   */
  List<Move> movesWithoutCommit(Snapshot head, long fromMillis) {
    List<HistoryEntry> log = metadata.snapshotLog();
    int last = log.size() - 1;
    if (head != null) {
      while (last >= 0 && log.get(last).snapshotId() != head.snapshotId()) {
        last--;
      }
    }
    List<Move> moves = new ArrayList<>();
    for (int i = 1; i <= last; i++) {
      HistoryEntry before = log.get(i - 1);
      HistoryEntry after = log.get(i);
      if (after.timestampMillis() >= fromMillis && !descends(after.snapshotId(), before.snapshotId())) {
        moves.add(new Move(before, after));
      }
    }
    return moves;
  }

  /** The current snapshot moved from {@code before} to {@code after} without a commit on top of it. */
  record Move(HistoryEntry before, HistoryEntry after) {}

  /** Whether {@code ancestor} is {@code snapshot} or one of the ancestors the metadata keeps. */
  private boolean descends(long snapshot, long ancestor) {
    Set<Long> seen = new HashSet<>();
    for (Snapshot s = metadata.snapshot(snapshot); s != null && seen.add(s.snapshotId());
        s = s.parentId() == null ? null : metadata.snapshot(s.parentId())) {
      if (s.snapshotId() == ancestor) {
        return true;
      }
    }
    return false;
  }
}
