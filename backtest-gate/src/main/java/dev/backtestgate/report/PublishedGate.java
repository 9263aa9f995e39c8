package dev.backtestgate.report;

import static org.apiguardian.api.API.Status.STABLE;


import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A gate result after its files were written: where the report is, where the pending sign-off is (or
 * would be), where sign-offs are committed, and the console text.
 *
 * <pre>{@code
 * PublishedGate g = GateReporter.publish(run, result, reportFiles, reviewStore);
 * if (!g.result().verdict().passed()) System.err.println(g.text());
 * }</pre>
 *
 * @param result the gate's decision
 * @param mode the effective mode (never {@link Mode#AUTO})
 * @param reportFile the JSON report, written
 * @param htmlFile the HTML report, written beside the JSON report
 * @param pendingFile where the pending sign-off is written in local mode
 * @param pendingWritten whether it was written by this evaluation
 * @param reviewDirectory where committed sign-offs live
 * @param proposedManifests history manifests of rewritten tables written for review (local mode)
 * @param text the console text
 */
@API(status = STABLE, since = "0.1")
public record PublishedGate(
    GateResult result,
    Mode mode,
    Path reportFile,
    Path htmlFile,
    Path pendingFile,
    boolean pendingWritten,
    Path reviewDirectory,
    List<Path> proposedManifests,
    String text) {

  /** Copies the list. */
  public PublishedGate {
    proposedManifests = List.copyOf(proposedManifests);
  }

  /** This gate with its console text. */
  PublishedGate withText(String value) {
    return new PublishedGate(result, mode, reportFile, htmlFile, pendingFile, pendingWritten, reviewDirectory,
        proposedManifests, value);
  }
}
