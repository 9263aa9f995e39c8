package dev.backtestgate.spark;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.review.FingerprintV2;
import dev.backtestgate.review.RowHash;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apiguardian.api.API;

/**
 * The fingerprint of a run whose rows live in a DataFrame: fingerprint version 2 ({@code sha256-v2:}), the same
 * definition the in-memory gate computes ({@link FingerprintV2}), so a sign-off made on either engine covers the
 * same rows on the other, in any order and partitioning. Each task turns its rows into the version's row words and
 * adds them with the core's own per-row hash ({@link RowHash.Sums#add}); the driver adds the tasks' sums and
 * finishes with {@link FingerprintV2#finish}. Nothing of the definition is written here but the mapping from
 * columns to words:
 *
 * <ul>
 *   <li>label: the label column cast to boolean (1 or 0; a null fails);
 *   <li>decision time and each timed feature's knowledge time, in feature-name order: epoch milliseconds
 *       (integral columns or timestamps); a null knowledge time is {@link RowHash#MISSING_TIME}; a null decision
 *       time fails;
 *   <li>each screened numeric feature in name order: {@link RowHash#numericWord} of the value cast to double, a
 *       null as NaN;
 *   <li>each screened categorical feature in name order: an integral category as its number, any other as
 *       {@link RowHash#textWord} of the value cast to string, a null as {@link RowHash#MISSING_CATEGORY}.
 * </ul>
 *
 * <p>The in-memory gate records categories as integer codes; the fingerprints agree when the Spark column holds the
 * same codes. Not the scores (docs/sign-off-format.md).
 *
 * <pre>{@code
 * String fp = SparkFingerprint.compute(scored, "com.acme.ChurnBacktest#gbm", "gbm-v7", "prod-v3",
 *     "label", "decisionTime", new TreeMap<>(Map.of("balance", "balance_knownAt", "limit", null)));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SparkFingerprint {
  /** How a category column becomes a word. */
  private static final byte CATEGORY_NUMBER = 0;
  private static final byte CATEGORY_TEXT = 1;

  private SparkFingerprint() {}

  /**
   * @param knownAtColumns feature name to its knowledge-time column; a {@code null} column is a timeless
   *     feature
   */
  public static String compute(Dataset<Row> data, String gateId, String candidate, String baseline,
      String label, String decisionTime, SortedMap<String, String> knownAtColumns) {
    return compute(data, gateId, candidate, baseline, label, decisionTime, knownAtColumns, new TreeMap<>(),
        new TreeMap<>());
  }

  /**
   * The fingerprint of a run that also screens feature values: the values are row words too, so a sign-off is bound
   * to them, as in memory.
   *
   * @param valueColumns feature name to its numeric value column
   * @param categoryColumns feature name to its category column (any type)
   */
  public static String compute(Dataset<Row> data, String gateId, String candidate, String baseline,
      String label, String decisionTime, SortedMap<String, String> knownAtColumns,
      SortedMap<String, String> valueColumns, SortedMap<String, String> categoryColumns) {
    return compute(data, gateId, candidate, baseline, label, decisionTime, knownAtColumns, valueColumns,
        categoryColumns, new TreeSet<>());
  }

  /**
   * As above, binding the table versions the run read its history at ({@code TableHistory.binding()}, e.g.
   * {@code delta:/lake/status@12}), as an in-memory run's fingerprint does.
   */
  public static String compute(Dataset<Row> data, String gateId, String candidate, String baseline,
      String label, String decisionTime, SortedMap<String, String> knownAtColumns,
      SortedMap<String, String> valueColumns, SortedMap<String, String> categoryColumns,
      SortedSet<String> tableVersions) {
    List<Column> columns = new ArrayList<>();
    columns.add(functions.col("`" + label + "`").cast("boolean"));
    columns.add(SparkColumns.millis(data, decisionTime, "the data"));
    SortedMap<String, Boolean> features = new TreeMap<>();
    for (Map.Entry<String, String> feature : knownAtColumns.entrySet()) {
      features.put(feature.getKey(), feature.getValue() != null);
      if (feature.getValue() != null) {
        columns.add(SparkColumns.millis(data, feature.getValue(), "the data"));
      }
    }
    int times = columns.size() - 1;
    for (String column : valueColumns.values()) {
      columns.add(functions.col("`" + column + "`").cast(DataTypes.DoubleType));
    }
    byte[] categories = new byte[categoryColumns.size()];
    int c = 0;
    for (String column : categoryColumns.values()) {
      boolean number = SparkColumns.integral(SparkColumns.type(data, column));
      categories[c++] = number ? CATEGORY_NUMBER : CATEGORY_TEXT;
      columns.add(functions.col("`" + column + "`").cast(number ? DataTypes.LongType : DataTypes.StringType));
    }
    RowHash.Sums total = new RowHash.Sums();
    for (RowHash.Sums part : data.select(columns.toArray(Column[]::new)).javaRDD()
        .mapPartitions(new RowSums(times, valueColumns.size(), categories)).collect()) {
      total = total.plus(part);
    }
    FingerprintV2.Shape shape = new FingerprintV2.Shape(gateId, candidate, baseline, features,
        new TreeSet<>(valueColumns.keySet()), new TreeSet<>(categoryColumns.keySet()), false, false, false,
        tableVersions);
    return FingerprintV2.finish(shape, total, new RowHash.Sums());
  }

  /** Per task: the sums of its rows' words. */
  private static final class RowSums implements FlatMapFunction<Iterator<Row>, RowHash.Sums>, Serializable {
    private static final long serialVersionUID = 2L;

    private final int times;
    private final int values;
    private final byte[] categories;

    RowSums(int times, int values, byte[] categories) {
      this.times = times;
      this.values = values;
      this.categories = categories;
    }

    @Override
    public Iterator<RowHash.Sums> call(Iterator<Row> rows) {
      RowHash.Sums sums = new RowHash.Sums();
      long[] words = new long[1 + times + values + categories.length];
      while (rows.hasNext()) {
        Row row = rows.next();
        if (row.isNullAt(0) || row.isNullAt(1)) {
          throw new IllegalArgumentException("a row has no label or no decision time: " + row);
        }
        int w = 0;
        words[w++] = RowHash.labelWord(row.getBoolean(0));
        words[w++] = row.getLong(1);
        for (int i = 2; i <= times; i++) {
          words[w++] = row.isNullAt(i) ? RowHash.MISSING_TIME : row.getLong(i);
        }
        for (int i = 1 + times, end = i + values; i < end; i++) {
          words[w++] = RowHash.numericWord(row.isNullAt(i) ? Double.NaN : row.getDouble(i));
        }
        for (int k = 0, i = 1 + times + values; k < categories.length; k++, i++) {
          words[w++] = row.isNullAt(i) ? RowHash.MISSING_CATEGORY
              : categories[k] == CATEGORY_NUMBER ? row.getLong(i) : RowHash.textWord(row.getString(i));
        }
        sums.add(words, w);
      }
      return List.of(sums).iterator();
    }
  }
}
