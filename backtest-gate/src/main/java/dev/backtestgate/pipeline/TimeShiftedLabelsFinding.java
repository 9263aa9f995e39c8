package dev.backtestgate.pipeline;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Kind {@code time-shifted-labels}: the pipeline, refitted on each training row's next-decision label (the label of
 * the same entity's next decision), ranks the test rows whose next label differs from their own by the next label,
 * significantly ({@code backtestgate.time-shift-alpha}) and by more than {@code backtestgate.time-shift-min-step}
 * above 0.5. Its features know the next period at decision time. Resolved by a covering sign-off.
 *
 * @param toNext test rows whose own label is 0 and next 1
 * @param toOwn test rows whose own label is 1 and next 0
 * @param auc the shifted refit's AUC against the next label on those rows
 * @param ciLower the lower end of its 95% interval
 * @param ciUpper the upper end
 * @param p the one-sided p-value of an AUC at most 0.5
 * @param alpha the level
 * @param minStep the smallest step above 0.5 that fails
 * @param trainingRows the training rows with a next decision, on which the shifted refit was fitted
 * @param examples rows the shifted refit scores highest among those whose own label is 0 and next 1, as text
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record TimeShiftedLabelsFinding(int toNext, int toOwn, double auc, double ciLower, double ciUpper, double p,
    double alpha, double minStep, int trainingRows, List<String> examples) implements Finding {
  /** The kind. */
  public static final String KIND = "time-shifted-labels";

  /** Copies. */
  public TimeShiftedLabelsFinding {
    examples = List.copyOf(examples);
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public Resolution resolution() {
    return Resolution.SIGN_OFF;
  }

  @Override
  public Rendering render() {
    String headline = fmt("The pipeline predicts the next decision's labels: refitted on them, it ranks the %,d test "
        + "rows whose next label differs from their own by the next label, AUC %.3f.", toNext + toOwn, auc);
    List<String> lines = new ArrayList<>();
    lines.add(headline);
    lines.add(fmt("  %,d rows go from label 0 to a next label of 1, %,d from 1 to 0; AUC %.3f against the next label "
        + "(95%% interval %.3f to %.3f), one-sided p %s below alpha %.2f, and %.3f above 0.5 (at least %.3f fails)",
        toNext, toOwn, auc, ciLower, ciUpper, p < 1e-15 ? "< 1e-15" : fmt("= %.2g", p), alpha, auc - 0.5, minStep));
    lines.add(fmt("  A pipeline that knows only the present ranks those rows by their own label, at or below 0.5. "
        + "Refit on the %,d training rows that have a later decision of their entity, labelled with that decision's "
        + "label.", trainingRows));
    if (!examples.isEmpty()) {
      lines.add("  Rows it scores highest whose own label is 0 and next label 1:");
      examples.forEach(e -> lines.add("    " + e));
    }
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("toNext", toNext);
    evidence.put("toOwn", toOwn);
    evidence.put("auc", auc);
    evidence.put("ciLower", ciLower);
    evidence.put("ciUpper", ciUpper);
    evidence.put("p", p);
    evidence.put("alpha", alpha);
    evidence.put("minStep", minStep);
    evidence.put("trainingRows", trainingRows);
    evidence.put("examples", examples);
    return new Rendering(headline, lines, "A feature computed over a window that ends after the decision (a join on "
        + "the wrong month, a rolling aggregate read at month end) carries the next period's outcome: the backtest "
        + "scores well on what the model could not have known.", "Find the feature that reads ahead: the "
        + "lift-attribution evidence names the one that carries the lift; check the window its values are computed "
        + "over. If a feature honestly forecasts change (a trend, a scheduled event), a reviewer can sign the run off "
        + "saying so.", evidence);
  }
}
