package dev.backtestgate.pipeline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.Wording;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Rows as a pipeline sees them: named feature columns of {@code double} (NaN for a missing value), and, for training
 * rows, the labels. Scoring rows carry no labels. The columns are the recorded arrays, not copies: a pipeline reads
 * them and must not write them (the gate checks that it did not).
 *
 * <pre>{@code
 * PipelineRows training = PipelineRows.builder()
 *     .feature("balance", trainBalance)
 *     .feature("status", trainStatusCodes)
 *     .labels(trainDefaulted)
 *     .build();
 * float[] matrix = training.rowMajor();   // for trainers that take one row-major array
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class PipelineRows {
  private final List<String> names;
  private final double[][] columns;
  private final boolean[] labels;
  private final int rows;

  private PipelineRows(List<String> names, double[][] columns, boolean[] labels, int rows) {
    this.names = List.copyOf(names);
    this.columns = columns;
    this.labels = labels;
    this.rows = rows;
  }

  /** A builder of rows. */
  public static Builder builder() {
    return new Builder();
  }

  /** The number of rows. */
  public int rows() {
    return rows;
  }

  /** The number of feature columns. */
  public int width() {
    return names.size();
  }

  /** The feature names, in column order. */
  public List<String> featureNames() {
    return names;
  }

  /** The column of {@code feature}, the recorded array itself. */
  public double[] column(String feature) {
    int index = names.indexOf(feature);
    if (index < 0) {
      throw new IllegalArgumentException("these rows have no feature '" + feature + "'; they have " + names);
    }
    return columns[index];
  }

  /** The column at {@code index} (0-based), the recorded array itself. */
  public double[] column(int index) {
    return columns[index];
  }

  /** Whether these rows carry labels (training rows do, scoring rows do not). */
  public boolean hasLabels() {
    return labels != null;
  }

  /**
   * The labels, the recorded array itself.
   *
   * @throws IllegalStateException on scoring rows: a scorer is never shown the labels it is judged on
   */
  public boolean[] labels() {
    if (labels == null) {
      throw new IllegalStateException("these are scoring rows, which carry no labels: a scorer is never shown the "
          + "labels it is judged on");
    }
    return labels;
  }

  /** The labels as 0 and 1, a new array (for trainers that take floats). */
  public float[] labelsAsFloats() {
    boolean[] l = labels();
    float[] out = new float[l.length];
    for (int i = 0; i < l.length; i++) {
      out[i] = l[i] ? 1f : 0f;
    }
    return out;
  }

  /** The features as one row-major array of {@code rows() * width()} floats, a new array. */
  public float[] rowMajor() {
    float[] out = new float[Math.multiplyExact(rows, names.size())];
    for (int c = 0; c < columns.length; c++) {
      double[] column = columns[c];
      for (int r = 0; r < rows; r++) {
        out[r * columns.length + c] = (float) column[r];
      }
    }
    return out;
  }

  /** These rows without {@code feature}: the same arrays, one column fewer. */
  PipelineRows without(String feature) {
    int index = names.indexOf(feature);
    List<String> kept = new ArrayList<>(names);
    kept.remove(index);
    double[][] rest = new double[columns.length - 1][];
    for (int c = 0, k = 0; c < columns.length; c++) {
      if (c != index) {
        rest[k++] = columns[c];
      }
    }
    return new PipelineRows(kept, rest, labels, rows);
  }

  /**
   * The rows at {@code rows} (in that order) with {@code labels} in place of their own: new arrays, one copy of the
   * rows taken.
   */
  PipelineRows select(int[] rows, boolean[] labels) {
    double[][] taken = new double[columns.length][rows.length];
    for (int c = 0; c < columns.length; c++) {
      double[] from = columns[c];
      double[] to = taken[c];
      for (int r = 0; r < rows.length; r++) {
        to[r] = from[rows[r]];
      }
    }
    return new PipelineRows(names, taken, labels, rows.length);
  }

  /** These rows with a copy of their labels, so that a refit that writes to them writes to its own. */
  PipelineRows withOwnLabels() {
    return new PipelineRows(names, columns, labels.clone(), rows);
  }

  /** Scoring rows made of recorded columns, in the order of {@code names}. */
  static PipelineRows scoring(List<String> names, Map<String, double[]> byName, int rows) {
    double[][] columns = new double[names.size()][];
    for (int i = 0; i < names.size(); i++) {
      columns[i] = byName.get(names.get(i));
    }
    return new PipelineRows(names, columns, null, rows);
  }

  @Override
  public String toString() {
    return "PipelineRows[" + rows + " rows, features " + names + (labels == null ? ", no labels" : "") + "]";
  }

  /** Collects columns and labels; {@link #build()} checks them. */
  @API(status = EXPERIMENTAL, since = "0.2")
  public static final class Builder {
    private final Map<String, double[]> columns = new LinkedHashMap<>();
    private boolean[] labels;

    private Builder() {}

    /** A feature column; names are unique. */
    public Builder feature(String name, double[] values) {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("a pipeline feature needs a name, got " + (name == null ? "null" : "'"
            + name + "'"));
      }
      if (values == null) {
        throw new IllegalArgumentException("the values of pipeline feature '" + name + "' are null");
      }
      if (columns.putIfAbsent(name, values) != null) {
        throw new IllegalArgumentException("pipeline feature '" + name + "' is given twice: give each column once");
      }
      return this;
    }

    /** The labels (training rows). */
    public Builder labels(boolean[] labels) {
      if (labels == null) {
        throw new IllegalArgumentException("the labels of the pipeline's training rows are null");
      }
      this.labels = labels;
      return this;
    }

    /**
     * The rows.
     *
     * @throws IllegalArgumentException when there is no feature, when columns differ in length from each other or
     *     from the labels, naming the column and both lengths
     */
    public PipelineRows build() {
      if (columns.isEmpty()) {
        throw new IllegalArgumentException("pipeline rows need at least one feature column");
      }
      Map.Entry<String, double[]> first = columns.entrySet().iterator().next();
      int rows = first.getValue().length;
      for (Map.Entry<String, double[]> column : columns.entrySet()) {
        if (column.getValue().length != rows) {
          throw new IllegalArgumentException("pipeline feature '" + column.getKey() + "' has "
              + Wording.count(column.getValue().length) + " rows, '" + first.getKey() + "' has " + Wording.count(rows)
              + ": give every column "
              + "one value per row");
        }
      }
      if (labels != null && labels.length != rows) {
        throw new IllegalArgumentException("the pipeline's labels have " + Wording.count(labels.length)
            + " rows, its feature "
            + "columns " + rows + ": give one label per row");
      }
      return new PipelineRows(new ArrayList<>(columns.keySet()), columns.values().toArray(double[][]::new), labels,
          rows);
    }
  }

  /** The names, for messages. */
  static String list(List<String> names) {
    return names.isEmpty() ? "none" : "'" + String.join("', '", names) + "'";
  }
}
