package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.greatest;
import static org.apache.spark.sql.functions.isnan;
import static org.apache.spark.sql.functions.lag;
import static org.apache.spark.sql.functions.last;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.try_subtract;
import static org.apache.spark.sql.functions.when;

import dev.backtestgate.time.AsOfRule;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.expressions.WindowSpec;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The window plan of {@link SparkPointInTimeJoin}, for inputs without a hot entity: the merged rows (the layout of
 * {@link AsOfScan} without the tie, the time, the kind and the decision time, which a spine row carries in the
 * validFrom slot; the time and the kind are derived after the shuffle) hash-partitioned by entity and, per entity,
 * ordered by (time, kind, validFrom, recordedAt, eventId), so that the events before a spine row are exactly those
 * available at its effective time. The row's event is the greatest (validFrom, recordedAt, eventId) among them
 * ({@link AsOfRule#beats}' order), found with window functions over longs: an event is a <i>candidate</i> when no
 * event before it has a greater validFrom (a running maximum), and the row's event is the last candidate before it
 * ({@code last(..., ignoreNulls)}). That is exact: with M the greatest validFrom before the row, a candidate after
 * the last event with validFrom M would need validFrom M itself, and events with equal validFrom are already in
 * (recordedAt, eventId) order (their time max(M, recordedAt) does not decrease with recordedAt, and ties go to the
 * key's later fields), so the last event with validFrom M is the best one. The time-to-live is applied to it. One
 * shuffle, one sort, in Spark's own operators; no structs in the sorted rows.
 *
 * <p>The checks stay exact and eager: each row is given a problem code (no entity, no decision time, an effective
 * time that is not representable, an event without a time or id, or an event equal to the one before it in that
 * order: a duplicate), the spine rows and the rows with a problem are persisted, and one job over them counts the
 * problems before {@link SparkPointInTimeJoin#join} returns; the result is read from the persisted rows, so the join
 * itself runs once.
 */
final class AsOfWindow {
  static final String PROBLEM = "k_problem";

  static final int NONE = 0;
  static final int NO_ENTITY = 1;
  static final int NO_DECISION_TIME = 2;
  static final int UNREPRESENTABLE = 3;
  static final int EVENT_WITHOUT_TIME_OR_ID = 4;
  static final int DUPLICATE = 5;

  /** Fewest sampled rows of one entity that can make it hot: a handful of rows decides nothing. */
  static final long MIN_HOT_SAMPLE = 10;

  private AsOfWindow() {}

  /**
   * Whether, in a Bernoulli sample of the merged rows' entities, one entity holds more than a partition's share
   * (more than 1/{@code partitions} of the sampled rows, and at least {@link #MIN_HOT_SAMPLE} of them): then the
   * window plan would put more than a partition's worth of rows into one task. One Spark job over the entity
   * column alone.
   */
  static boolean hotEntity(Dataset<Row> merged, int partitions, double fraction, long seed) {
    Row counts = merged.select(col("k_entity")).sample(fraction, seed)
        .groupBy("k_entity").count()
        .agg(max("count"), sum("count"))
        .first();
    if (counts.isNullAt(0)) {
      return false;
    }
    long top = counts.getLong(0);
    return top >= MIN_HOT_SAMPLE && top * partitions > counts.getLong(1);
  }

  /**
   * The spine rows with the feature's three columns, and the rows with a problem, persisted; the columns are the
   * spine's, the feature's, then {@link #PROBLEM} and the fields {@link #problems} names a problem row by.
   */
  static Dataset<Row> join(Dataset<Row> merged, int partitions, long lag, long ttl, StructType spineSchema,
      DataType valueType, String feature) {
    // An explicit repartition, so that the window's inputs are built after the shuffle, not before it (Spark would
    // otherwise project them below the exchange and shuffle them)
    Dataset<Row> shuffled = partitions > 0
        ? merged.repartition(partitions, col("k_entity"))
        : merged.repartition(col("k_entity"));
    // after the shuffle: the kind (a spine row carries its columns), the time (an event's availability
    // max(validFrom, recordedAt); a spine row's effective time t - lag, null where that is not representable)
    Column spineRow = col("k_spine").isNotNull();
    Dataset<Row> rows = shuffled
        .withColumn("k_kind", when(spineRow, AsOfScan.SPINE_ROW).otherwise(AsOfScan.EVENT))
        .withColumn("k_time",
            when(spineRow, try_subtract(col("k_vf"), lit(lag))).otherwise(greatest(col("k_vf"), col("k_ra"))));
    WindowSpec ordered = Window.partitionBy("k_entity").orderBy("k_time", "k_kind", "k_vf", "k_ra", "k_id");
    WindowSpec before = ordered.rowsBetween(Window.unboundedPreceding(), -1);
    WindowSpec running = ordered.rowsBetween(Window.unboundedPreceding(), Window.currentRow());
    Column event = col("k_kind").equalTo(AsOfScan.EVENT);
    Column sameAsPrevious = col("k_vf").equalTo(lag(col("k_vf"), 1).over(ordered))
        .and(col("k_ra").equalTo(lag(col("k_ra"), 1).over(ordered)))
        .and(col("k_id").equalTo(lag(col("k_id"), 1).over(ordered)));
    Dataset<Row> priors = rows.select(col("*"),
        max(when(event, col("k_vf"))).over(before).as("k_prior_vf"),
        coalesce(sameAsPrevious, lit(false)).as("k_same"));
    // a candidate: an event whose validFrom no earlier event exceeds; the chosen event is the last candidate
    Column candidate = event.and(col("k_prior_vf").isNull().or(col("k_vf").geq(col("k_prior_vf"))));
    Column problem = when(col("k_entity").isNull(), NO_ENTITY)
        .when(event.and(col("k_vf").isNull().or(col("k_ra").isNull()).or(col("k_id").isNull())),
            EVENT_WITHOUT_TIME_OR_ID)
        .when(event.and(col("k_same")), DUPLICATE)
        .when(event, NONE)
        .when(col("k_vf").isNull(), NO_DECISION_TIME) // a spine row's decision time
        .when(col("k_time").isNull(), UNREPRESENTABLE)
        .otherwise(NONE);
    Dataset<Row> windowed = priors.select(col("*"),
            last(when(candidate, col("k_vf")), true).over(running).as("k_best_vf"),
            last(when(candidate, col("k_ra")), true).over(running).as("k_best_ra"),
            last(when(candidate, col("k_id")), true).over(running).as("k_best_id"),
            last(when(candidate, struct(col("k_value").as("value"))), true).over(running).as("k_best_value"),
            problem.as(PROBLEM))
        .where(col("k_kind").equalTo(AsOfScan.SPINE_ROW).or(col(PROBLEM).notEqual(NONE)));

    Column chosen = col("k_best_id").isNotNull().and(fresh(col("k_best_vf"), col("k_time"), ttl));
    Column value = when(chosen, col("k_best_value.value"));
    Column missing = value.isNull();
    if (valueType.equals(DataTypes.DoubleType) || valueType.equals(DataTypes.FloatType)) {
      missing = missing.or(isnan(value));
    }
    List<Column> out = new ArrayList<>();
    for (String name : spineSchema.fieldNames()) {
      out.add(col("k_spine").getField(name).as(name));
    }
    out.add(value.as(feature));
    out.add(when(not(missing), col("k_best_ra")).as(feature + SparkPointInTimeJoin.KNOWN_AT_SUFFIX));
    out.add(when(chosen, col("k_best_id")).as(feature + SparkPointInTimeJoin.SOURCE_ID_SUFFIX));
    out.add(col(PROBLEM));
    for (String field : List.of("k_entity", "k_vf", "k_ra", "k_id")) {
      out.add(when(col(PROBLEM).notEqual(NONE), col(field)).as(field));
    }
    out.add(when(col(PROBLEM).notEqual(NONE), col("k_spine")).as("k_problem_spine"));
    return windowed.select(out.toArray(Column[]::new)).persist();
  }

  /**
   * {@link AsOfRule#fresh}: no time-to-live, or validFrom &ge; e - ttl where e - ttl saturates at the earliest
   * time ({@code try_subtract} is null exactly where it would wrap around).
   */
  private static Column fresh(Column validFrom, Column effective, long ttl) {
    if (ttl == AsOfRule.NO_TTL) {
      return lit(true);
    }
    Column oldest = try_subtract(effective, lit(ttl));
    return oldest.isNull().or(validFrom.geq(oldest));
  }

  /**
   * The problems among {@code joined}'s rows, counted and one named per kind, in the summary form the range plan's
   * first pass gives; one Spark job (which also fills the persisted rows) when there are none.
   */
  static AsOfScan.Summary problems(Dataset<Row> joined) {
    AsOfScan.Summary summary = new AsOfScan.Summary(0);
    Dataset<Row> bad = joined.where(col(PROBLEM).notEqual(NONE));
    List<Row> counts = bad.groupBy(PROBLEM).count().orderBy(PROBLEM).collectAsList();
    for (Row count : counts) {
      int code = count.getInt(0);
      Row example = bad.where(col(PROBLEM).equalTo(code)).first();
      name(summary, code, example);
      long n = count.getLong(1);
      switch (code) {
        case NO_ENTITY -> summary.nullEntities = n;
        case NO_DECISION_TIME -> summary.nullDecisionTimes = n;
        case UNREPRESENTABLE -> summary.unrepresentable = n;
        case EVENT_WITHOUT_TIME_OR_ID -> summary.nullEventFields = n;
        case DUPLICATE -> summary.duplicateIds = n;
        default -> throw new IllegalStateException("unknown problem code " + code);
      }
    }
    return summary;
  }

  private static void name(AsOfScan.Summary summary, int code, Row row) {
    Object spine = row.getAs("k_problem_spine");
    Object entity = row.getAs("k_entity");
    Object id = row.getAs("k_id");
    switch (code) {
      case NO_ENTITY -> summary.noEntity(spine != null ? "spine row " + spine : "event id " + id);
      case NO_DECISION_TIME, UNREPRESENTABLE ->
          summary.badSpineRow(code == NO_DECISION_TIME, true, spine, row.getAs("k_vf")); // the decision time
      case EVENT_WITHOUT_TIME_OR_ID -> summary.eventWithoutTimeOrId(entity, id, row.getAs("k_vf"), row.getAs("k_ra"));
      case DUPLICATE -> summary.duplicate(entity, (Long) id, row.<Long>getAs("k_vf"), row.<Long>getAs("k_ra"));
      default -> throw new IllegalStateException("unknown problem code " + code);
    }
  }
}
