package dev.backtestgate;

import java.util.List;
import java.util.Map;

/**
 * Whether a finding's evidence can be written by every report, checked when the gate evaluates so that publishing
 * never meets a value it cannot write: no map or list that contains itself, and every other value able to say what
 * it is ({@code toString}).
 */
final class EvidenceValues {
  private EvidenceValues() {}

  /**
   * The first value the JSON report could not write, described with its path, or {@code null} when all can be.
   *
   * @throws RuntimeException from a value's {@code toString}
   */
  static String problem(Map<String, Object> evidence) {
    return problem("evidence", evidence, 0);
  }

  private static String problem(String path, Object value, int depth) {
    if (depth > 32) {
      return path + " nests deeper than 32 levels (a map or list that contains itself?)";
    }
    if (value instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        String found = problem(path + "." + entry.getKey(), entry.getValue(), depth + 1);
        if (found != null) {
          return found;
        }
      }
    } else if (value instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        String found = problem(path + "[" + i + "]", list.get(i), depth + 1);
        if (found != null) {
          return found;
        }
      }
    } else if (value != null && !(value instanceof Number) && !(value instanceof Boolean)) {
      value.toString();   // the report writes other values as text: one that cannot say what it is fails here
    }
    return null;
  }

  /** What the report page would refuse in a finding's figure, or {@code null} when it can show it. */
  static String figureProblem(String figure) {
    if (figure.isEmpty()) {
      return null;
    }
    String lower = figure.strip().toLowerCase(java.util.Locale.ROOT);
    if (!lower.startsWith("<svg") || !lower.endsWith("</svg>")) {
      return "it is not one <svg> element";
    }
    for (String refused : List.of("<script", "javascript:", "<foreignobject", "<iframe", "<image", "href=\"http",
        "href='http", "url(http", "@import")) {
      if (lower.contains(refused)) {
        return "it contains '" + refused + "'";
      }
    }
    if (java.util.regex.Pattern.compile("\\son[a-z]+\\s*=").matcher(lower).find()) {
      return "it has an event handler attribute (on...=)";
    }
    return null;
  }
}
