package dev.backtestgate.report;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOffJson;
import java.nio.file.Path;

/**
 * Publishes a gate result: writes its JSON and HTML reports, regenerates the directory's
 * {@code index.html}, in {@link Mode#LOCAL} also writes the pending sign-off when one is needed, and
 * renders the console text. Every file is written atomically under the report directory; nothing is ever
 * written into the review directory.
 *
 * <pre>{@code
 * PublishedGate g = GateReporter.publish(run, result, Mode.AUTO.resolve(System.getenv()),
 *     new ReportFiles(Path.of("target/backtest-gate")), ReviewStore.directory(Path.of("leakage-reviews")));
 * }</pre>
 */
public final class GateReporter {
  private GateReporter() {}

  /**
   * Writes the files and renders the text.
   *
   * @param run the run that was evaluated (reports draw its ROC curves)
   * @param result what {@code BacktestGate.evaluate} decided about it
   * @param mode the effective mode; {@link Mode#AUTO} must be resolved first
   * @throws IllegalArgumentException when the report directory lies inside the review directory (the
   *     gate would write next to committed sign-offs)
   */
  public static PublishedGate publish(
      BacktestRun run, GateResult result, Mode mode, ReportFiles files, ReviewStore reviews) {
    if (mode == Mode.AUTO) {
      throw new IllegalArgumentException("mode auto must be resolved before publishing: call "
          + "Mode.AUTO.resolve(System.getenv()).");
    }
    Path reviewDir = reviews.directory();
    if (files.directory().startsWith(reviewDir)) {
      throw new IllegalArgumentException("The report directory " + files.directory() + " lies inside the review "
          + "directory " + reviewDir + ": the gate never writes next to committed sign-offs. Set "
          + "backtestgate.report-dir to a build output directory such as target/backtest-gate.");
    }
    Path pending = files.pending(result.gateId());
    boolean writePending = mode == Mode.LOCAL && result.verdict() == Verdict.FAILED && result.needsSignOff();
    if (writePending) {
      AtomicFiles.write(pending, SignOffJson.write(PendingSignOffs.from(result)));
    }
    Path report = files.report(result.gateId());
    Path html = files.html(result.gateId());
    PublishedGate withoutText = new PublishedGate(result, mode, report, html, pending, writePending, reviewDir, "");
    PublishedGate gate = new PublishedGate(result, mode, report, html, pending, writePending, reviewDir,
        GateText.render(withoutText));
    // The page first, then the JSON: whoever lists the directory and sees the JSON finds the page beside it.
    AtomicFiles.write(html, HtmlReport.render(gate, ReportEvidence.of(run)));
    AtomicFiles.write(report, ReportJson.write(result, pending, writePending));
    ReportIndex.update(files);
    return gate;
  }
}
