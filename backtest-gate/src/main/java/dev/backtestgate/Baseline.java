package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;


/**
 * What the candidate is compared with: the production model's scores on the same rows (preferred: the
 * lift then gets a paired DeLong interval), or only its known AUC.
 *
 * <pre>{@code
 * Baseline prod = new Baseline.Scored("prod-v3", prodScores);
 * Baseline legacy = new Baseline.FixedAuc("legacy-scorecard", 0.71);
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
   * Baseline scores on the same rows as the candidate.
   *
   * @param name the baseline's name
   * @param scores one finite score per row
   */
  record Scored(String name, double[] scores) implements Baseline {
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
      return o instanceof Scored other && name.equals(other.name) && java.util.Arrays.equals(scores, other.scores);
    }

    @Override
    public int hashCode() {
      return 31 * name.hashCode() + java.util.Arrays.hashCode(scores);
    }

    @Override
    public String toString() {
      return "Scored[" + name + ", " + scores.length + " rows]";
    }
  }

  /**
   * A baseline known only by its AUC. The lift is then reported without a paired interval.
   *
   * @param name the baseline's name
   * @param auc its AUC, in [0, 1]
   */
  record FixedAuc(String name, double auc) implements Baseline {
    @Override
    public java.util.Optional<double[]> rowScores() {
      return java.util.Optional.empty();
    }

    @Override
    public java.util.OptionalDouble fixedAuc() {
      return java.util.OptionalDouble.of(auc);
    }
  }
}
