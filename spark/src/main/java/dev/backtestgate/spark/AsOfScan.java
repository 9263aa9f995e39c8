package dev.backtestgate.spark;

import dev.backtestgate.time.AsOfRule;
import java.io.Serializable;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import org.apache.spark.Dependency;
import org.apache.spark.OneToOneDependency;
import org.apache.spark.ShuffleDependency;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.catalyst.CatalystTypeConverters;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.ShuffledRowRDD;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import scala.Function1;

/**
 * The two passes of {@link SparkPointInTimeJoin} over one feature's merged rows (events and spine rows),
 * range-partitioned and sorted by (entity, time, kind, validFrom, recordedAt, eventId, tie). Pass 1 reads the
 * range shuffle's output unsorted ({@link SummarizeUnsorted}), pass 2 the same output sorted ({@link Join}):
 * one shuffle, one sort.
 *
 * <p>Row layout ({@link #ENTITY} .. {@link #SPINE}): the entity; the time (an event's availability
 * max(validFrom, recordedAt), a spine row's effective time t - lag, null when that overflows); the kind (0
 * event, 1 spine row, so that an event available at e sorts before a row at e); an event's validFrom,
 * recordedAt and id; a spine row's tie-breaker (a hash, only to spread equal keys); a spine row's decision
 * time; an event's value; a spine row's columns as a struct.
 *
 * <p>The as-of rule itself is {@link AsOfRule}'s, the same code the in-memory join runs: the tie order
 * ({@link AsOfRule#beats}) and the time-to-live ({@link AsOfRule#fresh}) are called here; the availability time
 * (SQL {@code greatest(validFrom, recordedAt)}, {@link AsOfRule#availableAt}) and the effective time (SQL
 * {@code try_subtract(t, lag)}, null exactly where {@link AsOfRule#representable} is false) are the column forms
 * that the sort key needs, and the kind order (an event before a row at the same time) is
 * {@link AsOfRule#qualifies}' {@code available <= e}.
 */
final class AsOfScan {
  static final int ENTITY = 0;
  static final int TIME = 1;
  static final int KIND = 2;
  static final int VALID_FROM = 3;
  static final int RECORDED_AT = 4;
  static final int EVENT_ID = 5;
  static final int TIE = 6;
  static final int DECISION_TIME = 7;
  static final int VALUE = 8;
  static final int SPINE = 9;

  static final int EVENT = 0;
  static final int SPINE_ROW = 1;

  /** Marks "no time-to-live". */
  static final long NO_TTL = AsOfRule.NO_TTL;

  private AsOfScan() {}

  /** The best event of one entity so far: greatest (validFrom, recordedAt, eventId). */
  static final class Best implements Serializable {
    private static final long serialVersionUID = 1L;

    final Object entity;
    final long validFrom;
    final long recordedAt;
    final long eventId;
    final Object value;

    Best(Object entity, long validFrom, long recordedAt, long eventId, Object value) {
      this.entity = entity;
      this.validFrom = validFrom;
      this.recordedAt = recordedAt;
      this.eventId = eventId;
      this.value = value;
    }

    static Best of(Row event) {
      return new Best(
          event.get(ENTITY), event.getLong(VALID_FROM), event.getLong(RECORDED_AT), event.getLong(EVENT_ID),
          event.get(VALUE));
    }

    /** Whether event (v, r, id) beats this one by the as-of rule's tie order; the entity must be the same. */
    boolean beatenBy(long v, long r, long id) {
      return AsOfRule.beats(v, r, id, validFrom, recordedAt, eventId);
    }

    /** The greater of {@code a} and {@code b} (either may be null; {@code a} when they are equal). */
    static Best max(Best a, Best b) {
      if (a == null) {
        return b;
      }
      if (b == null) {
        return a;
      }
      return a.beatenBy(b.validFrom, b.recordedAt, b.eventId) ? b : a;
    }
  }

  /** What pass 1 learns about one partition: its entity range, its last entity's best event, bad rows. */
  static final class Summary implements Serializable {
    private static final long serialVersionUID = 1L;

    final int partition;
    long rows;
    Object lastEntity;
    /** The best event of {@link #lastEntity} in this partition, or null. */
    Best lastBest;
    /** Whether every row of the partition belongs to {@link #lastEntity}. */
    boolean oneEntity = true;

    long nullEntities;
    long nullDecisionTimes;
    long unrepresentable;
    long nullEventFields;
    long duplicateIds;
    /** The best event of {@link #lastEntity} as an internal row, until the driver converts it. */
    InternalRow lastBestRow;
    /**
     * Events whose (entity, validFrom, recordedAt, eventId) fingerprint repeats another's in an unsorted scan:
     * a duplicate or a fingerprint collision, so an exact sorted scan must decide.
     */
    long possibleDuplicates;
    String example;

    Summary(int partition) {
      this.partition = partition;
    }

    void problem(String what) {
      if (example == null) {
        example = what;
      }
    }

    void noEntity(String row) {
      nullEntities++;
      problem(row + " has no entity");
    }

    /** Counts a spine row without a usable effective time; false when the row is fine. */
    boolean badSpineRow(boolean noDecisionTime, boolean noEffectiveTime, Object spine, Object decisionTime) {
      if (noDecisionTime) {
        nullDecisionTimes++;
        problem("spine row " + spine + " has no decision time");
        return true;
      }
      if (noEffectiveTime) {
        unrepresentable++;
        problem("spine row " + spine + ": decision time " + decisionTime
            + " minus the availability lag is before the earliest representable time");
        return true;
      }
      return false;
    }

    void eventWithoutTimeOrId(Object entity, Object id, Object validFrom, Object recordedAt) {
      nullEventFields++;
      problem("event of entity " + entity + " (id " + id + ", validFrom " + validFrom + ", recordedAt "
          + recordedAt + ") lacks a time or an id");
    }
  }

  /**
   * Pass 1 over the sorted rows; exact. It runs when the unsorted scan ({@link SummarizeUnsorted}) cannot: its
   * shuffle output is not reachable, the entity's collation does not order by bytes, or it saw a possible
   * duplicate event that only an exact comparison of neighbours can confirm.
   */
  static final class Summarize implements Function2<Integer, Iterator<Row>, Iterator<Summary>> {
    private static final long serialVersionUID = 1L;

    @Override
    public Iterator<Summary> call(Integer partition, Iterator<Row> rows) {
      Summary s = new Summary(partition);
      Row previous = null;
      while (rows.hasNext()) {
        Row row = rows.next();
        s.rows++;
        boolean event = row.getInt(KIND) == EVENT;
        if (row.isNullAt(ENTITY)) {
          s.noEntity(event ? "event id " + row.get(EVENT_ID) : "spine row " + row.get(SPINE));
          continue;
        }
        Object entity = row.get(ENTITY);
        if (!entity.equals(s.lastEntity)) {
          s.oneEntity = s.lastEntity == null;
          s.lastEntity = entity;
          s.lastBest = null;
        }
        if (!event) {
          s.badSpineRow(row.isNullAt(DECISION_TIME), row.isNullAt(TIME), row.get(SPINE), row.get(DECISION_TIME));
          continue;
        }
        if (row.isNullAt(VALID_FROM) || row.isNullAt(RECORDED_AT) || row.isNullAt(EVENT_ID)) {
          s.eventWithoutTimeOrId(entity, row.get(EVENT_ID), row.get(VALID_FROM), row.get(RECORDED_AT));
          continue;
        }
        if (previous != null && sameEvent(previous, row)) {
          s.duplicateIds++;
          s.problem("two events of entity " + entity + " share id " + row.getLong(EVENT_ID) + ", validFrom "
              + row.getLong(VALID_FROM) + " and recordedAt " + row.getLong(RECORDED_AT));
        }
        previous = row;
        s.lastBest = Best.max(s.lastBest, Best.of(row));
      }
      return List.of(s).iterator();
    }

    private static boolean sameEvent(Row a, Row b) {
      return a.getLong(EVENT_ID) == b.getLong(EVENT_ID)
          && a.getLong(VALID_FROM) == b.getLong(VALID_FROM)
          && a.getLong(RECORDED_AT) == b.getLong(RECORDED_AT)
          && a.get(ENTITY).equals(b.get(ENTITY));
    }
  }

  /**
   * Pass 1 over the range shuffle's output before the sort, in Spark's internal row form: the same summary
   * as {@link Summarize} without sorting. A range partition holds one contiguous range of the sort key, so its
   * last entity is its greatest (entities are longs or strings ordered by their UTF-8 bytes, as Spark sorts
   * them), and that entity's best event is the maximum over its events in any order. Duplicate events are
   * found by fingerprint; a repeated fingerprint is only counted as possible, for the sorted pass to confirm.
   */
  static final class SummarizeUnsorted implements Function2<Integer, Iterator<InternalRow>, Iterator<Summary>> {
    private static final long serialVersionUID = 1L;

    private final boolean stringEntity;
    private final DataType valueType;
    private final StructType spineSchema;

    SummarizeUnsorted(DataType entityType, DataType valueType, StructType spineSchema) {
      this.stringEntity = entityType instanceof StringType;
      this.valueType = valueType;
      this.spineSchema = spineSchema;
    }

    @Override
    public Iterator<Summary> call(Integer partition, Iterator<InternalRow> rows) {
      Summary s = new Summary(partition);
      Function1<Object, Object> spine = CatalystTypeConverters.createToScalaConverter(spineSchema);
      int spineFields = spineSchema.size();
      Fingerprints seen = new Fingerprints();
      boolean hasLast = false;
      long lastLong = 0;
      UTF8String lastString = null;
      InternalRow lastBest = null;
      while (rows.hasNext()) {
        InternalRow row = rows.next();
        s.rows++;
        boolean event = row.getInt(KIND) == EVENT;
        if (row.isNullAt(ENTITY)) {
          s.noEntity(event ? "event id " + (row.isNullAt(EVENT_ID) ? null : row.getLong(EVENT_ID))
              : "spine row " + spine.apply(row.getStruct(SPINE, spineFields)));
          continue;
        }
        int order;
        if (stringEntity) {
          UTF8String entity = row.getUTF8String(ENTITY);
          order = hasLast ? entity.binaryCompare(lastString) : 1;
          if (order > 0) {
            lastString = entity.copy();
          }
        } else {
          long entity = row.getLong(ENTITY);
          order = hasLast ? Long.compare(entity, lastLong) : 1;
          if (order > 0) {
            lastLong = entity;
          }
        }
        if (order != 0) {
          s.oneEntity = !hasLast;
          hasLast = true;
        }
        if (order > 0) {
          lastBest = null;
        }
        if (!event) {
          s.badSpineRow(row.isNullAt(DECISION_TIME), row.isNullAt(TIME),
              row.isNullAt(SPINE) ? null : spine.apply(row.getStruct(SPINE, spineFields)),
              row.isNullAt(DECISION_TIME) ? null : row.getLong(DECISION_TIME));
          continue;
        }
        if (row.isNullAt(VALID_FROM) || row.isNullAt(RECORDED_AT) || row.isNullAt(EVENT_ID)) {
          s.eventWithoutTimeOrId(external(row, ENTITY), external(row, EVENT_ID), external(row, VALID_FROM),
              external(row, RECORDED_AT));
          continue;
        }
        long v = row.getLong(VALID_FROM);
        long r = row.getLong(RECORDED_AT);
        long id = row.getLong(EVENT_ID);
        long entityHash = stringEntity ? row.getUTF8String(ENTITY).hashCode() : row.getLong(ENTITY);
        if (!seen.add(Fingerprints.of(entityHash, v, r, id))) {
          s.possibleDuplicates++;
        }
        if (order >= 0 && (lastBest == null || AsOfRule.beats(v, r, id, lastBest.getLong(VALID_FROM),
            lastBest.getLong(RECORDED_AT), lastBest.getLong(EVENT_ID)))) {
          lastBest = row.copy();
        }
      }
      if (hasLast) {
        s.lastEntity = stringEntity ? lastString.toString() : (Object) lastLong;
      }
      if (lastBest != null) {
        // the value stays in Spark's internal form here: the driver converts it, under its own settings
        s.lastBestRow = lastBest;
      }
      return List.of(s).iterator();
    }

    private Object external(InternalRow row, int field) {
      if (row.isNullAt(field)) {
        return null;
      }
      return field == ENTITY && stringEntity ? row.getUTF8String(field).toString() : (Object) row.getLong(field);
    }
  }

  /**
   * Fills in {@link Summary#lastBest} from an unsorted scan's internal row, converting the value to the form a
   * {@code Row} carries (under the calling thread's, that is the driver's, SQL settings).
   */
  static void resolveBest(List<Summary> summaries, DataType valueType) {
    Function1<Object, Object> value = CatalystTypeConverters.createToScalaConverter(valueType);
    for (Summary s : summaries) {
      InternalRow row = s.lastBestRow;
      if (row != null) {
        s.lastBest = new Best(s.lastEntity, row.getLong(VALID_FROM), row.getLong(RECORDED_AT),
            row.getLong(EVENT_ID), row.isNullAt(VALUE) ? null : value.apply(row.get(VALUE, valueType)));
        s.lastBestRow = null;
      }
    }
  }

  /**
   * The RDD that reads the range shuffle under {@code sorted} (Spark's internal rows, before the sort), when
   * every step between them maps partition p to partition p; else null. Both passes then share one shuffle.
   */
  static RDD<InternalRow> shuffleOutput(RDD<?> sorted) {
    RDD<?> current = sorted;
    for (int depth = 0; depth < 64; depth++) {
      if (current.getNumPartitions() != sorted.getNumPartitions() || current.dependencies().size() != 1) {
        return null;
      }
      Dependency<?> dependency = current.dependencies().head();
      if (dependency instanceof ShuffleDependency<?, ?, ?>) {
        @SuppressWarnings("unchecked")
        RDD<InternalRow> rows = current instanceof ShuffledRowRDD ? (RDD<InternalRow>) current : null;
        return rows;
      }
      if (!(dependency instanceof OneToOneDependency<?>)) {
        return null;
      }
      current = dependency.rdd();
    }
    return null;
  }

  /** A set of 64-bit fingerprints: open addressing over a primitive array, no boxing. */
  static final class Fingerprints {
    private long[] slots = new long[1 << 10];
    private boolean hasZero;
    private int size;

    static long of(long entityHash, long validFrom, long recordedAt, long eventId) {
      long h = mix(entityHash);
      h = mix(h ^ validFrom);
      h = mix(h ^ recordedAt);
      return mix(h ^ eventId);
    }

    private static long mix(long z) { // the finaliser of SplitMix64
      z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
      z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
      return z ^ (z >>> 31);
    }

    /** Adds {@code f}; false when it was already there. */
    boolean add(long f) {
      if (f == 0) {
        boolean added = !hasZero;
        hasZero = true;
        return added;
      }
      if (2 * (size + 1) > slots.length) {
        grow();
      }
      if (!insert(slots, f)) {
        return false;
      }
      size++;
      return true;
    }

    private static boolean insert(long[] table, long f) {
      int mask = table.length - 1;
      int i = (int) f & mask;
      while (table[i] != 0) {
        if (table[i] == f) {
          return false;
        }
        i = (i + 1) & mask;
      }
      table[i] = f;
      return true;
    }

    private void grow() {
      long[] bigger = new long[slots.length * 2];
      for (long f : slots) {
        if (f != 0) {
          insert(bigger, f);
        }
      }
      slots = bigger;
    }
  }

  /**
   * The state each partition starts with: the best event of the entity that the previous partitions
   * ended on, over all of them (an entity may span many partitions), or null.
   */
  static Best[] carries(List<Summary> summaries, int partitions) {
    Summary[] byPartition = new Summary[partitions];
    for (Summary s : summaries) {
      byPartition[s.partition] = s;
    }
    // a carry names its entity: a partition that starts with another entity ignores it
    Best[] withEntity = new Best[partitions];
    Object entity = null;
    Best state = null;
    for (int p = 0; p < partitions; p++) {
      withEntity[p] = state;
      Summary s = byPartition[p];
      if (s == null || s.lastEntity == null) {
        continue;
      }
      state = s.oneEntity && s.lastEntity.equals(entity) ? Best.max(state, s.lastBest) : s.lastBest;
      entity = s.lastEntity;
    }
    return withEntity;
  }

  /** Pass 2: the spine rows with the feature's value, knownAt and source event id appended. */
  static final class Join implements Function2<Integer, Iterator<Row>, Iterator<Row>> {
    private static final long serialVersionUID = 1L;

    private final Best[] incoming;
    private final AsOfRule rule;
    private final int spineFields;

    Join(Best[] incoming, long ttl, int spineFields) {
      this.incoming = incoming;
      this.rule = AsOfRule.of(ttl);
      this.spineFields = spineFields;
    }

    @Override
    public Iterator<Row> call(Integer partition, Iterator<Row> rows) {
      Best carried = incoming[partition];
      return new Iterator<>() {
        private Object entity = carried == null ? null : carried.entity;
        private Best best = carried;
        private Row next;

        @Override
        public boolean hasNext() {
          while (next == null && rows.hasNext()) {
            next = advance(rows.next());
          }
          return next != null;
        }

        @Override
        public Row next() {
          if (!hasNext()) {
            throw new NoSuchElementException();
          }
          Row out = next;
          next = null;
          return out;
        }

        private Row advance(Row row) {
          Object rowEntity = row.get(ENTITY);
          if (!Objects.equals(rowEntity, entity)) {
            entity = rowEntity;
            best = null;
          }
          if (row.getInt(KIND) == EVENT) {
            long v = row.getLong(VALID_FROM);
            long r = row.getLong(RECORDED_AT);
            long id = row.getLong(EVENT_ID);
            if (best == null || best.beatenBy(v, r, id)) {
              best = new Best(rowEntity, v, r, id, row.get(VALUE));
            }
            return null;
          }
          return output(row.getStruct(SPINE), row.getLong(TIME));
        }

        private Row output(Row spine, long effective) {
          Object[] values = new Object[spineFields + 3];
          for (int i = 0; i < spineFields; i++) {
            values[i] = spine.get(i);
          }
          if (best != null && rule.fresh(best.validFrom, effective)) {
            Object value = best.value;
            boolean missing = value == null || (value instanceof Double d && d.isNaN())
                || (value instanceof Float f && f.isNaN());
            values[spineFields] = value;
            values[spineFields + 1] = missing ? null : best.recordedAt;
            values[spineFields + 2] = best.eventId;
          }
          return RowFactory.create(values);
        }
      };
    }
  }
}
