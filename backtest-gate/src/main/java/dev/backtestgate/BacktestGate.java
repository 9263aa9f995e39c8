package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.internal.Beside;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.review.Fingerprint;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffRules;
import dev.backtestgate.review.SignOffStatus;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Decides whether a backtest result may be believed. Pure: it reads the review store and writes
 * nothing (see {@code dev.backtestgate.report.GateReporter} for reports and pending sign-offs).
 *
 * <p>It runs the built-in {@link Check}s and those added to the run, then asks whether the committed
 * sign-off covers what needs covering. The gate never passes because something went wrong: a check that
 * throws, or returns a finding that cannot be shown, becomes a {@link Finding.CheckFailed} finding and fails
 * the gate.
 *
 * <pre>{@code
 * GateResult result = BacktestGate.evaluate(run, GatePolicy.defaults(),
 *     ReviewStore.directory(Path.of("leakage-reviews")), Clock.systemUTC());
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class BacktestGate {
  private BacktestGate() {}

  /**
   * Evaluates every check on {@code run} under {@code policy}, and whether the committed sign-off in
   * {@code reviews} covers what needs covering. {@code clock} decides "now" (no decision may lie after it) and
   * "today" (for expiry).
   */
  public static GateResult evaluate(BacktestRun run, GatePolicy policy, ReviewStore reviews, Clock clock) {
    // the fingerprint reads the rows the checks read and needs none of their results: it runs on a core the
    // comparison leaves idle between its passes
    Beside<String> fingerprint = Beside.start(() -> fingerprint(run));
    List<Finding> findings = new ArrayList<>();
    List<Check> checks = BuiltInChecks.of(run);
    Optional<AucComparison> allRows = Optional.empty();
    for (Check check : checks) {
      if (allRows.isEmpty() && check instanceof ComparingCheck comparing) {
        allRows = comparing.allRows(run, policy);
      }
    }
    Comparison comparison = compare(run, policy, findings, allRows);
    Instant now = clock.instant();
    CheckContext context = new CheckContext(run, policy, Optional.ofNullable(comparison), now);
    checks.addAll(run.checks());
    for (Check check : checks) {
      findings.addAll(run(check, context));
    }

    return decide(run.gateId(), findings, comparison, fingerprint.get(), RunSummary.of(run), policy, reviews,
        LocalDate.ofInstant(now, clock.getZone()));
  }

  /**
   * Evaluates evidence computed where a backtest's rows live (see {@link GateEvidence}) with the same rules,
   * sign-off and verdict as {@link #evaluate(BacktestRun, GatePolicy, ReviewStore, Clock)}: each check provider
   * judges its part of the evidence ({@link CheckProvider#judge}), in the order it runs on a run, after the gate's
   * own rule that no decision lies after now. Evidence computed under another confidence level, lag or check settings
   * than {@code policy}'s ({@link EvidencePart#computedUnder()}) fails the gate with a {@code check-failed} finding
   * naming both.
   *
   * <pre>{@code
   * GateResult result = BacktestGate.evaluate(evidence, GatePolicy.defaults(),
   *     ReviewStore.directory(Path.of("leakage-reviews")), Clock.systemUTC());
   * }</pre>
   */
  public static GateResult evaluate(GateEvidence evidence, GatePolicy policy, ReviewStore reviews, Clock clock) {
    List<Finding> findings = new ArrayList<>();
    evidence.mismatches(policy).values().forEach(mismatches -> mismatches.forEach(mismatch ->
        findings.add(new Finding.CheckFailed("evidence", mismatch + "."))));
    Instant now = clock.instant();
    findings.addAll(BuiltInChecks.judge(evidence, policy, now));
    return decide(evidence.gateId(), findings, evidence.comparison(), evidence.fingerprint(), evidence.fullSummary(),
        policy, reviews, LocalDate.ofInstant(now, clock.getZone()));
  }

  /** Resolves the findings against the sign-off and decides the verdict: the same for runs and evidence. */
  private static GateResult decide(String gateId, List<Finding> findings, Comparison comparison, String fingerprint,
      RunSummary summary, GatePolicy policy, ReviewStore reviews, LocalDate today) {
    double lift = comparison == null ? Double.NaN : comparison.lift();
    java.util.OptionalInt trials = findings.stream().filter(f -> f.resolution() == Finding.Resolution.SIGN_OFF)
        .map(Finding::trialsToReview).filter(java.util.OptionalInt::isPresent)
        .mapToInt(java.util.OptionalInt::getAsInt).max();
    SignOffStatus status = SignOffRules.trials(Waivers.checkKinds(assess(gateId, reviews, fingerprint, lift, policy,
        today), findings), trials);
    List<SignOff.Waiver> waivers = status.approved().map(SignOff::waivers).orElse(List.of());
    findings = Waivers.withUnused(findings, waivers);

    List<Finding> unresolved = new ArrayList<>();
    List<Finding> waived = new ArrayList<>();
    for (Finding finding : findings) {
      boolean resolved = switch (finding.resolution()) {
        case SIGN_OFF -> status.covers();
        case WAIVER -> waivers.stream().anyMatch(w -> w.covers(finding.kind(), finding.subject()));
        case FIX -> false;
        case WARNING -> true;
      };
      if (!resolved) {
        unresolved.add(finding);
      } else if (finding.resolution() == Finding.Resolution.WAIVER) {
        waived.add(finding);
      }
    }
    boolean anyReviewed = findings.stream().anyMatch(f -> f.resolution().needsReviewer());
    Verdict verdict = !unresolved.isEmpty() || status.failsOnItsOwn() ? Verdict.FAILED
        : anyReviewed ? Verdict.PASSED_WITH_SIGN_OFF : Verdict.PASSED;
    return new GateResult(gateId, verdict, findings, unresolved, comparison, fingerprint, status, waived, summary,
        policy, today);
  }

  /**
   * The fingerprint a sign-off for {@code run} must carry ({@code sha256-v2:}): the same for the same rows in any
   * order and on any engine, binding the versions of the tables whose logs the run read and what its check inputs
   * cover ({@link CheckInput#fingerprinted()}).
   */
  public static String fingerprint(BacktestRun run) {
    java.util.SortedSet<String> tableVersions = new java.util.TreeSet<>();
    run.inputs(CheckInput.class).forEach(input -> input.versionBinding().ifPresent(tableVersions::add));
    SortedMap<String, long[]> times = new TreeMap<>();
    for (FeatureTiming feature : run.features()) {
      times.put(feature.name(), feature.knownAtTimes().orElse(null));
    }
    Fingerprint.Training training = new Fingerprint.Training(
        run.training().map(TrainingSet::decisionTimes).orElse(null),
        run.training().map(TrainingSet::labelKnownAt).orElse(null),
        run.training().map(TrainingSet::entities).orElse(null), run.entities().orElse(null), run.entityKeys());
    SortedMap<String, double[]> values = new TreeMap<>();
    SortedMap<String, int[]> codes = new TreeMap<>();
    for (FeatureColumn column : run.featureValues()) {
      column.numericValues().ifPresentOrElse(v -> values.put(column.name(), v),
          () -> codes.put(column.name(), column.categoryCodes().orElseThrow()));
    }
    return dev.backtestgate.review.FingerprintV2.bind(Fingerprint.compute(run.gateId(), run.candidateName(),
        run.baseline().name(), run.labels(), run.decisionTimes(), times, values, codes, training, tableVersions),
        run.inputDigests());
  }

  private static Comparison compare(BacktestRun run, GatePolicy policy, List<Finding> findings,
      Optional<AucComparison> allRows) {
    try {
      return LiftComparisons.compare(run, policy.confidence(), allRows);
    } catch (RuntimeException e) {
      findings.add(new Finding.CheckFailed("lift", "the AUC comparison could not be computed: " + e.getMessage()));
      return null;
    }
  }

  /** One check's findings, each proven renderable; whatever goes wrong becomes a failing finding. */
  private static List<Finding> run(Check check, CheckContext context) {
    String name = nameOf(check);
    List<? extends Finding> found = null;
    boolean interrupted = false;
    try {
      found = check.run(context);
    } catch (OutOfMemoryError e) {
      throw e;   // the JVM cannot be trusted to go on (as JUnit treats it); the test fails with it
    } catch (RuntimeException e) {
      return List.of(new Finding.CheckFailed(name, e.getMessage() == null || e.getMessage().isBlank()
          ? "it threw " + e.getClass().getSimpleName() + " with no message. Fix the check, or have it throw an exception "
              + "that says what is wrong with the run." : e.getMessage()));
    } catch (Throwable e) {   // an Error, or a checked exception thrown past the compiler: still the check's failure
      return List.of(new Finding.CheckFailed(name, "it threw " + thrown(e) + ". Fix the check, or have it catch "
          + "what it cannot handle and return a finding that says so."));
    } finally {
      if (Thread.interrupted()) {   // clears the flag, so the gate and the test go on uninterrupted
        found = null;
        interrupted = true;
      }
    }
    if (interrupted) {
      return List.of(new Finding.CheckFailed(name, "it left the thread interrupted (it was interrupted, or "
          + "interrupted itself), so its result cannot be trusted: let the check finish, or restore the "
          + "interrupt only after catching InterruptedException in code that stops."));
    }
    if (found == null) {
      return List.of(new Finding.CheckFailed(name, "it returned null instead of a list of findings (return "
          + "List.of() when it finds nothing)."));
    }
    List<Finding> checked = new ArrayList<>(found.size());
    for (int i = 0; i < found.size(); i++) {
      Finding finding = found.get(i);
      checked.add(finding == null ? new Finding.CheckFailed(name, "its list of findings holds null at index " + i
          + ": leave nothing out but nulls (return only findings).") : valid(name, finding));
    }
    return checked;
  }

  private static Finding valid(String check, Finding finding) {
    try {
      String kind = finding.kind();
      if (kind == null || !Finding.KIND.matcher(kind).matches()) {
        return new Finding.CheckFailed(check, "it reported a finding of kind '" + kind + "', which is not a kind: "
            + "use lower-case words joined by hyphens, e.g. too-few-defaults.");
      }
      String type = finding.getClass().getName();
      List<String> nulls = new ArrayList<>();
      if (finding.subject() == null) {
        nulls.add("subject() (return \"\" for a finding without a subject)");
      }
      if (finding.resolution() == null) {
        nulls.add("resolution() (return one of Finding.Resolution)");
      }
      Finding.Rendering rendering;
      try {
        rendering = finding.render();
      } catch (RuntimeException e) {
        String what = "its '" + kind + "' finding (" + type + ") ";
        if (!nulls.isEmpty()) { // a null subject or resolution is the likelier cause of a render() that throws
          return new Finding.CheckFailed(check, what + "returned null from " + String.join(" and from ", nulls)
              + ", and could not be shown: its render() failed" + (e instanceof NullPointerException
                  ? " on a null value" + where(e) : " with " + thrown(e)) + ". Fix the null first.");
        }
        return new Finding.CheckFailed(check, what + "could not be shown: " + (fromRendering(e) ? "its rendering's "
            + e.getMessage() + " is null (Finding.Rendering needs text there)"
            : e instanceof NullPointerException ? "render() read a null value" + where(e) : thrown(e)) + ".");
      }
      if (rendering == null) {
        nulls.add("render() (return a Finding.Rendering)");
      }
      if (!nulls.isEmpty()) {
        return new Finding.CheckFailed(check, "its '" + kind + "' finding (" + type + ") returned null from "
            + String.join(" and from ", nulls) + ".");
      }
      try {
        finding.render();
      } catch (RuntimeException e) {
        return new Finding.CheckFailed(check, "its '" + kind + "' finding (" + type + ") renders once and then "
            + "throws " + thrown(e) + ": the console, the JSON report and the HTML page each render it, so "
            + "render() must give the same rendering every time.");
      }
      String badFigure = EvidenceValues.figureProblem(rendering.figure());
      if (badFigure != null) {
        return new Finding.CheckFailed(check, "its '" + kind + "' finding's figure cannot go on the report page: "
            + badFigure + ". A figure is one self-contained <svg> element, with no script and no external reference.");
      }
      String badEvidence = EvidenceValues.problem(rendering.evidence());
      if (badEvidence != null) {
        return new Finding.CheckFailed(check, "its '" + kind + "' finding cannot be written to the JSON report: "
            + badEvidence + ". Evidence values are strings, numbers, booleans, and lists or maps of those.");
      }
      return finding;
    } catch (OutOfMemoryError e) {
      throw e;
    } catch (Throwable e) {
      return new Finding.CheckFailed(check, "its finding (" + finding.getClass().getName() + ") could not be shown: "
          + thrown(e) + ".");
    }
  }

  /** Where a null was read, e.g. {@code " (at com.acme.Thin.render(Thin.java:42))"}; empty when unknown. */
  private static String where(RuntimeException e) {
    StackTraceElement[] frames = e.getStackTrace();
    return frames.length == 0 ? "" : " (at " + frames[0] + ")";
  }

  /** Whether {@code e} is Finding.Rendering refusing a null part (its message then names the part). */
  private static boolean fromRendering(RuntimeException e) {
    if (!(e instanceof NullPointerException) || e.getMessage() == null) {
      return false;
    }
    StackTraceElement[] frames = e.getStackTrace();
    for (int i = 0; i < Math.min(3, frames.length); i++) {
      if (frames[i].getClassName().equals(Finding.Rendering.class.getName())) {
        return true;
      }
    }
    return false;
  }

  /** A throwable in words: its simple class name and, quoted, its message. */
  private static String thrown(Throwable e) {
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " (\"" + e.getMessage() + "\")");
  }

  private static String nameOf(Check check) {
    try {
      String name = check.name();
      return name == null || name.isBlank() ? check.getClass().getName() : name;
    } catch (RuntimeException e) {
      return check.getClass().getName();
    }
  }

  private static SignOffStatus assess(String gateId, ReviewStore reviews, String fingerprint, double lift,
      GatePolicy policy, LocalDate today) {
    try {
      return SignOffRules.assess(reviews, gateId, fingerprint, lift, policy.liftTolerance(), today);
    } catch (RuntimeException e) {
      // a store that throws covers nothing; its own words only when it wrote them for people
      String why = e instanceof java.io.UncheckedIOException && e.getMessage() != null ? " (" + e.getMessage() + ")"
          : "";
      return new SignOffStatus.Malformed(reviews.locationOf(gateId), "$", "the review store " + reviews
          + " could not read it" + why + ". Check that the file is a readable regular file; with a ReviewStore of "
          + "your own, check that store.");
    }
  }
}
