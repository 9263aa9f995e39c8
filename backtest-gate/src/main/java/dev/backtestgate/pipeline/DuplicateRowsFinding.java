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
 * Kind {@code duplicate-rows}: test rows that copy training rows (to float precision), every feature the pipeline
 * takes and the label alike. A model that memorised them is scored on its own training data. A warning: real data
 * holds honest repeats (two customers alike in every recorded value), and the reviewer decides.
 *
 * @param testRows the test rows
 * @param duplicates the test rows that copy a training row
 * @param examples the first pairs: test row, training row
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record DuplicateRowsFinding(int testRows, int duplicates, List<int[]> examples) implements Finding {
  /** The kind. */
  public static final String KIND = "duplicate-rows";

  /** Copies. */
  public DuplicateRowsFinding {
    examples = List.copyOf(examples);
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public Resolution resolution() {
    return Resolution.WARNING;
  }

  @Override
  public Rendering render() {
    String headline = fmt("%,d of %,d test rows (%.1f%%) are copies of training rows, every feature value (to float "
        + "precision) and the label.", duplicates, testRows, 100.0 * duplicates / testRows);
    List<String> lines = new ArrayList<>();
    lines.add(headline);
    List<Map<String, Object>> pairs = new ArrayList<>();
    for (int k = 0; k < examples.size(); k++) {
      int[] e = examples.get(k);
      lines.add(fmt("%s test row %d copies training row %d", k == 0 ? "  e.g. " : "       ", e[0], e[1]));
      Map<String, Object> pair = new LinkedHashMap<>();
      pair.put("testRow", e[0]);
      pair.put("trainingRow", e[1]);
      pairs.add(pair);
    }
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("testRows", testRows);
    evidence.put("duplicates", duplicates);
    evidence.put("examples", pairs);
    return new Rendering(headline, lines, "A model scored on rows it was trained on is shown answers it memorised: "
        + "the lift on them says nothing about new customers.", "Split by entity or by time so that no row is on "
        + "both sides, or drop the copies from the test rows; honest repeats can stay, with the reviewer's word.",
        evidence);
  }
}
