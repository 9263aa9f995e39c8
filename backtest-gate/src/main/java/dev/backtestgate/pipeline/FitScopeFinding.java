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
 * Kind {@code fit-scope}: the recorded candidate scores are not what the backtest's pipeline gives when fitted on the
 * training rows alone, beyond the pipeline's own noise. Something in fitting saw rows it must not: a scaler, an
 * imputer or a binning fitted on training and test rows, a feature selection or a search over them, a target
 * encoding computed in-sample. Only a fix resolves it.
 *
 * @param rows the test rows
 * @param outside the rows outside the tolerance
 * @param tolerance the largest difference taken for noise
 * @param recordedAuc the AUC of the recorded scores
 * @param refitAuc the AUC of the refit on the training rows alone
 * @param largest the largest differences: row, recorded, refit
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record FitScopeFinding(int rows, int outside, double tolerance, double recordedAuc, double refitAuc,
    List<double[]> largest) implements Finding {
  /** The kind. */
  public static final String KIND = "fit-scope";

  /** Copies. */
  public FitScopeFinding {
    largest = List.copyOf(largest);
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public Resolution resolution() {
    return Resolution.FIX;
  }

  @Override
  public Rendering render() {
    String headline = fmt("The candidate scores are not what the pipeline gives when fitted on the training rows "
        + "alone: %,d of %,d test rows differ.", outside, rows);
    List<String> lines = new ArrayList<>();
    lines.add(headline);
    lines.add(fmt("  AUC of the recorded scores %.4f, of the refit on training rows alone %.4f (%+.4f)", recordedAuc,
        refitAuc, refitAuc - recordedAuc));
    lines.add(fmt("  a difference above %.3g counts (three times the largest difference between two refits on the "
        + "same rows, plus rounding)", tolerance));
    List<Map<String, Object>> examples = new ArrayList<>();
    for (int k = 0; k < largest.size(); k++) {
      double[] e = largest.get(k);
      lines.add(fmt("%s row %d: recorded %.6g, refit %.6g", k == 0 ? "  e.g. " : "       ", (int) e[0], e[1], e[2]));
      Map<String, Object> example = new LinkedHashMap<>();
      example.put("row", (int) e[0]);
      example.put("recorded", e[1]);
      example.put("refit", e[2]);
      examples.add(example);
    }
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("rows", rows);
    evidence.put("rowsOutsideTolerance", outside);
    evidence.put("tolerance", tolerance);
    evidence.put("recordedAuc", recordedAuc);
    evidence.put("refitAuc", refitAuc);
    evidence.put("largestDifferences", examples);
    return new Rendering(headline, lines, "Scores that the training rows alone cannot reproduce were fitted with "
        + "rows the model must not see: preprocessing (a scaler, an imputer, a binning), a feature selection, a "
        + "target encoding or a parameter search that looked at the test rows. The backtest then measures a model "
        + "that will not exist in production.", "Fit every step of the pipeline on the training rows only (fit on "
        + "training, transform test), and record the scores of that fit.", evidence);
  }
}
