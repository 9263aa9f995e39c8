package dev.backtestgate.report;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.Finding;
import dev.backtestgate.internal.AtomicFiles;
import dev.backtestgate.internal.CanonicalJson;
import dev.backtestgate.internal.FileNames;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * The report of a table's history read on its own, outside a backtest (the command {@code backtest-gate history}):
 * the findings the gate's history rules give, as JSON for tools and as a page, each finding drawn as on a gate's page
 * (its table, its chart of the log's commits). Written atomically under {@code <report dir>/table-history/}, apart
 * from the gates' reports, so neither the build check nor the index reads it as a gate.
 *
 * <pre>{@code
 * HistoryReport.Written w = HistoryReport.write(new ReportFiles(Path.of("target/backtest-gate")),
 *     "delta:/lake/status", "versions 0 to 41", Instant.now(), findings, List.of());
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class HistoryReport {
  /** The directory under the report directory that holds the table history reports. */
  public static final String DIRECTORY = "table-history";
  /** The JSON format's version. */
  static final int SCHEMA = 1;

  private HistoryReport() {}

  /**
   * The files written.
   *
   * @param json the JSON report
   * @param html the page beside it
   */
  public record Written(Path json, Path html) {}

  /**
   * Writes the JSON report and the page of a table's history.
   *
   * @param files the report directory
   * @param table the table as the user named it (e.g. {@code delta:/lake/status})
   * @param read what was read (e.g. the log's versions)
   * @param readAt when it was read
   * @param findings the findings, in order; none when the history is clean
   * @param notes what the reading could not see, one sentence each
   */
  public static Written write(ReportFiles files, String table, String read, Instant readAt, List<Finding> findings,
      List<String> notes) {
    Path json = files.directory().resolve(DIRECTORY).resolve(FileNames.of(table));
    Path html = json.resolveSibling(ReportFiles.htmlName(json.getFileName().toString()));
    AtomicFiles.write(json, json(table, read, readAt, findings, notes));
    AtomicFiles.write(html, html(table, read, readAt, findings, notes));
    return new Written(json, html);
  }

  /** Whether a finding of a table's history asks for something: all but warnings. */
  private static boolean unresolved(Finding f) {
    return f.resolution() != Finding.Resolution.WARNING;
  }

  /** {@code clean}, {@code findings}, or {@code not-checked} when a part could not be read. */
  static String outcome(List<Finding> findings) {
    if (findings.stream().anyMatch(f -> f instanceof Finding.CheckFailed)) {
      return "not-checked";
    }
    return findings.stream().anyMatch(HistoryReport::unresolved) ? "findings" : "clean";
  }

  static String json(String table, String read, Instant readAt, List<Finding> findings, List<String> notes) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("schema", SCHEMA);
    root.put("report", "table-history");
    root.put("table", table);
    root.put("read", read);
    root.put("readAt", readAt.toString());
    root.put("outcome", outcome(findings));
    ArrayNode list = root.putArray("findings");
    for (Finding f : findings) {
      ReportJson.finding(list.addObject(), f, unresolved(f), false);
    }
    ArrayNode noted = root.putArray("notes");
    notes.forEach(noted::add);
    return CanonicalJson.write(root);
  }

  static String html(String table, String read, Instant readAt, List<Finding> findings, List<String> notes) {
    String outcome = outcome(findings);
    String headline = switch (outcome) {
      case "clean" -> "Clean";
      case "findings" -> findings.size() == 1 ? "1 finding" : findings.size() + " findings";
      default -> "Not checked";
    };
    Html out = Page.start(headline + " · " + table + " · backtest-gate", 64_000);
    out.open("header").element("div", "backtest-gate · table history", "class", "kicker").element("h1", table)
        .element("div", "Read " + readAt.truncatedTo(java.time.temporal.ChronoUnit.SECONDS) + " · " + read, "class",
            "meta").close().nl();
    out.open("section", "class", "banner " + ("clean".equals(outcome) ? "passed" : "failed"), "id", "verdict",
        "data-outcome", outcome);
    out.element("div", headline.toUpperCase(Locale.ROOT), "class", "verdict");
    out.open("ul");
    for (Finding f : findings) {
      out.open("li", "class", unresolved(f) ? "finding unresolved" : "finding resolved", "data-kind", f.kind())
          .text(f.render().headline() + " ");
      Page.tag(out, state(f), unresolved(f) ? "bad" : "info");
      out.close();
    }
    if (findings.isEmpty()) {
      out.element("li", "No closed partition was rewritten or written late in what was read.");
    }
    out.close().close().nl();
    if (!findings.isEmpty()) {
      out.open("section", "class", "card", "id", "findings").element("h2", "Findings");
      for (Finding f : findings) {
        FindingCard.write(out, f, unresolved(f), state(f));
      }
      out.close().nl();
    }
    if (!notes.isEmpty()) {
      out.open("section", "class", "card", "id", "notes").element("h2", "What this reading cannot see");
      notes.forEach(note -> out.element("p", note, "class", "note"));
      out.close().nl();
    }
    return Page.end(out, "backtest-gate table history: a self-contained page, no scripts, no network. The JSON "
        + "report beside it carries the same findings for tools.");
  }

  private static String state(Finding f) {
    return switch (f.resolution()) {
      case FIX -> "needs a fix";
      case WARNING -> "warning";
      default -> "needs a review";
    };
  }
}
