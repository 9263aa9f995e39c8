package dev.backtestgate.report;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.internal.FileNames;
import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * Where a gate's outputs go under the report directory: {@code <dir>/<gate>.json} for the report,
 * {@code <dir>/<gate>.html} for its page, {@code <dir>/index.html} listing every gate, and
 * {@code <dir>/pending/<gate>.json} for the pending sign-off.
 *
 * <pre>{@code
 * ReportFiles files = new ReportFiles(Path.of("target/backtest-gate"));
 * Path json = files.report("com.acme.ChurnBacktest#gbm");
 * Path html = files.html("com.acme.ChurnBacktest#gbm");   // same name, .html
 * }</pre>
 *
 * @param directory the report directory, made absolute
 */
@API(status = STABLE, since = "0.1")
public record ReportFiles(Path directory) {
  /** Makes the directory absolute and normal. */
  public ReportFiles {
    directory = directory.toAbsolutePath().normalize();
  }

  /** The JSON report of a gate. */
  public Path report(String gateId) {
    return directory.resolve(FileNames.of(gateId));
  }

  /** The HTML report of a gate: the JSON report's name with {@code .html}. */
  public Path html(String gateId) {
    return directory.resolve(htmlName(FileNames.of(gateId)));
  }

  /** The page listing every gate whose JSON report is in the directory. */
  public Path index() {
    return directory.resolve("index.html");
  }

  /** The HTML file name that belongs to a JSON report file name. */
  static String htmlName(String jsonName) {
    return jsonName.substring(0, jsonName.length() - ".json".length()) + ".html";
  }

  /** Where the proposed manifest of a table goes for review (local mode, after a history rewrite). */
  public Path proposedManifest(String table) {
    return directory.resolve(HistoryManifest.PROPOSED_DIR).resolve(FileNames.of(table));
  }

  /** The marker naming the test of this build that writes a gate's report ({@link GateWriters}). */
  Path writer(String gateId) {
    String json = FileNames.of(gateId);
    return directory.resolve(json.substring(0, json.length() - ".json".length()) + GateWriters.ENDING);
  }

  /** The pending sign-off of a gate. */
  public Path pending(String gateId) {
    return directory.resolve("pending").resolve(FileNames.of(gateId));
  }
}
