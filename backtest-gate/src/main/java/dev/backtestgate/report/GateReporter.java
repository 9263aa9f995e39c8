package dev.backtestgate.report;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.RewrittenHistoryFinding;
import dev.backtestgate.internal.AtomicFiles;
import dev.backtestgate.internal.BoundedFiles;
import dev.backtestgate.internal.StrictJson;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import dev.backtestgate.review.SignOffStatus;
import dev.backtestgate.trials.TrialKey;
import dev.backtestgate.trials.TrialRecorder;
import dev.backtestgate.trials.TrialsChecks;
import dev.backtestgate.trials.TrialsEvidence;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * Publishes a gate result: writes its JSON and HTML reports, regenerates the directory's
 * {@code index.html}, and in {@link Mode#LOCAL} also writes the pending sign-off when one is needed and the
 * proposed manifest of each rewritten table. Every file is written atomically under the report directory;
 * nothing is ever written into the review directory, and no gate's report overwrites another gate's.
 *
 * <p>The mode is the result's policy's: resolve {@link Mode#AUTO} once, when building the policy
 * ({@code policy.withMode(policy.mode().resolve(System.getenv()))}).
 *
 * <pre>{@code
 * PublishedGate g = GateReporter.publish(run, result, new ReportFiles(Path.of("target/backtest-gate")),
 *     ReviewStore.directory(Path.of("leakage-reviews")));
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class GateReporter {
  /** Reports are small; a larger file under a report's name is not one of ours. */
  static final int MAX_REPORT_BYTES = 64 * 1024 * 1024;

  private GateReporter() {}

  /**
   * Where the files go and what the console says, without touching the disk.
   *
   * @throws IllegalArgumentException when the mode is still {@code auto}, or the report directory and the
   *     review directory overlap
   */
  public static PublishedGate plan(GateResult result, ReportFiles files, ReviewStore reviews) {
    Mode mode = result.policy().mode();
    if (mode == Mode.AUTO) {
      throw new IllegalArgumentException("mode auto must be resolved before publishing: build the policy with "
          + "policy.withMode(Mode.AUTO.resolve(System.getenv())).");
    }
    Path reviewDir = reviews.directory();
    boolean local = mode == Mode.LOCAL;
    // a rejected review needs new evidence even when nothing else asks for a review: the next steps point to it
    boolean writePending = local && result.verdict() == Verdict.FAILED
        && (result.needsSignOff() || result.signOff().rejected());
    List<Path> proposed = new ArrayList<>();
    if (local) {
      for (Finding f : result.findings()) {
        if (f instanceof RewrittenHistoryFinding history && history.result().proposed() != null) {
          proposed.add(files.proposedManifest(history.result().table()));
        }
      }
    }
    PublishedGate gate = new PublishedGate(result, mode, files.report(result.gateId()), files.html(result.gateId()),
        files.pending(result.gateId()), writePending, reviewDir, proposed, "");
    return gate.withText(GateText.render(gate));
  }

  /**
   * Writes the files and renders the text.
   *
   * @param run the run that was evaluated (reports draw its ROC curves)
   * @param result what {@code BacktestGate.evaluate} decided about it
   * @throws IllegalArgumentException as {@link #plan} does, and when another gate's report already holds this
   *     gate's file name (two gate ids that map to one file)
   */
  public static PublishedGate publish(BacktestRun run, GateResult result, ReportFiles files, ReviewStore reviews) {
    TrialsChecks.Recorded trials = TrialsChecks.recorded(TrialKey.of(run), result.comparison(), result.policy(), run);
    return publish(result, files, reviews, () -> ReportEvidence.of(run, result),
        () -> result.comparison() == null ? Optional.empty()
            : Optional.of(Claim.of(result, run).withTrials(trials.claimed())),
        trials.reviewed(), () -> TrialRecorder.append(run, result, Clock.systemUTC()));
  }

  /**
   * Writes the files of a gate judged on {@link GateEvidence} (rows computed elsewhere, such as on Spark) and renders
   * the text: the same report, index entry and pending sign-off as for a run, with a page that lists the AUCs, lift
   * and interval but draws no ROC curve (the scores never reached this JVM).
   *
   * @throws IllegalArgumentException as {@link #publish(BacktestRun, GateResult, ReportFiles, ReviewStore)} does
   */
  @API(status = EXPERIMENTAL, since = "0.2")
  public static PublishedGate publish(GateEvidence evidence, GateResult result, ReportFiles files,
      ReviewStore reviews) {
    TrialsChecks.Recorded trials = TrialsChecks.recorded(key(evidence), result.comparison(), result.policy(), null);
    return publish(result, files, reviews, () -> ReportEvidence.of(evidence),
        () -> Claim.withoutVariances(evidence, result).map(c -> c.withTrials(trials.claimed())),
        trials.reviewed(), () -> TrialRecorder.append(evidence, result, Clock.systemUTC()));
  }

  /** The evidence's trial key, or {@code null} when it carries none (its trials are not counted). */
  private static TrialKey key(GateEvidence evidence) {
    return evidence.part(TrialsEvidence.class).map(TrialsEvidence::key).orElse(null);
  }

  /** Writes the files, then appends the evaluation to the trials ledger (once, after the verdict). */
  private static PublishedGate publish(GateResult result, ReportFiles files, ReviewStore reviews,
      Supplier<ReportEvidence> evidence, Supplier<Optional<Claim>> claim, SignOff.Trials reviewedTrials,
      Supplier<TrialRecorder.Outcome> trial) {
    PublishedGate gate = plan(result, files, reviews);
    ReviewDirectoryGuard.requireApart(files.directory(), gate.reviewDirectory());
    List<Path> targets = new ArrayList<>(List.of(gate.reportFile(), gate.htmlFile(), files.index()));
    if (gate.pendingWritten() || result.verdict().passed()) { // written, or a leftover one cleared
      targets.add(gate.pendingFile());
    }
    targets.addAll(gate.proposedManifests());
    for (Path target : targets) {
      ReviewDirectoryGuard.requireOutside(target, gate.reviewDirectory());
    }
    requireOwnFile(gate.reportFile(), result.gateId());
    Optional<Claim> madeClaim = claim.get();
    if (gate.pendingWritten()) {   // before the trial is appended: the count includes this run either way
      AtomicFiles.write(gate.pendingFile(), SignOffJson.write(PendingSignOffs.from(result, madeClaim,
          reviewedTrials)));
    }
    int next = 0;
    for (Finding f : result.findings()) {
      if (f instanceof RewrittenHistoryFinding history && history.result().proposed() != null
          && next < gate.proposedManifests().size()) {
        HistoryManifest manifest = history.result().proposed();
        AtomicFiles.write(gate.proposedManifests().get(next++), manifest.toJson());
      }
    }
    TrialRecorder.Outcome trials = trial.get();   // once, after the verdict, so that every report says where
    // The page first, then the JSON: whoever lists the directory and sees the JSON finds the page beside it.
    AtomicFiles.write(gate.htmlFile(), HtmlReport.render(gate, evidence.get(), trials));
    AtomicFiles.write(gate.reportFile(), ReportJson.write(gate, madeClaim, trials));
    if (result.verdict().passed()) {
      clearPending(gate.pendingFile());
    }
    ReportIndex.update(files, gate.reportFile().getFileName().toString(), BuildSession.identity());
    return gate.withText(gate.text() + (gate.text().endsWith("\n") ? "" : "\n") + trials.line() + "\n");
  }

  /**
   * Deletes the pending sign-off an earlier run of a gate that now passes left behind: it asks for a review nobody
   * needs, and {@code mvn backtest-gate:pending} would keep listing it. A file already gone is fine: another thread or
   * fork publishing the same passing gate may have removed it first.
   */
  private static void clearPending(Path pending) {
    try {
      if (Files.isRegularFile(pending, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        Files.deleteIfExists(pending);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not remove the pending sign-off " + pending + " of a gate that now passes: "
          + AtomicFiles.reason(e) + ". Check that the report directory is writable, or delete the file.", e);
    }
  }

  /** Refuses to overwrite a report that another gate wrote under the same file name. */
  private static void requireOwnFile(Path report, String gateId) {
    Optional<String> existing;
    try {
      existing = BoundedFiles.readRegular(report, MAX_REPORT_BYTES, "gate report");
    } catch (RuntimeException e) {
      return;
    }
    if (existing.isEmpty()) {
      return;
    }
    String other;
    try {
      other = StrictJson.parse(existing.get()).path("gate").asText("");
    } catch (RuntimeException e) {
      return;
    }
    if (!other.isEmpty() && !other.equals(gateId)) {
      throw new IllegalArgumentException("Gate ids '" + gateId + "' and '" + other + "' map to the same report file "
          + report + ": one would overwrite the other's report. Give one of them another id (@LeakageGated(id = "
          + "\"...\")), or delete the stale report if '" + other + "' no longer exists.");
    }
  }

  /** The report and review directories, compared by real path in both directions. */
  static final class ReviewDirectoryGuard {
    private ReviewDirectoryGuard() {}

    static void requireApart(Path reportDir, Path reviewDir) {
      Path report = real(reportDir);
      Path review = real(reviewDir);
      if (report.startsWith(review)) {
        throw new IllegalArgumentException("The report directory " + reportDir + " lies inside the review directory "
            + reviewDir + ": the gate never writes next to committed sign-offs. Set backtestgate.report-dir to a "
            + "build output directory such as target/backtest-gate.");
      }
      if (review.startsWith(report)) {
        throw new IllegalArgumentException("The review directory " + reviewDir + " lies inside the report directory "
            + reportDir + ": reports would be written among committed sign-offs. Set backtestgate.review-dir to a "
            + "committed folder such as leakage-reviews, outside target/.");
      }
    }

    /**
     * Refuses a file whose directory leads into the review directory through a link below the report
     * directory (a {@code pending} or {@code history-manifests} folder linked to the review directory).
     */
    static void requireOutside(Path file, Path reviewDir) {
      Path directory = real(file.toAbsolutePath().normalize().getParent());
      Path review = real(reviewDir);
      if (directory.startsWith(review)) {
        throw new IllegalArgumentException("The gate would write " + file + " into the review directory "
            + reviewDir + " (" + file.getParent() + " leads there: it is " + directory + "): the gate never writes "
            + "next to committed sign-offs. Remove the link " + file.getParent() + " (the gate creates the folder "
            + "itself), or set backtestgate.report-dir to a build output directory such as target/backtest-gate.");
      }
    }

    /** The real path of the longest existing prefix, with the rest appended: links resolved where they exist. */
    private static Path real(Path path) {
      Path absolute = path.toAbsolutePath().normalize();
      Path existing = absolute;
      while (existing != null && !Files.exists(existing)) {
        existing = existing.getParent();
      }
      if (existing == null) {
        return absolute;
      }
      try {
        return existing.toRealPath().resolve(existing.relativize(absolute));
      } catch (IOException e) {
        throw new UncheckedIOException("Could not resolve " + existing + ": " + e.getMessage(), e);
      }
    }
  }
}
