package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.lit;

import dev.backtestgate.metrics.AucComparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Models scored on the same validated rows with each model's DeLong placements counted once
 * ({@link ScoreTable#lookups}, collected to the driver), shared by every AUC and paired comparison taken on those
 * rows: an AUC costs no pass, a comparison one scan, and a model joined to the same rows later (one score per row)
 * is compared against any number of them by one count of its own placements and one scan. The numbers are
 * {@link SparkAuc#of}'s and {@link SparkDeLong#compare}'s on the same rows, from the same exact integers; a model
 * with more distinct scores than the bound is measured by those instead (its table kept on the cluster).
 */
final class PlacedModels {
  private final LabelledScores scores;
  private final List<String> names;
  /** {@code tables[m]}: column {@code s<m>}'s placements, or null when it has more distinct scores than the bound. */
  private final ScoreTable.Lookup[] tables;
  private final long maxLookupScores;

  private PlacedModels(LabelledScores scores, List<String> names, ScoreTable.Lookup[] tables, long maxLookupScores) {
    this.scores = scores;
    this.names = names;
    this.tables = tables;
    this.maxLookupScores = maxLookupScores;
  }

  /**
   * The placements of columns {@code s0, s1, ...} of {@code scores}: one aggregation on each score, kept for the
   * models with at most {@code maxLookupScores} distinct scores ({@link ScoreTable#COLLECT_BOUND} in production).
   *
   * @param names the user's names of the columns, for messages
   */
  static PlacedModels of(LabelledScores scores, List<String> names, long maxLookupScores) {
    ScoreTable.Lookup[] tables = new ScoreTable.Lookup[names.size()];
    for (int m = 0; m < tables.length; m++) {
      tables[m] = ScoreTable.lookups(scores.rows, lit(0), "s" + m, new long[] {scores.positives}, names.get(m),
          maxLookupScores).map(t -> t[0]).orElse(null);
    }
    return new PlacedModels(scores, List.copyOf(names), tables, maxLookupScores);
  }

  /** Column {@code s<model>}'s AUC, as {@link SparkAuc#of} gives it. */
  double auc(int model) {
    return tables[model] == null
        ? SparkAuc.of(scores.rows, LabelledScores.LABEL, "s" + model, maxLookupScores)
        : SparkAuc.fromTwiceU(tables[model].twiceU(), scores.positives, scores.negatives);
  }

  /**
   * Column {@code s<candidate>} against column {@code s<baseline>}, as {@link SparkDeLong#compare} gives it: one scan.
   *
   * @throws IllegalArgumentException on a confidence level outside (0, 1), and with fewer than 2 positives or 2
   *     negatives, as {@link SparkDeLong#compare}
   */
  AucComparison compare(int candidate, int baseline, double confidenceLevel) {
    requireComparable(confidenceLevel);
    if (tables[candidate] == null || tables[baseline] == null) {
      return SparkDeLong.compare(scores.rows, LabelledScores.LABEL, "s" + candidate, "s" + baseline,
          confidenceLevel, maxLookupScores);
    }
    return comparisons(scores.rows, List.of("s" + candidate, "s" + baseline),
        new ScoreTable.Lookup[] {tables[candidate], tables[baseline]}, names.get(candidate) + " or "
            + names.get(baseline), confidenceLevel).get(0);
  }

  /**
   * Column {@code candidate} of {@code rows} against each of {@code baselines} (models of these), in that order, as
   * {@link SparkDeLong#compare} on {@code rows} gives them: one count of the candidate's placements and one scan.
   *
   * @param rows these models' rows ({@link LabelledScores#rows} of {@link #of}), each once, with column {@code
   *     candidate} beside (finite scores, -0.0 folded into 0.0): a join on a unique row id
   * @param name the user's name of the candidate, for a message
   * @throws IllegalArgumentException as {@link #compare}
   * @throws IllegalStateException when {@code rows} are not these models' rows (another count of rows)
   */
  List<AucComparison> against(Dataset<Row> rows, String candidate, String name, int[] baselines,
      double confidenceLevel) {
    requireComparable(confidenceLevel);
    Optional<ScoreTable.Lookup[]> table = Optional.empty();
    boolean placed = true;
    for (int b : baselines) {
      placed &= tables[b] != null;
    }
    if (placed) {
      table = ScoreTable.lookups(rows, lit(0), candidate, new long[] {scores.positives}, name, maxLookupScores);
    }
    if (table.isEmpty()) {
      List<AucComparison> out = new ArrayList<>();
      for (int b : baselines) {
        out.add(SparkDeLong.compare(rows, LabelledScores.LABEL, candidate, "s" + b, confidenceLevel,
            maxLookupScores));
      }
      return out;
    }
    List<String> columns = new ArrayList<>(List.of(candidate));
    ScoreTable.Lookup[] models = new ScoreTable.Lookup[baselines.length + 1];
    models[0] = table.get()[0];
    StringBuilder named = new StringBuilder(name);
    for (int m = 0; m < baselines.length; m++) {
      columns.add("s" + baselines[m]);
      models[m + 1] = tables[baselines[m]];
      named.append(m == baselines.length - 1 ? " or " : ", ").append(names.get(baselines[m]));
    }
    return comparisons(rows, columns, models, named.toString(), confidenceLevel);
  }

  /** Refuses what {@link SparkDeLong#compare} refuses before any job: the confidence level, too few of a class. */
  private void requireComparable(double confidenceLevel) {
    SparkDeLong.requireConfidenceLevel(confidenceLevel);
    LabelledScores.requireClasses(scores.positives, scores.negatives, 2, SparkDeLong.NEEDS);
  }

  /** The first of {@code columns} against each of the others, from one scan of {@code rows}. */
  private List<AucComparison> comparisons(Dataset<Row> rows, List<String> columns, ScoreTable.Lookup[] models,
      String named, double confidenceLevel) {
    ScoreTable.Lookup[][] oneGroup = new ScoreTable.Lookup[models.length][];
    for (int m = 0; m < models.length; m++) {
      oneGroup[m] = new ScoreTable.Lookup[] {models[m]};
    }
    SparkDeLong.Sums[] sums = SparkDeLong.scan(rows, lit(0), columns, oneGroup, named)[0];
    List<AucComparison> out = new ArrayList<>();
    for (SparkDeLong.Sums s : sums) {
      if (s.rows != scores.positives + scores.negatives) {
        throw new IllegalStateException("the comparison of " + named + " scanned " + s.rows + " rows where the "
            + "placements were counted over " + (scores.positives + scores.negatives) + ": the rows changed between"
            + " two scans (a join that lost or repeated rows, or a source being written to). Cache or checkpoint"
            + " the frame first.");
      }
      out.add(s.comparison(scores.positives, scores.negatives, confidenceLevel));
    }
    return out;
  }
}
