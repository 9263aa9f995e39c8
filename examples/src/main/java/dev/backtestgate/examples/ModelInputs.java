package dev.backtestgate.examples;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Turns {@link SourceFeatures} into the numeric columns a model trains on. Which columns depends on the
 * model's {@link Columns} set; every column is derived from the listed source features only, so the gate
 * knows exactly which knowledge times to check.
 *
 * <pre>{@code
 * ModelInputs x = ModelInputs.of(features, world, ModelInputs.Columns.CHALLENGER);
 * double[][] matrix = x.matrix();
 * }</pre>
 *
 * @param names the column names
 * @param matrix one row per decision row, one entry per column
 * @param sources the source features the columns are derived from
 */
record ModelInputs(List<String> names, double[][] matrix, List<String> sources) {

  private static final double DAYS_PER_MONTH = 30.44;

  /** Copies the lists. */
  ModelInputs {
    names = List.copyOf(names);
    sources = List.copyOf(sources);
  }

  /** Which columns a model sees. */
  enum Columns {
    /** The production scorecard: latest status, utilization, tenure. */
    SCORECARD(false, false),
    /** The challenger: the scorecard's columns plus the worst status of 12 months and the credit limit. */
    CHALLENGER(true, false),
    /** The challenger with the payments feed: everything in {@link #CHALLENGER} plus the payment ratio. */
    CHALLENGER_WITH_PAYMENTS(true, true);

    final boolean history;
    final boolean payments;

    Columns(boolean history, boolean payments) {
      this.history = history;
      this.payments = payments;
    }
  }

  /** The columns of {@code set} for every row of {@code f}. */
  static ModelInputs of(SourceFeatures f, CreditWorld world, Columns set) {
    if (set.payments && f.paymentRatio() == null) {
      throw new IllegalArgumentException("columns " + set + " need the payment ratio, but these features were read "
          + "without the payments feed: read them with PointInTimeFeatures.read(..., withPayments = true).");
    }
    List<String> names = new ArrayList<>(List.of("status_dpd30", "status_dpd60", "status_dpd90", "status_review",
        "utilization", "tenure_months"));
    List<String> sources = new ArrayList<>(List.of(SourceFeatures.STATUS, SourceFeatures.BALANCE,
        SourceFeatures.CREDIT_LIMIT, SourceFeatures.TENURE));
    if (set.history) {
      names.addAll(List.of("worst_status_12m", "log_credit_limit"));
      sources.add(SourceFeatures.WORST_STATUS);
    }
    if (set.payments) {
      names.add("payment_ratio");
      sources.add(SourceFeatures.PAYMENT_RATIO);
    }
    Collections.sort(sources);
    double[][] matrix = new double[f.size()][names.size()];
    for (int i = 0; i < matrix.length; i++) {
      fillRow(f, world, set, i, matrix[i]);
      requireFinite(matrix[i], i, names);
    }
    return new ModelInputs(names, matrix, sources);
  }

  private static void fillRow(SourceFeatures f, CreditWorld world, Columns set, int i, double[] row) {
    int account = f.rows().account()[i];
    double limit = world.accounts().creditLimit()[account];
    Status status = StatusCodes.meaning(f.statusCode()[i]);
    row[0] = status == Status.DPD30 ? 1 : 0;
    row[1] = status == Status.DPD60 ? 1 : 0;
    row[2] = status.isDefault() ? 1 : 0;
    row[3] = status == Status.HOLD ? 1 : 0;
    row[4] = f.balance()[i] / limit;
    row[5] = (f.rows().decisionAt()[i] - world.accounts().openedAt()[account]) / (DAYS_PER_MONTH * Timeline.DAY);
    if (set.history) {
      row[6] = f.worstStatus12m()[i];
      row[7] = Math.log(limit);
    }
    if (set.payments) {
      row[8] = f.paymentRatio()[i];
    }
  }

  private static void requireFinite(double[] row, int i, List<String> names) {
    for (int c = 0; c < row.length; c++) {
      if (!Double.isFinite(row[c])) {
        throw new IllegalArgumentException("model input row " + i + " has " + row[c] + " in column '" + names.get(c)
            + "': every decision row needs a known value of each feature. Check the as-of read of that feature "
            + "(a row without any earlier event has no value).");
      }
    }
  }

  /** These columns and one more, {@code values} per row, derived from the source feature of the same name. */
  ModelInputs with(String column, double[] values) {
    if (values.length != rows()) {
      throw new IllegalArgumentException("column '" + column + "' has " + values.length + " values for " + rows()
          + " rows: pass one value per row.");
    }
    List<String> columns = new ArrayList<>(names);
    columns.add(column);
    double[][] extended = new double[rows()][];
    for (int i = 0; i < extended.length; i++) {
      extended[i] = java.util.Arrays.copyOf(matrix[i], matrix[i].length + 1);
      extended[i][matrix[i].length] = values[i];
    }
    List<String> from = new ArrayList<>(sources);
    from.add(column);
    Collections.sort(from);
    return new ModelInputs(columns, extended, from);
  }

  /** Number of rows. */
  int rows() {
    return matrix.length;
  }
}
