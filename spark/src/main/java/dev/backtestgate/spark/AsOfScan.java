package dev.backtestgate.spark;

import dev.backtestgate.time.AsOfRule;
import java.io.Serializable;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * The two passes of {@link SparkPointInTimeJoin} over one feature's merged rows (events and spine rows),
 * range-partitioned and sorted by (entity, time, kind, validFrom, recordedAt, eventId, tie).
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
    String example;

    Summary(int partition) {
      this.partition = partition;
    }

    void problem(String what) {
      if (example == null) {
        example = what;
      }
    }
  }

  /** Pass 1: one {@link Summary} per partition. */
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
          s.nullEntities++;
          s.problem((event ? "event id " + row.get(EVENT_ID) : "spine row " + row.get(SPINE)) + " has no entity");
          continue;
        }
        Object entity = row.get(ENTITY);
        if (!entity.equals(s.lastEntity)) {
          s.oneEntity = s.lastEntity == null;
          s.lastEntity = entity;
          s.lastBest = null;
        }
        if (!event) {
          if (row.isNullAt(DECISION_TIME)) {
            s.nullDecisionTimes++;
            s.problem("spine row " + row.get(SPINE) + " has no decision time");
          } else if (row.isNullAt(TIME)) {
            s.unrepresentable++;
            s.problem("spine row " + row.get(SPINE) + ": decision time " + row.get(DECISION_TIME)
                + " minus the availability lag is before the earliest representable time");
          }
          continue;
        }
        if (row.isNullAt(VALID_FROM) || row.isNullAt(RECORDED_AT) || row.isNullAt(EVENT_ID)) {
          s.nullEventFields++;
          s.problem("event of entity " + entity + " (id " + row.get(EVENT_ID) + ", validFrom "
              + row.get(VALID_FROM) + ", recordedAt " + row.get(RECORDED_AT) + ") lacks a time or an id");
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
