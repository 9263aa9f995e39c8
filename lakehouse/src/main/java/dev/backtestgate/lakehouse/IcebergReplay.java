package dev.backtestgate.lakehouse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotChanges;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.BaseDeleteLoader;
import org.apache.iceberg.data.DeleteLoader;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Replays an Iceberg table's snapshots, oldest first, as row changes: the live rows of each data file a snapshot
 * removed, the rows of each data file it added (less the rows deletes already hide), and the rows its position
 * deletes (files or deletion vectors) and equality deletes hide. Equality deletes must delete by exactly the entity
 * and valid-time columns, so the rows they hide are known; they hide rows of files with an older data sequence
 * number, as Iceberg reads them. A delete file a snapshot removes stops hiding rows (a deletion vector replaced by
 * a larger one hides no fewer; one removed outside a rewrite brings its rows back). A {@code replace} (compaction)
 * removes and adds the same rows, so it changes no as-of value and {@link TransactionTimeEvents} writes nothing for
 * it.
 */
final class IcebergReplay {
  private final Table table;
  private final String name;
  private final IcebergSnapshots snapshots;
  private final Schema projection;
  private final Types.NestedField entity;
  private final Types.NestedField validTime;
  private final Types.NestedField value;
  private final DeleteLoader deletes;
  private final Map<String, LiveFile> live = new HashMap<>();
  private final Map<String, EqualityDelete> equalityDeletes = new LinkedHashMap<>();

  IcebergReplay(Table table, String name, IcebergSnapshots snapshots, Schema schema, String entityColumn,
      String validTimeColumn, String valueColumn) {
    this.table = table;
    this.name = name;
    this.snapshots = snapshots;
    this.entity = schema.findField(entityColumn);
    this.validTime = schema.findField(validTimeColumn);
    this.value = schema.findField(valueColumn);
    this.projection = schema.select(entityColumn, validTimeColumn, valueColumn);
    this.deletes = new BaseDeleteLoader(file -> table.io().newInputFile(file));
  }

  /** Applies the changes of {@code snapshot} to {@code events} as one commit at the snapshot's commit time. */
  void apply(Snapshot snapshot, TransactionTimeEvents events) {
    SnapshotChanges changes = SnapshotChanges.builderFor(table).snapshot(snapshot).build();
    events.begin("snapshot " + snapshot.snapshotId(), snapshot.timestampMillis());
    for (DataFile file : changes.removedDataFiles()) {
      LiveFile gone = live.remove(file.location());
      if (gone == null) {
        throw inconsistent(snapshot, "it removes the data file " + file.location() + ", which no snapshot before "
            + "added");
      }
      gone.removeLive(events);
    }
    List<String> removedDeletes = new ArrayList<>();
    for (DeleteFile file : changes.removedDeleteFiles()) {
      equalityDeletes.remove(file.location());
      removedDeletes.add(file.location());
    }
    List<DeleteFile> positionDeletes = new ArrayList<>();
    List<EqualityDelete> newEqualityDeletes = new ArrayList<>();
    for (DeleteFile file : changes.addedDeleteFiles()) {
      if (file.content() == FileContent.EQUALITY_DELETES) {
        EqualityDelete delete = equalityDelete(file, snapshot);
        equalityDeletes.put(file.location(), delete);
        newEqualityDeletes.add(delete);
      } else {
        positionDeletes.add(file);
      }
    }
    for (DeleteFile file : positionDeletes) {
      for (LiveFile target : targets(file, live.values())) {
        target.hide(file.location(), positions(file, target, snapshot), events);
      }
    }
    for (EqualityDelete delete : newEqualityDeletes) {
      for (LiveFile target : live.values()) {
        delete.hide(target, events);
      }
    }
    for (String delete : removedDeletes) {   // after the new deletes: a replaced deletion vector hides no less
      for (LiveFile file : live.values()) {
        file.unhide(delete, events);
      }
    }
    List<LiveFile> added = new ArrayList<>();
    for (DataFile file : changes.addedDataFiles()) {
      LiveFile rows = read(file, snapshot);
      for (EqualityDelete delete : equalityDeletes.values()) {
        delete.hide(rows, null);
      }
      added.add(rows);
    }
    for (DeleteFile file : positionDeletes) {
      for (LiveFile target : targets(file, added)) {
        target.hide(file.location(), positions(file, target, snapshot), null);
      }
    }
    for (LiveFile rows : added) {
      live.put(rows.path, rows);
      rows.addLive(events);
    }
    events.end();
  }

  private PositionDeleteIndex positions(DeleteFile delete, LiveFile target, Snapshot snapshot) {
    PositionDeleteIndex index;
    try {
      index = deletes.loadPositionDeletes(List.of(delete), target.path);
    } catch (UncheckedIOException | NotFoundException e) {
      throw unreadable(delete.location(), snapshot, e);
    }
    index.forEach(position -> {
      if (position < 0 || position >= target.size) {
        throw inconsistent(snapshot, "its delete file " + delete.location() + " deletes row position " + position
            + " of the data file " + target.path + ", which holds " + target.size + " rows");
      }
    });
    return index;
  }

  /** The files among {@code files} a position delete file may name: the one it references, or its partition's. */
  private List<LiveFile> targets(DeleteFile delete, Iterable<LiveFile> files) {
    String partition = partitionOf(delete);
    List<LiveFile> targets = new ArrayList<>();
    for (LiveFile file : files) {
      if (delete.referencedDataFile() != null ? delete.referencedDataFile().equals(file.path)
          : file.partition.equals(partition)) {
        targets.add(file);
      }
    }
    return targets;
  }

  private String partitionOf(ContentFile<?> file) {
    return file.specId() + ":" + snapshots.partition(file);
  }

  private static long sequence(ContentFile<?> file, Snapshot snapshot) {
    return file.dataSequenceNumber() != null ? file.dataSequenceNumber() : snapshot.sequenceNumber();
  }

  private LiveFile read(DataFile file, Snapshot snapshot) {
    if (file.format() != FileFormat.PARQUET) {
      throw new IllegalArgumentException("the Iceberg table '" + name + "' has a " + file.format() + " data file "
          + "added by snapshot " + snapshot.snapshotId() + " (" + file.location() + "): IcebergEvents reads "
          + "Parquet data files only, so its transaction-time events cannot be built. Write the table's data "
          + "files as Parquet (write.format.default = parquet, the default).");
    }
    LiveFile rows = new LiveFile(file.location(), partitionOf(file), sequence(file, snapshot));
    forEach(file.location(), projection, snapshot, row -> {
      Object e = row.getField(entity.name());
      Object v = row.getField(validTime.name());
      if (e == null || v == null) {
        throw new IllegalArgumentException("the Iceberg table '" + name + "' has a row with no "
            + (e == null ? entity.name() : validTime.name()) + " in snapshot " + snapshot.snapshotId() + " ("
            + file.location() + "): every event needs an entity and a valid time. Fill the column or filter "
            + "those rows out of the table.");
      }
      Object x = row.getField(value.name());
      rows.append(((Number) e).longValue(), millis(validTime.type(), v),
          x == null ? Double.NaN : ((Number) x).doubleValue());
    });
    return rows;
  }

  private EqualityDelete equalityDelete(DeleteFile file, Snapshot snapshot) {
    Set<Integer> fields = new HashSet<>(file.equalityFieldIds());
    if (!fields.equals(Set.of(entity.fieldId(), validTime.fieldId()))) {
      List<String> names = file.equalityFieldIds().stream().map(id -> table.schemas().values().stream()
          .map(s -> s.findColumnName(id)).filter(n -> n != null).findFirst().orElse("field " + id)).toList();
      throw new IllegalArgumentException("the Iceberg table '" + name + "' has an equality delete file added by "
          + "snapshot " + snapshot.snapshotId() + " that deletes rows by " + names + ", not by the entity and "
          + "valid-time columns (" + entity.name() + ", " + validTime.name() + ")"
          + (fields.contains(validTime.fieldId()) ? "" : ", so the valid time of the rows it deletes is unknown")
          + ": IcebergEvents cannot tell which rows it hid, so no transaction-time events are built. Have the "
          + "writer delete by (" + entity.name() + ", " + validTime.name() + ") (e.g. make them the table's "
          + "identifier fields for Flink upserts), or use position deletes (merge-on-read) or copy-on-write.");
    }
    if (file.format() != FileFormat.PARQUET) {
      throw new IllegalArgumentException("the Iceberg table '" + name + "' has a " + file.format() + " equality "
          + "delete file added by snapshot " + snapshot.snapshotId() + " (" + file.location() + "): IcebergEvents "
          + "reads Parquet delete files only. Write delete files as Parquet (write.delete.format.default).");
    }
    Schema keys = projection.select(entity.name(), validTime.name());
    Set<Key> hidden = new HashSet<>();
    forEach(file.location(), keys, snapshot, row -> {
      Object e = row.getField(entity.name());
      Object v = row.getField(validTime.name());
      if (e != null && v != null) {
        hidden.add(new Key(((Number) e).longValue(), millis(validTime.type(), v)));
      }
    });
    String partition = table.specs().get(file.specId()).isUnpartitioned() ? null : partitionOf(file);
    return new EqualityDelete(file.location(), sequence(file, snapshot), partition, hidden);
  }

  /** Hands each row of the Parquet file at {@code location}, read with {@code schema}, to {@code action}. */
  private void forEach(String location, Schema schema, Snapshot snapshot, Consumer<Record> action) {
    CloseableIterable<Record> records;
    try {
      records = Parquet.read(table.io().newInputFile(location)).project(schema)
          .createReaderFunc(type -> GenericParquetReaders.buildReader(schema, type)).build();
    } catch (UncheckedIOException | NotFoundException e) {
      throw unreadable(location, snapshot, e);
    }
    try (records) {
      for (Record row : records) {
        action.accept(row);
      }
    } catch (IOException | UncheckedIOException | NotFoundException e) {
      throw unreadable(location, snapshot, e);
    }
  }

  /** The table's own files disagree at {@code snapshot}: what was found, and what to do. */
  private IllegalStateException inconsistent(Snapshot snapshot, String found) {
    return new IllegalStateException("the Iceberg table '" + name + "' could not be replayed at snapshot "
        + snapshot.snapshotId() + ": " + found + ". The table's files disagree, so no transaction-time events are "
        + "built from them (events guessed around the gap could date a value too early). Compare the table AS OF "
        + "snapshot " + snapshot.snapshotId() + " with its parent in Spark or another Iceberg reader, and repair the "
        + "table's metadata; until then, build the training set from a copy of the table loaded append-only.");
  }

  private IllegalStateException unreadable(String location, Snapshot snapshot, Exception e) {
    return new IllegalStateException("the Iceberg table '" + name + "' could not be read at snapshot "
        + snapshot.snapshotId() + ": its file " + location + " is unreadable ("
        + String.valueOf(e.getMessage()).lines().findFirst().orElse("") + "). Transaction-time events need every "
        + "file every snapshot added, from the table's creation on: do not delete them (orphan-file removal, "
        + "manual cleanup) while the table's history is read.", e);
  }

  /** A DATE, TIMESTAMP or TIMESTAMP_NANO value in epoch milliseconds, as the generic readers hand it over. */
  static long millis(Type type, Object value) {
    if (value instanceof LocalDate day) {
      return day.toEpochDay() * 86_400_000L;
    }
    if (value instanceof OffsetDateTime time) {
      return time.toInstant().toEpochMilli();
    }
    if (value instanceof LocalDateTime time) {
      return time.toInstant(ZoneOffset.UTC).toEpochMilli();
    }
    if (value instanceof Instant time) {
      return time.toEpochMilli();
    }
    long n = ((Number) value).longValue();
    return switch (type.typeId()) {
      case DATE -> n * 86_400_000L;
      case TIMESTAMP -> Math.floorDiv(n, 1000L);
      case TIMESTAMP_NANO -> Math.floorDiv(n, 1_000_000L);
      default -> throw new IllegalArgumentException("not a date or timestamp type: " + type);
    };
  }

  private record Key(long entity, long validFrom) {}

  /** An equality delete file's keys; it hides rows of files in its partition (null: all) with an older sequence. */
  private record EqualityDelete(String path, long sequence, String partition, Set<Key> keys) {
    /** Hides the matching rows of {@code file}; reports newly hidden ones to {@code events} unless it is null. */
    void hide(LiveFile file, TransactionTimeEvents events) {
      if (file.sequence >= sequence || (partition != null && !partition.equals(file.partition))) {
        return;
      }
      BitSet matches = new BitSet();
      for (int i = 0; i < file.size; i++) {
        if (keys.contains(new Key(file.entity[i], file.validFrom[i]))) {
          matches.set(i);
        }
      }
      file.hide(path, matches, events);
    }
  }

  /** A data file the replayed snapshot holds: its rows and which of them deletes hide. */
  private static final class LiveFile {
    final String path;
    final String partition;
    final long sequence;
    final Map<String, BitSet> hiddenBy = new HashMap<>();
    BitSet hidden = new BitSet();
    long[] entity = new long[0];
    long[] validFrom = new long[0];
    double[] value = new double[0];
    int size;

    LiveFile(String path, String partition, long sequence) {
      this.path = path;
      this.partition = partition;
      this.sequence = sequence;
    }

    void append(long e, long v, double x) {
      if (size == entity.length) {
        int capacity = Math.max(16, size * 2);
        entity = Arrays.copyOf(entity, capacity);
        validFrom = Arrays.copyOf(validFrom, capacity);
        value = Arrays.copyOf(value, capacity);
      }
      entity[size] = e;
      validFrom[size] = v;
      value[size] = x;
      size++;
    }

    /** Hides the rows at the positions {@code index} names, as delete file {@code delete} does. */
    void hide(String delete, PositionDeleteIndex index, TransactionTimeEvents events) {
      BitSet positions = new BitSet();
      index.forEach(position -> positions.set((int) position)); // in range: checked when the index was loaded
      hide(delete, positions, events);
    }

    /** Hides the rows at {@code positions}; reports newly hidden ones to {@code events} unless it is null. */
    void hide(String delete, BitSet positions, TransactionTimeEvents events) {
      if (positions.isEmpty()) {
        return;
      }
      hiddenBy.merge(delete, positions, (a, b) -> {
        a.or(b);
        return a;
      });
      BitSet fresh = (BitSet) positions.clone();
      fresh.andNot(hidden);
      hidden.or(positions);
      if (events != null) {
        fresh.stream().forEach(i -> events.remove(entity[i], validFrom[i]));
      }
    }

    /** The delete file {@code delete} is gone: the rows only it hid are visible again. */
    void unhide(String delete, TransactionTimeEvents events) {
      if (hiddenBy.remove(delete) == null) {
        return;
      }
      BitSet now = new BitSet();
      hiddenBy.values().forEach(now::or);
      BitSet back = (BitSet) hidden.clone();
      back.andNot(now);
      hidden = now;
      back.stream().forEach(i -> events.add(entity[i], validFrom[i], value[i]));
    }

    void removeLive(TransactionTimeEvents events) {
      for (int i = hidden.nextClearBit(0); i < size; i = hidden.nextClearBit(i + 1)) {
        events.remove(entity[i], validFrom[i]);
      }
    }

    void addLive(TransactionTimeEvents events) {
      for (int i = hidden.nextClearBit(0); i < size; i = hidden.nextClearBit(i + 1)) {
        events.add(entity[i], validFrom[i], value[i]);
      }
    }
  }
}
