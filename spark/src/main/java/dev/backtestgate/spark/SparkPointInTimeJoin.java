package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.greatest;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.try_subtract;
import static org.apache.spark.sql.functions.xxhash64;
import static org.apiguardian.api.API.Status.STABLE;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apiguardian.api.API;

/**
 * The bitemporal point-in-time join on Spark, row for row equal to the in-memory {@code PointInTimeJoin}:
 * a spine DataFrame (entity, decision time t, any other columns) joined to {@link SparkEventLog}s as of
 * each row's effective time e = t - availabilityLag. Per feature a row takes the event with the greatest
 * validFrom &le; e among those with recordedAt &le; e; ties go to the greatest recordedAt, then to the
 * greatest event id. With a time-to-live the chosen event must have validFrom &ge; e - ttl, else the value
 * is missing.
 *
 * <p>Output: the spine's columns, then per feature (in the order given) {@code <feature>} (the value,
 * null when no event qualifies), {@code <feature>_knownAt} (the chosen event's recordedAt in epoch
 * milliseconds; null when the value is missing, so a point-in-time check passes by construction) and
 * {@code <feature>_sourceId} (the chosen event's id; null when no event qualifies).
 *
 * <p>Exact under skew: per feature the events and spine rows are range-partitioned together by (entity,
 * time) and sorted within partitions, so an entity with most of the events spreads over many partitions
 * of bounded size. A first pass summarises each partition (its last entity and that entity's best event)
 * from the shuffle's output before the sort, the driver folds the summaries into the state each partition
 * starts with, and a second pass scans each sorted partition carrying that state. Two Spark jobs per
 * feature, one shuffle, one sort; nothing is approximated.
 *
 * <p>{@link #join} runs the first pass eagerly (a Spark job per feature) and fails with an
 * {@link IllegalArgumentException} naming the count and an example when an entity, time or event id is
 * null, two events share entity, validFrom, recordedAt and id, or t - lag is not representable.
 *
 * <pre>{@code
 * Dataset<Row> training = SparkPointInTimeJoin.builder()
 *     .spineColumns("customer", "decidedAt")
 *     .availabilityLag(Duration.ofHours(1))
 *     .ttl("balance", Duration.ofDays(90))
 *     .build()
 *     .join(spine, SparkEventLog.of("balance", balanceEvents), SparkEventLog.of("plan", planEvents));
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class SparkPointInTimeJoin {
  /** Suffix of the knowledge-time column of each feature. */
  public static final String KNOWN_AT_SUFFIX = "_knownAt";

  /** Suffix of the source-event-id column of each feature. */
  public static final String SOURCE_ID_SUFFIX = "_sourceId";

  private static final String[] SORT_KEY = {"k_entity", "k_time", "k_kind", "k_vf", "k_ra", "k_id", "k_tie"};

  private final Duration availabilityLag;
  private final long lagMillis;
  private final long defaultTtl;
  private final Map<String, Long> ttlByFeature;
  private final String entityColumn;
  private final String decisionTimeColumn;
  private final int partitions;

  private SparkPointInTimeJoin(Builder builder) {
    this.availabilityLag = builder.availabilityLag;
    this.lagMillis = SparkColumns.nonNegativeMillis(builder.availabilityLag, "availability lag");
    this.defaultTtl = builder.defaultTtl;
    this.ttlByFeature = Map.copyOf(builder.ttlByFeature);
    this.entityColumn = builder.entityColumn;
    this.decisionTimeColumn = builder.decisionTimeColumn;
    this.partitions = builder.partitions;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Joins {@code logs} onto {@code spine}; see {@link #join(Dataset, List)}. */
  public Dataset<Row> join(Dataset<Row> spine, SparkEventLog... logs) {
    return join(spine, Arrays.asList(logs));
  }

  /**
   * The spine with three columns per feature appended (see the class description).
   *
   * @throws IllegalArgumentException if a column is missing or has an unusable type, two logs share a
   *     name, an output column would clash with a spine column, a per-feature time-to-live names no log,
   *     or the data breaks a rule the class description lists
   */
  public Dataset<Row> join(Dataset<Row> spine, List<SparkEventLog> logs) {
    if (spine == null) {
      throw new NullPointerException("spine must not be null");
    }
    SparkColumns.requireColumns(spine, "the spine", entityColumn, decisionTimeColumn);
    validateNames(spine, logs);
    Dataset<Row> out = spine;
    for (SparkEventLog log : logs) {
      out = joinOne(out, log);
    }
    return out;
  }

  private void validateNames(Dataset<Row> spine, List<SparkEventLog> logs) {
    Set<String> names = new HashSet<>();
    Set<String> taken = new HashSet<>(Arrays.asList(spine.columns()));
    for (SparkEventLog log : logs) {
      if (log == null) {
        throw new NullPointerException("event log must not be null");
      }
      if (!names.add(log.name())) {
        throw new IllegalArgumentException(
            "two event logs are named '" + log.name() + "'; feature names must be unique: rename one log");
      }
      for (String column : outputColumns(log.name())) {
        if (!taken.add(column)) {
          throw new IllegalArgumentException(
              "the output column '" + column + "' of feature '" + log.name() + "' clashes with a spine column"
                  + " or another feature's output; rename that spine column or the feature");
        }
      }
    }
    for (String feature : ttlByFeature.keySet()) {
      if (!names.contains(feature)) {
        throw new IllegalArgumentException(
            "a time-to-live is set for feature '" + feature + "' but no event log has that name (logs: "
                + new ArrayList<>(names) + "); fix the name or remove that ttl(...) call");
      }
    }
  }

  private static List<String> outputColumns(String feature) {
    return List.of(feature, feature + KNOWN_AT_SUFFIX, feature + SOURCE_ID_SUFFIX);
  }

  private Dataset<Row> joinOne(Dataset<Row> spine, SparkEventLog log) {
    String owner = "event log '" + log.name() + "'";
    Dataset<Row> events = log.events();
    Column spineEntity = SparkColumns.entity(spine, entityColumn, "the spine");
    Column eventEntity = SparkColumns.entity(events, SparkEventLog.ENTITY, owner);
    DataType entityType = entityType(spine, entityColumn);
    if (!entityType.equals(entityType(events, SparkEventLog.ENTITY))) {
      throw new IllegalArgumentException(
          owner + ": its entity column is " + entityType(events, SparkEventLog.ENTITY).simpleString()
              + " but the spine's '" + entityColumn + "' is " + entityType.simpleString()
              + "; use the same entity type (both integral or both strings)");
    }
    DataType valueType = SparkColumns.type(events, SparkEventLog.VALUE);
    StructType spineSchema = spine.schema();
    Column decisionTime = SparkColumns.millis(spine, decisionTimeColumn, "the spine");
    Column[] spineColumns = Arrays.stream(spine.columns()).map(c -> col("`" + c + "`")).toArray(Column[]::new);

    Dataset<Row> spineRows = spine.select(
        spineEntity.as("k_entity"),
        try_subtract(decisionTime, lit(lagMillis)).as("k_time"),
        lit(AsOfScan.SPINE_ROW).as("k_kind"),
        lit(null).cast(DataTypes.LongType).as("k_vf"),
        lit(null).cast(DataTypes.LongType).as("k_ra"),
        lit(null).cast(DataTypes.LongType).as("k_id"),
        xxhash64(spineColumns).as("k_tie"),
        decisionTime.as("k_t"),
        lit(null).cast(valueType).as("k_value"),
        struct(spineColumns).as("k_spine"));
    Column validFrom = SparkColumns.millis(events, SparkEventLog.VALID_FROM, owner);
    Column recordedAt = SparkColumns.millis(events, SparkEventLog.RECORDED_AT, owner);
    Dataset<Row> eventRows = events.select(
        eventEntity.as("k_entity"),
        greatest(validFrom, recordedAt).as("k_time"),
        lit(AsOfScan.EVENT).as("k_kind"),
        validFrom.as("k_vf"),
        recordedAt.as("k_ra"),
        SparkColumns.longId(events, SparkEventLog.EVENT_ID, owner).as("k_id"),
        lit(null).cast(DataTypes.LongType).as("k_tie"),
        lit(null).cast(DataTypes.LongType).as("k_t"),
        col(SparkEventLog.VALUE).as("k_value"),
        lit(null).cast(spineSchema).as("k_spine"));

    SparkSession session = spine.sparkSession();
    int n = partitions > 0 ? partitions : Integer.parseInt(session.conf().get("spark.sql.shuffle.partitions"));
    Column[] key = Arrays.stream(SORT_KEY).map(c -> col(c)).toArray(Column[]::new);
    // One RDD for both passes: the second reads the same shuffle output, so partitions line up exactly.
    JavaRDD<Row> sorted = spineRows.unionAll(eventRows)
        .repartitionByRange(n, key)
        .sortWithinPartitions(key)
        .javaRDD();
    List<AsOfScan.Summary> summaries = summarize(sorted, entityType, valueType, spineSchema);
    requireValid(summaries, log.name());
    AsOfScan.Best[] incoming = AsOfScan.carries(summaries, sorted.getNumPartitions());
    long ttl = ttlByFeature.getOrDefault(log.name(), defaultTtl);
    JavaRDD<Row> joined =
        sorted.mapPartitionsWithIndex(new AsOfScan.Join(incoming, ttl, spineSchema.size()), true);
    StructType outSchema = spineSchema
        .add(new StructField(log.name(), valueType, true, org.apache.spark.sql.types.Metadata.empty()))
        .add(log.name() + KNOWN_AT_SUFFIX, DataTypes.LongType, true)
        .add(log.name() + SOURCE_ID_SUFFIX, DataTypes.LongType, true);
    return session.createDataFrame(joined, outSchema);
  }

  /**
   * Pass 1: the partition summaries, read from the range shuffle before the sort where Spark's plan allows
   * it (both passes then share the shuffle and sort once); from the sorted rows where it does not, or to
   * decide whether events with equal fingerprints are true duplicates.
   */
  private static List<AsOfScan.Summary> summarize(
      JavaRDD<Row> sorted, DataType entityType, DataType valueType, StructType spineSchema) {
    RDD<InternalRow> unsorted = AsOfScan.shuffleOutput(sorted.rdd());
    boolean bytewise = !(entityType instanceof StringType string)
        || string.supportsBinaryOrdering();
    if (unsorted != null && bytewise) {
      List<AsOfScan.Summary> summaries = unsorted.toJavaRDD()
          .mapPartitionsWithIndex(new AsOfScan.SummarizeUnsorted(entityType, valueType, spineSchema), false)
          .collect();
      if (summaries.stream().allMatch(s -> s.possibleDuplicates == 0)) {
        AsOfScan.resolveBest(summaries, valueType);
        return summaries;
      }
    }
    return sorted.mapPartitionsWithIndex(new AsOfScan.Summarize(), false).collect();
  }

  private static DataType entityType(Dataset<Row> frame, String column) {
    return SparkColumns.integral(SparkColumns.type(frame, column))
        ? DataTypes.LongType
        : SparkColumns.type(frame, column);
  }

  private void requireValid(List<AsOfScan.Summary> summaries, String feature) {
    long nullEntities = 0;
    long nullDecisionTimes = 0;
    long unrepresentable = 0;
    long nullEventFields = 0;
    long duplicates = 0;
    String example = null;
    for (AsOfScan.Summary s : summaries) {
      nullEntities += s.nullEntities;
      nullDecisionTimes += s.nullDecisionTimes;
      unrepresentable += s.unrepresentable;
      nullEventFields += s.nullEventFields;
      duplicates += s.duplicateIds;
      if (example == null) {
        example = s.example;
      }
    }
    List<String> problems = new ArrayList<>();
    if (nullEntities > 0) {
      problems.add(nullEntities + " row(s) without an entity");
    }
    if (nullDecisionTimes > 0) {
      problems.add(nullDecisionTimes + " spine row(s) without a decision time");
    }
    if (unrepresentable > 0) {
      problems.add(unrepresentable + " spine row(s) whose decision time minus the lag of " + lagMillis
          + " ms is not representable");
    }
    if (nullEventFields > 0) {
      problems.add(nullEventFields + " event(s) without validFrom, recordedAt or eventId");
    }
    if (duplicates > 0) {
      problems.add(duplicates + " event(s) repeating another's entity, validFrom, recordedAt and eventId"
          + " (ties would be decided arbitrarily)");
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(
          "cannot join feature '" + feature + "': " + String.join("; ", problems) + ". Example: " + example
              + ". Drop or fix those rows (event ids must be unique within a log) and join again");
    }
  }

  /** Configures a join; every setting is optional. */
  public static final class Builder {
    private Duration availabilityLag = Duration.ZERO;
    private long defaultTtl = AsOfScan.NO_TTL;
    private final Map<String, Long> ttlByFeature = new LinkedHashMap<>();
    private String entityColumn = "entity";
    private String decisionTimeColumn = "decisionTime";
    private int partitions;

    private Builder() {}

    /** How long after recording a value becomes usable (default zero): e = decision time - lag. */
    public Builder availabilityLag(Duration lag) {
      SparkColumns.nonNegativeMillis(lag, "availability lag");
      this.availabilityLag = lag;
      return this;
    }

    /** Time-to-live for every feature without its own: older values count as missing. Default: none. */
    public Builder ttl(Duration ttl) {
      this.defaultTtl = SparkColumns.nonNegativeMillis(ttl, "time-to-live");
      return this;
    }

    /** Time-to-live for the feature named {@code feature}, overriding {@link #ttl(Duration)}. */
    public Builder ttl(String feature, Duration ttl) {
      if (feature == null || feature.isBlank()) {
        throw new IllegalArgumentException("feature name of a time-to-live must not be blank");
      }
      ttlByFeature.put(feature, SparkColumns.nonNegativeMillis(ttl, "time-to-live of '" + feature + "'"));
      return this;
    }

    /** The spine's entity and decision-time columns (default {@code entity}, {@code decisionTime}). */
    public Builder spineColumns(String entity, String decisionTime) {
      if (entity == null || decisionTime == null || entity.isBlank() || decisionTime.isBlank()) {
        throw new IllegalArgumentException("spine column names must not be blank");
      }
      this.entityColumn = entity;
      this.decisionTimeColumn = decisionTime;
      return this;
    }

    /**
     * Partitions of each feature's range-partitioned scan (default: {@code spark.sql.shuffle.partitions}).
     * More partitions bound each task's share, including a hot entity's.
     */
    public Builder partitions(int partitions) {
      if (partitions < 1) {
        throw new IllegalArgumentException("partitions must be at least 1, got " + partitions);
      }
      this.partitions = partitions;
      return this;
    }

    public SparkPointInTimeJoin build() {
      return new SparkPointInTimeJoin(this);
    }
  }

  @Override
  public String toString() {
    return "SparkPointInTimeJoin[lag=" + availabilityLag + ", ttlMillis="
        + (defaultTtl == AsOfScan.NO_TTL ? "none" : defaultTtl) + ", perFeatureTtlMillis=" + ttlByFeature + "]";
  }
}
