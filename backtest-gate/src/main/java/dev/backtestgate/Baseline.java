package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;


/**
 * What the candidate is compared with: the production model's scores on the same rows (preferred: the
 * lift then gets a paired DeLong interval), or only its known AUC; and, optionally, the features the baseline
 * already uses, so that the lift attribution judges carriers among the features the candidate adds.
 *
 * <pre>{@code
 * Baseline prod = new Baseline.Scored("prod-v3", prodScores);
 * Baseline legacy = new Baseline.FixedAuc("legacy-scorecard", 0.71);
 * Baseline scorecard = new Baseline.Scored("scorecard-v3", scorecardScores, List.of("score", "age"));
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public sealed interface Baseline permits Baseline.Scored, Baseline.FixedAuc {

  /** The baseline's name, as reports show it. */
  String name();

  /** The baseline's score per row; empty for a baseline known only by its AUC. */
  java.util.Optional<double[]> rowScores();

  /** The baseline's AUC when it is known only by that number; empty for a scored baseline. */
  java.util.OptionalDouble fixedAuc();

  /**
   * The features the baseline model already uses, as declared (empty when none were): a feature the candidate
   * shares with the baseline is shown in the lift attribution but is no carrier of the lift.
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  List<String> features();

  /**
   * Baseline scores on the same rows as the candidate.
   *
   * @param name the baseline's name
   * @param scores one finite score per row
   * @param features the features the baseline uses, each named once (may be empty)
   */
  record Scored(String name, double[] scores, List<String> features) implements Baseline {
    /**
     * Checks and copies the features.
     *
     * @throws IllegalArgumentException when the features are null, or one is null, blank or named twice
     */
    public Scored {
      features = checked(features);
    }

    /** Baseline scores without declared features. */
    public Scored(String name, double[] scores) {
      this(name, scores, List.of());
    }

    @Override
    public java.util.Optional<double[]> rowScores() {
      return java.util.Optional.ofNullable(scores);
    }

    @Override
    public java.util.OptionalDouble fixedAuc() {
      return java.util.OptionalDouble.empty();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Scored other && java.util.Objects.equals(name, other.name)
          && java.util.Arrays.equals(scores, other.scores) && features.equals(other.features);
    }

    @Override
    public int hashCode() {
      return (31 * java.util.Objects.hashCode(name) + java.util.Arrays.hashCode(scores)) * 31 + features.hashCode();
    }

    @Override
    public String toString() {
      return "Scored[" + name + ", " + (scores == null ? "no" : scores.length) + " rows"
          + (features.isEmpty() ? "" : ", features " + features) + "]";
    }
  }

  /**
   * A baseline known only by its AUC. The lift is then reported without a paired interval.
   *
   * @param name the baseline's name
   * @param auc its AUC, in [0, 1]
   * @param features the features the baseline uses, each named once (may be empty)
   */
  record FixedAuc(String name, double auc, List<String> features) implements Baseline {
    /**
     * Checks and copies the features.
     *
     * @throws IllegalArgumentException when the features are null, or one is null, blank or named twice
     */
    public FixedAuc {
      features = checked(features);
    }

    /** A baseline AUC without declared features. */
    public FixedAuc(String name, double auc) {
      this(name, auc, List.of());
    }

    @Override
    public java.util.Optional<double[]> rowScores() {
      return java.util.Optional.empty();
    }

    @Override
    public java.util.OptionalDouble fixedAuc() {
      return java.util.OptionalDouble.of(auc);
    }
  }

  /** The declared features, copied; the one rule for both kinds of baseline. */
  private static List<String> checked(List<String> features) {
    if (features == null) {
      throw new IllegalArgumentException("the baseline's features are null: name the features the baseline model "
          + "uses (baseline(name, scores, \"score\", \"age\")), or none.");
    }
    Set<String> seen = new HashSet<>();
    List<String> out = new ArrayList<>(features.size());
    for (int i = 0; i < features.size(); i++) {
      String feature = features.get(i);
      if (feature == null || feature.isBlank()) {
        throw new IllegalArgumentException("the baseline's feature #" + (i + 1) + " is "
            + (feature == null ? "null" : "blank") + ": name each feature the baseline model uses, e.g. "
            + "baseline(\"scorecard-v3\", scores, \"score\", \"age\").");
      }
      if (!seen.add(feature)) {
        throw new IllegalArgumentException("the baseline's feature '" + feature + "' is named twice: name each "
            + "feature the baseline model uses once.");
      }
      out.add(feature);
    }
    return Collections.unmodifiableList(out);
  }
}
