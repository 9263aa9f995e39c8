package dev.backtestgate.cli.workflow;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.FindingKind;
import dev.backtestgate.internal.JsonTrees;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SARIF 2.1.0 log of a build's gates: one result per unresolved finding kind of each failed gate (and one per
 * gated test that did not run), located at the gated test method's source line, with the kind as rule, that kind's
 * headline as message and the report's path. A gate that failed for a lift and a point-in-time leak is two
 * results, so a code-scanning view filtered by rule shows each. Paths are relative to the top-level project directory ({@code %SRCROOT%}), as code scanning
 * services expect.
 *
 * <pre>{@code
 * String json = Sarif.write(List.of(new Sarif.Result("com.acme.B#gbm", "lift", List.of("lift"), headline, source,
 *     12, report, html)), projectRoot, "0.1.0");
 * }</pre>
 */
final class Sarif {
  /** The file name under the report directory. */
  static final String FILE_NAME = "backtest-gate.sarif";
  static final String SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
  private static final String ROOT = "SRCROOT";

  private Sarif() {}

  /**
   * One result.
   *
   * @param gate the gate id, or the test name for a test that did not run
   * @param rule the rule id: the finding kind this result is about
   * @param kinds every unresolved finding kind of the gate
   * @param message the headline of this kind
   * @param source the test's source file, or {@code null} when unknown
   * @param line the line in it, 0 when unknown
   * @param report the JSON report, or {@code null}
   * @param html the HTML report, or {@code null}
   * @param level the SARIF level: {@code error}, or {@code warning} for a finding that does not fail
   * @param htmlText what the HTML report shows, as its related location's message
   */
  record Result(String gate, String rule, List<String> kinds, String message, Path source, int line, Path report,
      Path html, String level, String htmlText) {
    /** A gate's result: an error, its HTML report the gate's page. */
    Result(String gate, String rule, List<String> kinds, String message, Path source, int line, Path report,
        Path html) {
      this(gate, rule, kinds, message, source, line, report, html, "error",
          "HTML report: both ROC curves and the lift interval");
    }

    Result {
      kinds = List.copyOf(kinds);
    }
  }

  /** The SARIF text. */
  static String write(List<Result> results, Path root, String toolVersion) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode log = f.objectNode();
    log.put("$schema", SCHEMA);
    log.put("version", "2.1.0");
    ObjectNode run = log.putArray("runs").addObject();
    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", "backtest-gate");
    driver.put("version", toolVersion);
    driver.put("informationUri", "https://example.invalid/backtest-gate");
    Map<String, Integer> ruleIndex = new LinkedHashMap<>();
    ArrayNode rules = driver.putArray("rules");
    for (Result r : results) {
      for (String kind : List.of(r.rule())) {
        if (!ruleIndex.containsKey(kind)) {
          ruleIndex.put(kind, ruleIndex.size());
          FindingKind k = FindingKinds.of(kind);
          ObjectNode rule = rules.addObject();
          rule.put("id", k.kind());
          rule.putObject("shortDescription").put("text", k.title());
          rule.putObject("fullDescription").put("text", k.help());
          rule.putObject("help").put("text", k.help());
          rule.putObject("defaultConfiguration").put("level", r.level());
        }
      }
    }
    run.putObject("originalUriBaseIds").putObject(ROOT).put("uri", directoryUri(root));
    ArrayNode out = run.putArray("results");
    for (Result r : results) {
      ObjectNode result = out.addObject();
      result.put("ruleId", r.rule());
      result.put("ruleIndex", ruleIndex.get(r.rule()));
      result.put("level", r.level());
      result.putObject("message").put("text", r.message());
      ObjectNode location = result.putArray("locations").addObject();
      Path where = r.source() != null ? r.source() : r.report();
      if (where != null) {
        ObjectNode physical = location.putObject("physicalLocation");
        artifact(physical.putObject("artifactLocation"), root, where);
        if (r.source() != null && r.line() > 0) {
          physical.putObject("region").put("startLine", r.line());
        }
      }
      location.putArray("logicalLocations").addObject().put("fullyQualifiedName", r.gate()).put("kind", "function");
      // one result per gate and kind: the kind is part of its identity
      result.putObject("partialFingerprints").put("backtestGate/v2", r.gate() + " " + r.rule());
      List<ObjectNode> related = new ArrayList<>();
      int id = 1;
      for (Path p : new Path[] {r.report(), r.html()}) {
        if (p != null) {
          ObjectNode rel = f.objectNode();
          rel.put("id", id++);
          artifact(rel.putObject("physicalLocation").putObject("artifactLocation"), root, p);
          rel.putObject("message").put("text", p.getFileName().toString().endsWith(".html")
              ? r.htmlText() : "JSON report: the evidence");
          related.add(rel);
        }
      }
      if (!related.isEmpty()) {
        result.putArray("relatedLocations").addAll(related);
      }
      ObjectNode properties = result.putObject("properties");
      properties.put("gate", r.gate());
      properties.put("kind", r.rule());
      ArrayNode kinds = properties.putArray("kinds");
      r.kinds().forEach(kinds::add);
      if (r.report() != null) {
        properties.put("report", relative(root, r.report()));
      }
      if (r.html() != null) {
        properties.put("html", relative(root, r.html()));
      }
    }
    return JsonTrees.write(log) + "\n";
  }

  private static void artifact(ObjectNode node, Path root, Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    if (absolute.startsWith(root)) {
      node.put("uri", encode(relative(root, absolute)));
      node.put("uriBaseId", ROOT);
    } else {
      node.put("uri", absolute.toUri().toString());
    }
  }

  private static String relative(Path root, Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    return absolute.startsWith(root) ? root.relativize(absolute).toString().replace('\\', '/')
        : absolute.toString();
  }

  private static String directoryUri(Path root) {
    String uri = root.toUri().toString();
    return uri.endsWith("/") ? uri : uri + "/";
  }

  /** A relative path as a URI reference: every byte outside RFC 3986's path characters percent-encoded. */
  static String encode(String relativePath) {
    StringBuilder out = new StringBuilder();
    for (byte b : relativePath.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xFF);
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~/!$&'()*+,;=:@".indexOf(c) >= 0) {
        out.append(c);
      } else {
        out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
      }
    }
    return out.toString();
  }
}
