package dev.backtestgate.cli.workflow;

import static java.util.Locale.ROOT;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.internal.JsonTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads the gates' JSON reports from a report directory with Jackson's streaming parser ({@link JsonTrees}), without
 * the core's report classes: each top-level {@code *.json} file whose {@code schema} is a report schema this plugin
 * reads. Anything else (foreign JSON, a partly written file, a file over the size limit) is listed as skipped with
 * the reason.
 *
 * <pre>{@code
 * GateReports.Listing listing = GateReports.read(Path.of("target/backtest-gate"));
 * listing.reports().forEach(r -> System.out.println(r.headline()));
 * }</pre>
 */
final class GateReports {
  /** Largest report file read; a larger one is skipped, never read into memory. */
  static final long MAX_BYTES = 64L << 20;

  /** The report format this plugin reads: findings keyed by kind, with their headline. */
  static final int REPORT_SCHEMA = 2;

  /** The members of a report this plugin reads; the others (curves, evidence, the claim) are skipped unbuilt. */
  private static final Set<String> READ = Set.of("schema", "gate", "verdict", "fingerprint", "comparison", "policy",
      "findings", "signOff", "pendingSignOff", "run");

  private static final List<String> VERDICTS = List.of("PASSED", "PASSED_WITH_SIGN_OFF", "FAILED");

  private GateReports() {}

  /**
   * The reports of a directory and what was skipped.
   *
   * @param reports the readable reports, by file name
   * @param skipped one line per skipped JSON file: its name and why
   */
  record Listing(List<GateReport> reports, List<String> skipped) {
    Listing {
      reports = List.copyOf(reports);
      skipped = List.copyOf(skipped);
    }
  }

  /** Reads every report in {@code dir}; an absent directory has none. */
  static Listing read(Path dir) {
    if (!Files.isDirectory(dir)) {
      return new Listing(List.of(), List.of());
    }
    List<Path> files;
    try (Stream<Path> listing = Files.list(dir)) {
      files = listing.filter(p -> p.getFileName().toString().endsWith(".json")
              && !p.getFileName().toString().startsWith(".")
              && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
          .sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not list the report directory " + dir + ": " + e.getMessage(), e);
    }
    List<GateReport> reports = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    for (Path file : files) {
      try {
        reports.add(readOne(file));
      } catch (IOException | IllegalArgumentException e) {
        skipped.add(file.getFileName() + ": " + e.getMessage());
      }
    }
    return new Listing(reports, skipped);
  }

  /**
   * Reads one report.
   *
   * @throws IllegalArgumentException naming the JSON path when the file is not a report this plugin reads
   * @throws IOException when it cannot be read
   */
  static GateReport readOne(Path file) throws IOException {
    long size = Files.size(file);
    if (size > MAX_BYTES) {
      throw new IllegalArgumentException(String.format(ROOT, "%,d bytes, over the %,d-byte limit for a report",
          size, MAX_BYTES));
    }
    JsonNode root;
    try {
      root = JsonTrees.read(Files.readAllBytes(file), READ);
    } catch (IOException e) {
      throw new IllegalArgumentException("not readable JSON (a foreign or partly written file): "
          + firstLine(e.getMessage()));
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("$ is not a JSON object");
    }
    JsonNode schema = root.get("schema");
    if (schema == null || !schema.canConvertToInt() || !schema.isIntegralNumber()) {
      throw new IllegalArgumentException("no $.schema number: not a backtest-gate report");
    }
    if (schema.intValue() != REPORT_SCHEMA) {
      throw new IllegalArgumentException("report schema " + schema.intValue() + ", this plugin reads schema "
          + REPORT_SCHEMA + " (a report written by another version of backtest-gate: rebuild)");
    }
    JsonNode comparison = object(root, "comparison");
    GateReport.Lift lift = null;
    if (comparison.path("available").asBoolean(false)) {
      JsonNode ci = comparison.path("liftCi");
      lift = new GateReport.Lift(comparison.path("candidate").asText(""), comparison.path("baseline").asText(""),
          number(comparison.get("lift")), number(ci.get(0)), number(ci.get(1)), number(comparison.get("confidence")));
    }
    List<GateReport.Finding> findings = new ArrayList<>();
    JsonNode array = root.get("findings");
    if (array == null || !array.isArray()) {
      throw new IllegalArgumentException("$.findings is missing or not an array");
    }
    for (JsonNode f : array) {
      findings.add(new GateReport.Finding(f.path("kind").asText("unknown"), f.path("subject").asText(""),
          f.path("resolution").asText(""), f.path("unresolved").asBoolean(true), f.path("headline").asText("")));
    }
    String verdict = text(root, "verdict");
    if (!VERDICTS.contains(verdict)) {
      // An unknown verdict must not read as a pass: the test then counts as one without a report.
      throw new IllegalArgumentException("$.verdict '" + verdict + "' is not a verdict (" + String.join(", ", VERDICTS)
          + ")");
    }
    String pending = root.path("pendingSignOff").path("file").asText("");
    return new GateReport(file, Files.getLastModifiedTime(file).toInstant(), text(root, "gate"),
        verdict, root.path("fingerprint").asText(""), lift,
        number(root.path("policy").get("maxLift")), findings, root.path("signOff").path("status").asText("unknown"),
        pending.isEmpty() ? null : Path.of(pending), root.path("pendingSignOff").path("written").asBoolean(false),
        data(root.path("run").get("data")));
  }

  /** {@code $.run.data}, or {@code null} when the report has none. */
  private static GateReport.Data data(JsonNode data) {
    if (data == null || data.isNull()) {
      return null;
    }
    if (!data.isObject() || !data.path("historyTables").isArray()) {
      throw new IllegalArgumentException("$.run.data is not an object with a historyTables array");
    }
    Instant latest = null;
    JsonNode latestNode = data.get("latestDecision");
    if (latestNode != null && latestNode.isTextual()) {
      try {
        latest = Instant.parse(latestNode.asText());
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException("$.run.data.latestDecision is not an instant: " + latestNode);
      }
    }
    List<String> tables = new ArrayList<>();
    for (JsonNode t : data.get("historyTables")) {
      if (!t.path("table").isTextual()) {
        throw new IllegalArgumentException("$.run.data.historyTables[" + tables.size() + "].table is not text");
      }
      tables.add(t.path("table").asText());
    }
    return new GateReport.Data(latest, tables);
  }

  private static JsonNode object(JsonNode root, String field) {
    JsonNode node = root.get(field);
    if (node == null || !node.isObject()) {
      throw new IllegalArgumentException("$." + field + " is missing or not an object");
    }
    return node;
  }

  private static String text(JsonNode root, String field) {
    JsonNode node = root.get(field);
    if (node == null || !node.isTextual()) {
      throw new IllegalArgumentException("$." + field + " is missing or not text");
    }
    return node.asText();
  }

  private static double number(JsonNode node) {
    return node != null && node.isNumber() ? node.doubleValue() : Double.NaN;
  }

  private static String firstLine(String message) {
    String text = message == null ? "" : message;
    int end = text.indexOf('\n');
    return end < 0 ? text : text.substring(0, end);
  }
}
