package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.history.RowDigest;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StringType;
import org.apiguardian.api.API;

/**
 * The {@link HistoryManifest} of an event table held in Spark, byte for byte the one the in-memory
 * {@code HistoryManifest.of} writes for the same rows, so a manifest committed from either engine checks
 * on the other ({@code HistoryCheck.compare(committed, SparkHistoryManifest.of(...))}). The digest is
 * {@link RowDigest}'s, specified in docs/history-digest.md. One pass over the table: each task sums its
 * rows' 128-bit hashes per UTC day, the driver adds the days into partitions (sums modulo 2^128 do not
 * depend on how the rows were split).
 *
 * <p>Columns: {@value SparkEventLog#ENTITY} (integral), {@value SparkEventLog#VALID_FROM} and
 * {@value SparkEventLog#RECORDED_AT} (epoch milliseconds or timestamps), {@value SparkEventLog#VALUE}
 * (numeric: a null is NaN, a missing value; string: the category name, null for a missing one). No
 * event id is needed.
 *
 * <pre>{@code
 * HistoryManifest today = SparkHistoryManifest.of("status", spark.table("status_events"),
 *     PartitionGranularity.DAY, Instant.now().minus(Duration.ofDays(7)));
 * HistoryCheckResult result = HistoryCheck.compare(HistoryManifest.read(Path.of("history/status.json")), today);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SparkHistoryManifest {
  private static final long DAY = 86_400_000L;

  private SparkHistoryManifest() {}

  /**
   * The manifest of table {@code table} covering partitions that end on or before {@code closedBefore}
   * (rounded down to a partition boundary).
   *
   * @throws IllegalArgumentException if a column is missing or of the wrong type, or a row has a null
   *     entity or time
   */
  public static HistoryManifest of(
      String table, Dataset<Row> events, PartitionGranularity granularity, Instant closedBefore) {
    if (table == null || table.isBlank()) {
      throw new IllegalArgumentException("table name must not be blank");
    }
    if (events == null || granularity == null || closedBefore == null) {
      throw new NullPointerException("events, granularity and closedBefore must not be null");
    }
    String owner = "table '" + table + "'";
    SparkColumns.requireColumns(events, owner, SparkEventLog.ENTITY, SparkEventLog.VALID_FROM,
        SparkEventLog.RECORDED_AT, SparkEventLog.VALUE);
    if (!SparkColumns.integral(SparkColumns.type(events, SparkEventLog.ENTITY))) {
      throw new IllegalArgumentException(
          owner + ": column 'entity' has type " + SparkColumns.type(events, SparkEventLog.ENTITY).simpleString()
              + "; the digest hashes integral entity ids: map keys to ids first (one dictionary for all"
              + " engines, as EntityDictionary does)");
    }
    LocalDate boundary =
        granularity.floor(LocalDate.ofEpochDay(Math.floorDiv(closedBefore.toEpochMilli(), DAY)));
    long cutoff = boundary.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    Column validFrom = SparkColumns.millis(events, SparkEventLog.VALID_FROM, owner);
    Column recordedAt = SparkColumns.millis(events, SparkEventLog.RECORDED_AT, owner);
    JavaRDD<Row> rows = events.select(
            SparkColumns.longId(events, SparkEventLog.ENTITY, owner), validFrom, recordedAt, value(events, owner))
        .javaRDD();
    boolean categorical = SparkColumns.type(events, SparkEventLog.VALUE) instanceof StringType;
    List<long[]> days = rows.mapPartitions(new DaySums(cutoff, categorical)).collect();
    Map<LocalDate, long[]> partitions = new TreeMap<>();
    for (long[] day : days) {
      if (day[0] == Long.MIN_VALUE) {
        throw new IllegalArgumentException(
            owner + ": " + day[1] + " row(s) have a null entity, validFrom or recordedAt; every row needs"
                + " them: drop or fill those rows first");
      }
      long[] total = partitions.computeIfAbsent(
          granularity.floor(LocalDate.ofEpochDay(day[0])), start -> new long[3]);
      total[0] += day[1];
      long sum = total[1] + day[2];
      total[2] += day[3] + (Long.compareUnsigned(sum, day[2]) < 0 ? 1 : 0);
      total[1] = sum;
    }
    List<HistoryManifest.Partition> out = new ArrayList<>();
    partitions.forEach((start, total) -> out.add(
        new HistoryManifest.Partition(granularity.key(start), total[0], RowDigest.hex(total[2], total[1]))));
    return new HistoryManifest(table, granularity, boundary, out);
  }

  /** The value as its canonical digest word (see {@link RowDigest}). */
  private static Column value(Dataset<Row> events, String owner) {
    DataType type = SparkColumns.type(events, SparkEventLog.VALUE);
    if (type instanceof NumericType) {
      return col(SparkEventLog.VALUE).cast(DataTypes.DoubleType);
    }
    if (type instanceof StringType) {
      return col(SparkEventLog.VALUE);
    }
    throw new IllegalArgumentException(
        owner + ": column 'value' has type " + type.simpleString() + "; the digest covers numeric values"
            + " and category names (strings): convert it first");
  }

  /**
   * Per task: {day, rows, low, high} for each UTC day of validFrom among the covered rows, plus
   * {Long.MIN_VALUE, count} when some rows lack an entity or a time.
   */
  private static final class DaySums implements FlatMapFunction<Iterator<Row>, long[]> {
    private static final long serialVersionUID = 1L;

    private final long cutoff;
    private final boolean categorical;

    DaySums(long cutoff, boolean categorical) {
      this.cutoff = cutoff;
      this.categorical = categorical;
    }

    @Override
    public Iterator<long[]> call(Iterator<Row> rows) {
      Map<Long, long[]> days = new HashMap<>();
      Map<String, Long> categoryWords = new HashMap<>();
      long invalid = 0;
      while (rows.hasNext()) {
        Row row = rows.next();
        if (row.isNullAt(0) || row.isNullAt(1) || row.isNullAt(2)) {
          invalid++;
          continue;
        }
        long validFrom = row.getLong(1);
        long recordedAt = row.getLong(2);
        if (validFrom >= cutoff || recordedAt >= cutoff) {
          continue;
        }
        Object value = row.get(3);
        long word;
        if (categorical) {
          word = value == null ? RowDigest.categoryWord(null)
              : categoryWords.computeIfAbsent((String) value, RowDigest::categoryWord);
        } else {
          word = RowDigest.numericWord(value == null ? Double.NaN : (Double) value);
        }
        long entity = row.getLong(0);
        long low = RowDigest.low(entity, validFrom, recordedAt, word);
        long high = RowDigest.high(entity, validFrom, recordedAt, word);
        long[] day = days.computeIfAbsent(Math.floorDiv(validFrom, DAY), d -> new long[] {d, 0, 0, 0});
        day[1]++;
        long sum = day[2] + low;
        day[3] += high + (Long.compareUnsigned(sum, low) < 0 ? 1 : 0);
        day[2] = sum;
      }
      List<long[]> out = new ArrayList<>(days.values());
      if (invalid > 0) {
        out.add(new long[] {Long.MIN_VALUE, invalid, 0, 0});
      }
      return out.iterator();
    }
  }
}
