package dev.backtestgate.spark;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.JoinedFeature;
import dev.backtestgate.time.Spine;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apiguardian.api.API;

/**
 * Moves the in-memory column types to Spark and back, for moving a pipeline step by step and for checking
 * one engine against the other: a {@link Spine} becomes a DataFrame ({@value #ROW_ID}, entity,
 * decisionTime), an {@link EventLog} a {@link SparkEventLog} whose event id is each event's position (so
 * ties break as in memory), and {@link SparkPointInTimeJoin}'s output becomes {@link JoinedFeature}s in the
 * spine's row order. The arrays are broadcast once and rows are made on the executors; the joined output
 * is collected to the driver: for data that fits in one JVM.
 *
 * <pre>{@code
 * Dataset<Row> joined = SparkPointInTimeJoin.builder().build().join(
 *     InMemoryFrames.spine(spark, spine), InMemoryFrames.eventLog(spark, balance));
 * List<JoinedFeature> features = InMemoryFrames.features(joined, spine.size(), List.of(balance));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class InMemoryFrames {
  /** The spine frame's row-number column. */
  public static final String ROW_ID = "rowId";

  private InMemoryFrames() {}

  /** The spine as a DataFrame with columns {@value #ROW_ID} (int), entity and decisionTime (bigint). */
  public static Dataset<Row> spine(SparkSession spark, Spine spine) {
    StructType schema = new StructType()
        .add(ROW_ID, DataTypes.IntegerType, false)
        .add("entity", DataTypes.LongType, false)
        .add("decisionTime", DataTypes.LongType, false);
    return frame(spark, new Columns(null, spine.entity(), spine.decisionTime(), null, null, null, null),
        spine.size(), schema);
  }

  /**
   * The log as a {@link SparkEventLog}: eventId is the position, a numeric value is a double (NaN stays
   * NaN), a category its name ({@code null} when missing).
   */
  public static SparkEventLog eventLog(SparkSession spark, EventLog log) {
    boolean numeric = log.kind() == EventLog.Kind.NUMERIC;
    StructType schema = new StructType()
        .add(SparkEventLog.ENTITY, DataTypes.LongType, false)
        .add(SparkEventLog.VALID_FROM, DataTypes.LongType, false)
        .add(SparkEventLog.RECORDED_AT, DataTypes.LongType, false)
        .add(SparkEventLog.EVENT_ID, DataTypes.LongType, false)
        .add(SparkEventLog.VALUE, numeric ? DataTypes.DoubleType : DataTypes.StringType, true);
    Columns columns = numeric
        ? new Columns(log.name(), log.entity(), log.validFrom(), log.recordedAt(), log.values(), null, null)
        : new Columns(log.name(), log.entity(), log.validFrom(), log.recordedAt(), null, log.codes(),
            log.categories().toArray(String[]::new));
    return SparkEventLog.of(log.name(), frame(spark, columns, log.size(), schema));
  }

  /**
   * The rows 0 .. size - 1 of {@code columns}, made on the executors from one broadcast copy of the arrays
   * (in local mode the very arrays), instead of shipping rows inside tasks.
   */
  private static Dataset<Row> frame(SparkSession spark, Columns columns, int size, StructType schema) {
    Broadcast<Columns> shared = JavaSparkContext.fromSparkContext(spark.sparkContext()).broadcast(columns);
    int slices = Math.max(1, spark.sparkContext().defaultParallelism());
    return spark.range(0, size, 1, slices).mapPartitions(new Rows(shared), Encoders.row(schema));
  }

  /** Column arrays of a spine (name null: row id, entity, decision time) or a log (name set). */
  private record Columns(String name, long[] entity, long[] validFrom, long[] recordedAt, double[] values,
      int[] codes, String[] categories) implements Serializable {}

  /** Builds each row from the broadcast columns. */
  private static final class Rows implements MapPartitionsFunction<Long, Row> {
    private static final long serialVersionUID = 1L;

    private final Broadcast<Columns> shared;

    Rows(Broadcast<Columns> shared) {
      this.shared = shared;
    }

    @Override
    public Iterator<Row> call(Iterator<Long> ids) {
      Columns c = shared.value();
      return new Iterator<>() {
        @Override
        public boolean hasNext() {
          return ids.hasNext();
        }

        @Override
        public Row next() {
          int i = Math.toIntExact(ids.next());
          if (c.name() == null) {
            return RowFactory.create(i, c.entity()[i], c.validFrom()[i]);
          }
          Object value = c.values() != null ? (Object) c.values()[i]
              : c.codes()[i] < 0 ? null : c.categories()[c.codes()[i]];
          return RowFactory.create(c.entity()[i], c.validFrom()[i], c.recordedAt()[i], (long) i, value);
        }
      };
    }
  }

  /**
   * The joined features of {@code logs}, read from {@code joined} (a {@link SparkPointInTimeJoin} output
   * over {@link #spine}) into arrays in row order: missing values as NaN or code -1, knownAt
   * {@link JoinedFeature#NO_KNOWN_AT}, source -1 where no event qualified. Collects to the driver.
   *
   * @throws IllegalArgumentException if a row is missing or repeated, or a category is not in its log's list
   */
  public static List<JoinedFeature> features(Dataset<Row> joined, int rows, List<EventLog> logs) {
    int features = logs.size();
    double[][] values = new double[features][];
    int[][] codes = new int[features][];
    long[][] knownAt = new long[features][];
    int[][] source = new int[features][];
    List<Map<String, Integer>> codeOf = new ArrayList<>();
    List<String> columns = new ArrayList<>(List.of(ROW_ID));
    for (int f = 0; f < features; f++) {
      EventLog log = logs.get(f);
      boolean numeric = log.kind() == EventLog.Kind.NUMERIC;
      values[f] = numeric ? new double[rows] : null;
      codes[f] = numeric ? null : new int[rows];
      knownAt[f] = new long[rows];
      source[f] = new int[rows];
      Map<String, Integer> codesByName = new HashMap<>();
      if (!numeric) {
        for (int c = 0; c < log.categories().size(); c++) {
          codesByName.put(log.categories().get(c), c);
        }
      }
      codeOf.add(codesByName);
      columns.addAll(List.of(log.name(), log.name() + SparkPointInTimeJoin.KNOWN_AT_SUFFIX,
          log.name() + SparkPointInTimeJoin.SOURCE_ID_SUFFIX));
    }
    boolean[] seen = new boolean[rows];
    for (Row row :
        joined.selectExpr(columns.stream().map(c -> "`" + c + "`").toArray(String[]::new)).collectAsList()) {
      int r = row.getInt(0);
      if (r < 0 || r >= rows || seen[r]) {
        throw new IllegalArgumentException("row " + r + " of the joined frame is out of range or repeated");
      }
      seen[r] = true;
      for (int f = 0; f < features; f++) {
        int at = 1 + 3 * f;
        knownAt[f][r] = row.isNullAt(at + 1) ? JoinedFeature.NO_KNOWN_AT : row.getLong(at + 1);
        source[f][r] = row.isNullAt(at + 2) ? -1 : Math.toIntExact(row.getLong(at + 2));
        if (values[f] != null) {
          values[f][r] = row.isNullAt(at) ? Double.NaN : row.getDouble(at);
        } else if (row.isNullAt(at)) {
          codes[f][r] = -1;
        } else {
          Integer code = codeOf.get(f).get(row.getString(at));
          if (code == null) {
            throw new IllegalArgumentException("category '" + row.getString(at) + "' of feature '"
                + logs.get(f).name() + "' is not in its log's list " + logs.get(f).categories());
          }
          codes[f][r] = code;
        }
      }
    }
    for (int r = 0; r < rows; r++) {
      if (!seen[r]) {
        throw new IllegalArgumentException("row " + r + " is missing from the joined frame");
      }
    }
    List<JoinedFeature> out = new ArrayList<>();
    for (int f = 0; f < features; f++) {
      EventLog log = logs.get(f);
      out.add(values[f] != null
          ? new JoinedFeature.Numeric(log.name(), values[f], knownAt[f], source[f])
          : new JoinedFeature.Categorical(log.name(), codes[f], log.categories(), knownAt[f], source[f]));
    }
    return out;
  }
}
