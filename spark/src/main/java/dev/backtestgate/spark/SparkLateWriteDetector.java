package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.try_subtract;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.history.LateWriteDetector;
import dev.backtestgate.history.LateWriteReport;
import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apiguardian.api.API;

/**
 * The in-memory {@link LateWriteDetector} over a Spark event table: events recorded more than the closing
 * window after they became valid, grouped by recorded UTC day into the same {@link LateWriteReport}. The
 * event id ({@value SparkEventLog#EVENT_ID}) plays the part of the in-memory log position: each batch's
 * examples are its late events with the smallest ids, and {@code Example.index} is the id. Per task
 * each day keeps its counts, time range, greatest lateness and smallest ids; the driver merges them.
 * Distinct entities per day are counted exactly by Spark (a distinct aggregation). A log with correction
 * columns ({@link SparkEventLog#withCorrections}) has its declarations checked first, and its late declared
 * corrections listed by reason code, apart from the batches. It is configured by the
 * in-memory detector itself (closing window, examples per batch), so both engines run with one set of settings.
 *
 * <pre>{@code
 * LateWriteDetector settings = LateWriteDetector.builder().closingWindow(Duration.ofDays(3)).build();
 * LateWriteReport report = SparkLateWriteDetector.of(settings).detect(SparkEventLog.of("status", statusEvents));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SparkLateWriteDetector {
  private static final long DAY = 86_400_000L;

  private final Duration closingWindow;
  private final long windowMillis;
  private final int maxExamples;

  private SparkLateWriteDetector(LateWriteDetector settings) {
    this.closingWindow = settings.closingWindow();
    this.windowMillis = SparkColumns.nonNegativeMillis(closingWindow, "closing window");
    this.maxExamples = settings.maxExamples();
  }

  /** The detector with {@code settings}' closing window and examples per batch. */
  public static SparkLateWriteDetector of(LateWriteDetector settings) {
    if (settings == null) {
      throw new IllegalArgumentException("the settings are null: pass LateWriteDetector.withDefaults() or a "
          + "LateWriteDetector.builder()...build().");
    }
    return new SparkLateWriteDetector(settings);
  }

  /**
   * The report for {@code log}; equal to {@code LateWriteDetector.detect} on the same events when each
   * event's id is its position in the in-memory log.
   *
   * @throws IllegalArgumentException if a row lacks an entity, time or id, or the log has more events
   *     than the report's counts can hold (2^31 - 1)
   */
  public LateWriteReport detect(SparkEventLog log) {
    String owner = "event log '" + log.name() + "'";
    Dataset<Row> events = log.events();
    if (!SparkColumns.integral(SparkColumns.type(events, SparkEventLog.ENTITY))) {
      throw new IllegalArgumentException(owner + ": column 'entity' must be an integral id for the report");
    }
    Column validFrom = SparkColumns.millis(events, SparkEventLog.VALID_FROM, owner);
    Column recordedAt = SparkColumns.millis(events, SparkEventLog.RECORDED_AT, owner);
    List<Column> columns = new ArrayList<>(List.of(
        SparkColumns.longId(events, SparkEventLog.ENTITY, owner).as("entity"), validFrom.as("vf"),
        recordedAt.as("ra"), SparkColumns.longId(events, SparkEventLog.EVENT_ID, owner).as("id")));
    if (log.declaresCorrections()) {
      if (!SparkColumns.integral(SparkColumns.type(events, log.corrects()))) {
        throw new IllegalArgumentException(owner + ": column '" + log.corrects() + "' (the corrected event's id) "
            + "must be integral like eventId; cast it (CAST(" + log.corrects() + " AS BIGINT))");
      }
      columns.add(col(log.corrects()).cast("bigint").as("c"));
      columns.add(col(log.reason()).cast("string").as("r"));
    }
    Dataset<Row> rows = events.select(columns.toArray(Column[]::new));
    Row totals = rows.agg(count(lit(1)),
        count(col("entity")), count(col("vf")), count(col("ra")), count(col("id"))).first();
    long total = totals.getLong(0);
    for (int c = 1; c <= 4; c++) {
      if (totals.getLong(c) != total) {
        throw new IllegalArgumentException(
            owner + ": " + (total - totals.getLong(c)) + " event(s) have a null " + rows.columns()[c - 1]
                + "; every event needs an entity, validFrom, recordedAt and eventId: drop or fill them first");
      }
    }
    if (total > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          owner + " has " + total + " events, more than a LateWriteReport counts (2^31 - 1); run the detector"
              + " per slice of the table (for example per year of recordedAt)");
    }
    List<LateWriteReport.DeclaredCorrections> corrections = List.of();
    // recordedAt - validFrom > window; an overflowing difference is late too
    Column lateness = try_subtract(col("ra"), col("vf"));
    Dataset<Row> late = rows
        .filter(col("ra").gt(col("vf")).and(lateness.isNull().or(lateness.gt(windowMillis))));
    if (log.declaresCorrections()) {
      SparkCorrections.validate(owner, rows);
      corrections = SparkCorrections.group(late.filter(col("c").isNotNull()), maxExamples);
      late = late.filter(col("c").isNull());
    }
    late = late.withColumn("day", expr("(ra div " + DAY + ") - IF(ra % " + DAY + " < 0, 1, 0)")); // floorDiv
    Map<Long, Long> entities = new HashMap<>();
    for (Row r : late.select("day", "entity").distinct().groupBy("day").count().collectAsList()) {
      entities.put(r.getLong(0), r.getLong(1));
    }
    Map<Long, DayBatch> byDay = new HashMap<>();
    for (DayBatch partial : late.select("entity", "vf", "ra", "id").javaRDD()
        .mapPartitions(new Batches(maxExamples)).collect()) {
      byDay.merge(partial.day, partial, DayBatch::merge);
    }
    List<LateWriteReport.Batch> batches = new ArrayList<>();
    int lateEvents = 0;
    for (long day : byDay.keySet().stream().sorted().toList()) {
      DayBatch b = byDay.get(day);
      lateEvents += (int) b.count;
      batches.add(b.toBatch(entities.getOrDefault(day, 0L).intValue()));
    }
    return new LateWriteReport(log.name(), closingWindow, (int) total, lateEvents, batches, corrections);
  }

  /** One recorded day's late events, as far as one task (or several, merged) saw them. */
  static final class DayBatch implements Serializable {
    private static final long serialVersionUID = 1L;

    final long day;
    long count;
    long minValidFrom = Long.MAX_VALUE;
    long maxValidFrom = Long.MIN_VALUE;
    long maxLateness;
    /** The smallest ids seen, with their entity, validFrom and recordedAt: {id, entity, vf, ra} each. */
    long[][] examples = new long[0][];
    private final int maxExamples;

    DayBatch(long day, int maxExamples) {
      this.day = day;
      this.maxExamples = maxExamples;
    }

    void add(long entity, long validFrom, long recordedAt, long id) {
      count++;
      minValidFrom = Math.min(minValidFrom, validFrom);
      maxValidFrom = Math.max(maxValidFrom, validFrom);
      long lateness = recordedAt - validFrom;
      maxLateness = Math.max(maxLateness, lateness < 0 ? Long.MAX_VALUE : lateness); // < 0: overflowed
      keep(new long[] {id, entity, validFrom, recordedAt});
    }

    private void keep(long[] example) {
      if (examples.length == maxExamples && (maxExamples == 0 || example[0] >= examples[maxExamples - 1][0])) {
        return;
      }
      long[][] grown = Arrays.copyOf(examples, Math.min(maxExamples, examples.length + 1));
      int at = examples.length < maxExamples ? examples.length : maxExamples - 1;
      grown[at] = example;
      while (at > 0 && grown[at - 1][0] > grown[at][0]) {
        long[] swap = grown[at - 1];
        grown[at - 1] = grown[at];
        grown[at] = swap;
        at--;
      }
      examples = grown;
    }

    static DayBatch merge(DayBatch a, DayBatch b) {
      a.count += b.count;
      a.minValidFrom = Math.min(a.minValidFrom, b.minValidFrom);
      a.maxValidFrom = Math.max(a.maxValidFrom, b.maxValidFrom);
      a.maxLateness = Math.max(a.maxLateness, b.maxLateness);
      for (long[] example : b.examples) {
        a.keep(example);
      }
      return a;
    }

    LateWriteReport.Batch toBatch(int entities) {
      List<LateWriteReport.Example> list = new ArrayList<>();
      for (long[] e : examples) {
        if (e[0] > Integer.MAX_VALUE || e[0] < Integer.MIN_VALUE) {
          throw new IllegalArgumentException(
              "late event id " + e[0] + " does not fit the report's int index; number events below 2^31");
        }
        list.add(new LateWriteReport.Example(
            (int) e[0], e[1], Instant.ofEpochMilli(e[2]), Instant.ofEpochMilli(e[3])));
      }
      return new LateWriteReport.Batch(LocalDate.ofEpochDay(day), (int) count, Instant.ofEpochMilli(minValidFrom),
          Instant.ofEpochMilli(maxValidFrom), entities, Duration.ofMillis(maxLateness), list);
    }
  }

  /** Per task: one {@link DayBatch} per recorded day. */
  private static final class Batches implements FlatMapFunction<Iterator<Row>, DayBatch> {
    private static final long serialVersionUID = 1L;

    private final int maxExamples;

    Batches(int maxExamples) {
      this.maxExamples = maxExamples;
    }

    @Override
    public Iterator<DayBatch> call(Iterator<Row> rows) {
      Map<Long, DayBatch> days = new HashMap<>();
      while (rows.hasNext()) {
        Row r = rows.next();
        long recordedAt = r.getLong(2);
        days.computeIfAbsent(Math.floorDiv(recordedAt, DAY), d -> new DayBatch(d, maxExamples))
            .add(r.getLong(0), r.getLong(1), recordedAt, r.getLong(3));
      }
      return days.values().iterator();
    }
  }
}
