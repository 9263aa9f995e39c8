package dev.backtestgate.screen.featurelabel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.EvidencePart;
import dev.backtestgate.GateEvidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The feature–label screen's part of {@link GateEvidence}: each screened feature's score, in the order screened
 * (for example {@code SparkFeatureLabelScreen.numeric(...)}); adding a second part appends its scores. A feature
 * that alone separates the classes at or above {@code backtestgate.max-feature-auc}, or perfectly, fails the gate
 * unless the sign-off waives it.
 *
 * <pre>{@code
 * evidence = evidence.with(FeatureScreen.of(SparkFeatureLabelScreen.numeric(scored, "balance", "churned", 0.95)));
 * }</pre>
 *
 * @param scores at most one score per feature of the evidence's summary, at the comparison's confidence level
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FeatureScreen(List<FeatureScore> scores) implements EvidencePart<FeatureScreen> {
  /** Copies the list (which may hold no null). */
  public FeatureScreen {
    scores = List.copyOf(scores);
  }

  /** A screen of the given scores. */
  public static FeatureScreen of(FeatureScore... scores) {
    return new FeatureScreen(List.of(scores));
  }

  /** Both screens' scores, this one's first. */
  @Override
  public FeatureScreen plus(FeatureScreen later) {
    List<FeatureScore> all = new ArrayList<>(scores);
    all.addAll(later.scores);
    return new FeatureScreen(all);
  }

  /** A score of a feature the summary does not have, a feature scored twice, a value out of range. */
  @Override
  public List<String> problems(GateEvidence evidence) {
    List<String> problems = new ArrayList<>();
    Set<String> seen = new TreeSet<>();
    long rows = evidence.summary().rows();
    for (FeatureScore score : scores) {
      if (!evidence.summary().features().contains(score.feature())) {
        problems.add("the feature screen scores '" + score.feature() + "', which is not among the features "
            + evidence.summary().features());
      } else if (!seen.add(score.feature())) {
        problems.add("the feature screen scores '" + score.feature() + "' twice: screen each feature once");
      }
      if (!(score.auc() >= 0.5 && score.auc() <= 1 && score.rawAuc() >= 0 && score.rawAuc() <= 1
          && score.missing() >= 0 && score.missing() <= rows && score.categories() >= 0)) {
        problems.add("the feature screen of '" + score.feature() + "' holds a value out of range (AUC "
            + score.auc() + ", raw AUC " + score.rawAuc() + ", " + score.missing() + " missing of " + rows
            + " rows, " + score.categories() + " categories)");
      }
    }
    return problems;
  }
}
