package dev.backtestgate;

import dev.backtestgate.review.Fingerprint;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffRules;
import dev.backtestgate.review.SignOffStatus;
import dev.backtestgate.time.HistoryCheckResult;
import dev.backtestgate.time.LateWriteReport;
import dev.backtestgate.time.PointInTimeCheck;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Decides whether a backtest result may be believed. Pure: it reads the review store and writes
 * nothing (see {@code dev.backtestgate.report.GateReporter} for reports and pending sign-offs).
 *
 * <p>The gate never passes because something went wrong: a check that throws becomes a
 * {@link Finding.CheckFailed} finding and fails the gate.
 *
 * <pre>{@code
 * GateResult result = BacktestGate.evaluate(run, GatePolicy.defaults(),
 *     ReviewStore.directory(Path.of("leakage-reviews")), Clock.systemUTC());
 * }</pre>
 */
public final class BacktestGate {
  private BacktestGate() {}

  /**
   * Evaluates every check on {@code run} under {@code policy}, and whether the committed sign-off in
   * {@code reviews} covers what needs covering. {@code clock} decides "today" for expiry.
   */
  public static GateResult evaluate(BacktestRun run, GatePolicy policy, ReviewStore reviews, Clock clock) {
    List<Finding> findings = new ArrayList<>();
    Comparison comparison = compare(run, policy, findings);
    if (comparison != null) {
      if (comparison.lift() > policy.maxLift()) {
        findings.add(new Finding.LiftAboveLimit(comparison.lift(), policy.maxLift()));
      }
      if (comparison.candidateAuc() == 1.0) {
        findings.add(new Finding.PerfectCandidate(comparison.candidateAuc()));
      }
    }
    checkPointInTime(run, policy, findings);
    for (LateWriteReport report : run.lateWrites()) {
      if (!report.clean()) {
        findings.add(new Finding.LateWrites(report, policy.lateWrites()));
      }
    }
    for (HistoryCheckResult history : run.historyChecks()) {
      if (!history.clean()) {
        findings.add(new Finding.RewrittenHistory(history));
      }
    }

    String fingerprint = fingerprint(run);
    LocalDate today = LocalDate.now(clock);
    double lift = comparison == null ? Double.NaN : comparison.lift();
    SignOffStatus status = assess(run, reviews, fingerprint, lift, policy, today);

    List<Finding> unresolved = new ArrayList<>();
    List<String> waived = new ArrayList<>();
    Set<String> waivers = status instanceof SignOffStatus.Covers covers
        ? covers.signOff().pointInTimeWaivers().stream().map(SignOff.Waiver::feature).collect(Collectors.toSet())
        : Set.of();
    for (Finding finding : findings) {
      boolean resolved = switch (finding.signOffCan()) {
        case SIGN_OFF -> status.covers();
        case WAIVER -> status.covers() && waivers.contains(((Finding.PointInTime) finding).violation().feature());
        case NONE -> false;
        case WARNING -> true;
      };
      if (!resolved) {
        unresolved.add(finding);
      } else if (finding instanceof Finding.PointInTime pit) {
        waived.add(pit.violation().feature());
      }
    }
    boolean anyReviewed = findings.stream().anyMatch(f -> f.signOffCan().needsReviewer());
    Verdict verdict = !unresolved.isEmpty() || status.failsOnItsOwn() ? Verdict.FAILED
        : anyReviewed ? Verdict.PASSED_WITH_SIGN_OFF : Verdict.PASSED;
    return new GateResult(run.gateId(), verdict, findings, unresolved, comparison, fingerprint, status, waived,
        summary(run), policy, today);
  }

  /** The fingerprint a sign-off for {@code run} must carry. */
  public static String fingerprint(BacktestRun run) {
    SortedMap<String, long[]> times = new TreeMap<>();
    for (FeatureTiming feature : run.features()) {
      times.put(feature.name(), feature instanceof FeatureTiming.KnownAt k ? k.knownAt() : null);
    }
    return Fingerprint.compute(run.gateId(), run.candidateName(), run.baseline().name(), run.labels(),
        run.decisionTimes(), times);
  }

  private static Comparison compare(BacktestRun run, GatePolicy policy, List<Finding> findings) {
    try {
      return LiftComparisons.compare(run, policy.confidence());
    } catch (RuntimeException e) {
      findings.add(new Finding.CheckFailed("lift", "the AUC comparison could not be computed: " + e.getMessage()));
      return null;
    }
  }

  private static void checkPointInTime(BacktestRun run, GatePolicy policy, List<Finding> findings) {
    for (FeatureTiming feature : run.features()) {
      if (feature instanceof FeatureTiming.KnownAt known) {
        try {
          PointInTimeCheck.check(known.name(), run.decisionTimes(), known.knownAt(), policy.availabilityLag())
              .ifPresent(v -> findings.add(new Finding.PointInTime(v)));
        } catch (RuntimeException e) {
          findings.add(new Finding.CheckFailed("point in time of '" + known.name() + "'", e.getMessage()));
        }
      }
    }
  }

  private static SignOffStatus assess(BacktestRun run, ReviewStore reviews, String fingerprint, double lift,
      GatePolicy policy, LocalDate today) {
    try {
      return SignOffRules.assess(reviews, run.gateId(), fingerprint, lift, policy.liftTolerance(), today);
    } catch (RuntimeException e) {
      return new SignOffStatus.Malformed(reviews.locationOf(run.gateId()), "$",
          "the file could not be read (" + e.getMessage() + ").");
    }
  }

  private static RunSummary summary(BacktestRun run) {
    List<String> features = new ArrayList<>();
    List<String> timeless = new ArrayList<>();
    for (FeatureTiming f : run.features()) {
      features.add(f.name());
      if (f instanceof FeatureTiming.Timeless) {
        timeless.add(f.name());
      }
    }
    features.sort(null);
    timeless.sort(null);
    return new RunSummary(run.candidateName(), run.baseline().name(), run.rows(), run.positives(), features,
        timeless);
  }
}
