package dev.backtestgate.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * One row of the report index, read back from a gate's JSON report ({@link ReportJson}). Anything that
 * does not look like a report of this schema is refused with the JSON path of the problem.
 *
 * @param gate the gate id
 * @param verdict the verdict
 * @param lift the lift, NaN when it could not be computed
 * @param ciLower lower end of the lift interval, NaN when unknown
 * @param ciUpper upper end of the lift interval, NaN when unknown
 * @param paired whether the interval is paired DeLong (else candidate only)
 * @param maxLift the limit applied
 * @param unresolved the headlines of the findings that fail the gate, each prefixed by its kind
 * @param resolved how many findings the sign-off covers or waives
 * @param signOff the sign-off status ({@code missing}, {@code covers}, ...)
 * @param evaluatedOn the evaluation date
 * @param jsonName the JSON report's file name
 * @param htmlName the HTML report's file name, or {@code null} when there is none
 */
record IndexEntry(
    String gate,
    Verdict verdict,
    double lift,
    double ciLower,
    double ciUpper,
    boolean paired,
    double maxLift,
    List<String> unresolved,
    int resolved,
    String signOff,
    String evaluatedOn,
    String jsonName,
    String htmlName) {

  IndexEntry {
    unresolved = List.copyOf(unresolved);
  }

  /**
   * Reads a report tree.
   *
   * @throws IllegalArgumentException naming the JSON path when the tree is not a report this version reads
   */
  static IndexEntry from(JsonNode root, String jsonName, String htmlName) {
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("not a JSON object");
    }
    JsonNode schema = root.get("schema");
    if (schema == null || !schema.isInt()) {
      throw new IllegalArgumentException("no $.schema number: not a backtest-gate report");
    }
    if (schema.intValue() != ReportJson.SCHEMA) {
      throw new IllegalArgumentException("report schema " + schema.intValue() + ", this version reads schema "
          + ReportJson.SCHEMA);
    }
    Verdict verdict;
    try {
      verdict = Verdict.valueOf(text(root, "verdict"));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("$.verdict is not one of PASSED, PASSED_WITH_SIGN_OFF, FAILED");
    }
    JsonNode comparison = object(root, "comparison");
    boolean available = comparison.path("available").asBoolean(false);
    JsonNode ci = comparison.path("liftCi");
    List<String> unresolved = new ArrayList<>();
    int resolved = 0;
    for (JsonNode finding : array(root, "findings")) {
      if (finding.path("unresolved").asBoolean(true)) {
        unresolved.add(describe(finding));
      } else {
        resolved++;
      }
    }
    return new IndexEntry(text(root, "gate"), verdict,
        available ? number(comparison.get("lift")) : Double.NaN,
        available ? number(ci.get(0)) : Double.NaN,
        available ? number(ci.get(1)) : Double.NaN,
        "PAIRED_DELONG".equals(comparison.path("interval").asText()),
        number(object(root, "policy").get("maxLift")),
        unresolved, resolved, object(root, "signOff").path("status").asText("unknown"),
        root.path("evaluatedOn").asText(""), jsonName, htmlName);
  }

  /** A finding as the index lists it: its kind, then its headline (the same words as the report). */
  private static String describe(JsonNode finding) {
    return finding.path("kind").asText("finding") + ": " + finding.path("headline").asText("");
  }

  private static String text(JsonNode root, String field) {
    JsonNode node = root.get(field);
    if (node == null || !node.isTextual()) {
      throw new IllegalArgumentException("$." + field + " is missing or not text");
    }
    return node.asText();
  }

  private static JsonNode object(JsonNode root, String field) {
    JsonNode node = root.get(field);
    if (node == null || !node.isObject()) {
      throw new IllegalArgumentException("$." + field + " is missing or not an object");
    }
    return node;
  }

  private static JsonNode array(JsonNode root, String field) {
    JsonNode node = root.get(field);
    if (node == null || !node.isArray()) {
      throw new IllegalArgumentException("$." + field + " is missing or not an array");
    }
    return node;
  }

  private static double number(JsonNode node) {
    return node != null && node.isNumber() ? node.doubleValue() : Double.NaN;
  }
}
