package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.NumericType;

/**
 * Validated labels and score columns of a DataFrame, with the counts of positives and negatives: one
 * aggregation over the data. Labels are booleans, integral 0/1, or float/double 0.0/1.0 (Spark ML's convention); scores are numeric, finite and not null;
 * -0.0 is folded into 0.0. Failures follow the in-memory {@code Auc}/{@code DeLong} messages, with an
 * example row instead of an index (rows of a DataFrame have no fixed order).
 */
final class LabelledScores {
  static final String LABEL = "l";

  final Dataset<Row> rows;
  final long positives;
  final long negatives;

  private LabelledScores(Dataset<Row> rows, long positives, long negatives) {
    this.rows = rows;
    this.positives = positives;
    this.negatives = negatives;
  }

  /**
   * {@code rows} has the boolean column {@value #LABEL} and the scores as columns {@code s0, s1, ...}.
   *
   * @param minPerClass the positives and negatives needed
   * @param why what needs them, for the message
   */
  static LabelledScores of(
      Dataset<Row> data, String label, List<String> scores, int minPerClass, String why) {
    return of(data, label, scores, List.of(), minPerClass, why);
  }

  /**
   * As {@link #of(Dataset, String, List, int, String)}, with {@code carried} (expressions over {@code data}, each
   * aliased to a name other than {@value #LABEL} and {@code s0, s1, ...}) kept in {@code rows} as they are.
   */
  static LabelledScores of(Dataset<Row> data, String label, List<String> scores, List<Column> carried,
      int minPerClass, String why) {
    if (data == null) {
      throw new NullPointerException("data must not be null");
    }
    List<String> all = new ArrayList<>(scores);
    all.add(0, label);
    SparkColumns.requireColumns(data, "the data", all.toArray(String[]::new));
    Column labelColumn = labelColumn(data, label);
    List<Column> selected = new ArrayList<>();
    selected.add(labelColumn.as(LABEL));
    List<Column> checks = new ArrayList<>();
    checks.add(count(lit(1)));
    checks.add(sum(when(col(LABEL), 1L).otherwise(0L)));
    checks.add(sum(when(col(LABEL).isNull(), 1L).otherwise(0L)));
    checks.add(sum(when(col("__bad_label"), 1L).otherwise(0L)));
    for (int i = 0; i < scores.size(); i++) {
      selected.add(scoreColumn(data, scores.get(i)).as("s" + i));
      checks.add(sum(when(badScore(col("s" + i)), 1L).otherwise(0L)));
    }
    selected.addAll(carried);
    Dataset<Row> canonical = data.select(
        concat(selected, badLabel(data, label).as("__bad_label")).toArray(Column[]::new));
    Row counts = canonical.agg(checks.get(0), checks.subList(1, checks.size()).toArray(Column[]::new)).first();
    long rows = counts.getLong(0);
    long positives = rows == 0 ? 0 : counts.getLong(1);
    long nullLabels = rows == 0 ? 0 : counts.getLong(2);
    long badLabels = rows == 0 ? 0 : counts.getLong(3);
    requireLabels(data, label, nullLabels, badLabels);
    for (int i = 0; i < scores.size(); i++) {
      requireScores(data, label, scores.get(i), rows == 0 ? 0 : counts.getLong(4 + i));
    }
    long negatives = rows - positives;
    requireClasses(positives, negatives, minPerClass, why);
    return new LabelledScores(canonical.drop("__bad_label"), positives, negatives);
  }

  /**
   * Refuses null labels and labels other than 0/1, counted over all rows, naming an example row of {@code data}
   * (found by a scan of its own, on this error path only).
   */
  static void requireLabels(Dataset<Row> data, String label, long nullLabels, long badLabels) {
    if (nullLabels > 0 || badLabels > 0) {
      throw new IllegalArgumentException(
          "label column '" + label + "' has " + nullLabels + " null label(s) and " + badLabels
              + " label(s) other than 0 and 1; for example " + badLabelExample(data, label)
              + ". Map the classes to true/false (or 1/0) and drop unlabelled rows first.");
    }
  }

  /** The first row with a null or bad label, as "label 0.5 in row [...]". */
  private static String badLabelExample(Dataset<Row> data, String label) {
    List<Row> rows = data.filter(labelColumn(data, label).isNull().or(badLabel(data, label))).limit(1)
        .collectAsList();
    return rows.isEmpty() ? "(none found)" : "label " + rows.get(0).get(rows.get(0).fieldIndex(label)) + " in row "
        + rows.get(0);
  }

  /** Refuses {@code bad} null, NaN or infinite scores of column {@code score}, naming an example row. */
  static void requireScores(Dataset<Row> data, String label, String score, long bad) {
    if (bad > 0) {
      Column column = col("`" + score + "`").cast(DataTypes.DoubleType);
      throw new IllegalArgumentException(
          "score column '" + score + "' has " + bad + " null, NaN or infinite score(s), for example "
              + example(data, label, badScore(column))
              + "; every row needs a finite score: fix the model's output or drop those rows.");
    }
  }

  /** Refuses fewer than {@code minPerClass} positives or negatives; {@code why} names what needs them. */
  static void requireClasses(long positives, long negatives, int minPerClass, String why) {
    if (positives < minPerClass || negatives < minPerClass) {
      String missing = positives < minPerClass ? "positives" : "negatives";
      throw new IllegalArgumentException(
          "labels have " + positives + " positive(s) and " + negatives + " negative(s), too few " + missing
              + ": " + why + " needs at least " + minPerClass + " positive(s) and " + minPerClass
              + " negative(s). Check the label column (true = positive) or widen the test window.");
    }
  }

  /**
   * Column {@code name} of {@code data} as a double score with -0.0 folded into 0.0.
   *
   * @throws IllegalArgumentException if it is not numeric
   */
  static Column scoreColumn(Dataset<Row> data, String name) {
    DataType type = SparkColumns.type(data, name);
    if (!(type instanceof NumericType)) {
      throw new IllegalArgumentException(
          "score column '" + name + "' has type " + type.simpleString() + "; scores must be numeric:"
              + " cast them to double first");
    }
    Column score = col("`" + name + "`").cast(DataTypes.DoubleType);
    return when(score.equalTo(0.0), lit(0.0)).otherwise(score);
  }

  private static List<Column> concat(List<Column> columns, Column last) {
    List<Column> out = new ArrayList<>(columns);
    out.add(last);
    return out;
  }

  static Column labelColumn(Dataset<Row> data, String label) {
    DataType type = SparkColumns.type(data, label);
    Column column = col("`" + label + "`");
    if (type instanceof BooleanType) {
      return column;
    }
    if (SparkColumns.integral(type)) {
      return column.cast(DataTypes.LongType).equalTo(1L);
    }
    if (fractional(type)) {
      return column.cast(DataTypes.DoubleType).equalTo(1.0);
    }
    throw new IllegalArgumentException(
        "label column '" + label + "' has type " + type.simpleString() + "; labels must be boolean, 0/1 or 0.0/1.0:"
            + " map the classes first");
  }

  static Column badLabel(Dataset<Row> data, String label) {
    DataType type = SparkColumns.type(data, label);
    if (type instanceof BooleanType) {
      return lit(false);
    }
    return fractional(type)   // a cast to long would read 0.5 as 0: the value itself is compared
        ? col("`" + label + "`").cast(DataTypes.DoubleType).isin(0.0, 1.0).equalTo(false)
        : col("`" + label + "`").cast(DataTypes.LongType).isin(0L, 1L).equalTo(false);
  }

  /** A float or double column: Spark ML's labels are doubles 0.0 and 1.0. */
  private static boolean fractional(DataType type) {
    return type instanceof org.apache.spark.sql.types.DoubleType || type instanceof org.apache.spark.sql.types.FloatType;
  }

  static Column badScore(Column score) {
    return score.isNull().or(score.isNaN())
        .or(score.equalTo(Double.POSITIVE_INFINITY)).or(score.equalTo(Double.NEGATIVE_INFINITY));
  }

  private static String example(Dataset<Row> data, String label, Column bad) {
    List<Row> rows = data.filter(bad).limit(1).collectAsList();
    return rows.isEmpty() ? "(none found)" : rows.get(0).toString();
  }
}
