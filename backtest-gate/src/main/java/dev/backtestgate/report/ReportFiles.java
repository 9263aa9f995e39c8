package dev.backtestgate.report;

import dev.backtestgate.review.GateFileNames;
import java.nio.file.Path;

/**
 * Where a gate's outputs go under the report directory: {@code <dir>/<gate>.json} for the report and
 * {@code <dir>/pending/<gate>.json} for the pending sign-off.
 *
 * <pre>{@code
 * ReportFiles files = new ReportFiles(Path.of("target/backtest-gate"));
 * Path json = files.report("com.acme.ChurnBacktest#gbm");
 * }</pre>
 *
 * @param directory the report directory, made absolute
 */
public record ReportFiles(Path directory) {
  /** Makes the directory absolute and normal. */
  public ReportFiles {
    directory = directory.toAbsolutePath().normalize();
  }

  /** The JSON report of a gate. */
  public Path report(String gateId) {
    return directory.resolve(GateFileNames.of(gateId));
  }

  /** The pending sign-off of a gate. */
  public Path pending(String gateId) {
    return directory.resolve("pending").resolve(GateFileNames.of(gateId));
  }
}
