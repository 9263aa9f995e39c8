package dev.backtestgate.pipeline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Setting;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The pipeline checks of a run that recorded its pipeline ({@link PipelineInput}): the refit probe
 * ({@link FitScopeFinding}), the lift attribution ({@link LiftAttributionFinding}), the time-shifted labels
 * ({@link TimeShiftedLabelsFinding}, or {@link TimeShiftUncheckedFinding} when it cannot run), the copies between
 * training and test rows ({@link DuplicateRowsFinding}) and, when one feature the candidate adds carries too much of
 * the refit's lift above the limit, {@link LiftCarrierFinding}. A run without a pipeline gets none of them.
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class PipelineChecks implements CheckProvider {
  /** {@code backtestgate.pipeline-budget}: an ISO-8601 duration above zero, default {@code PT10M}. */
  public static final Setting<Duration> PIPELINE_BUDGET = Setting.of("backtestgate.pipeline-budget", "PT10M",
      "an ISO-8601 duration above zero, e.g. PT2M", text -> {
        Duration d = Setting.duration(text);
        return d == null || d.isZero() ? null : d;
      }, (policy, budget) -> policy.with(policy.settings(PipelineSettings.DEFAULTS).budget(budget)),
      policy -> policy.settings(PipelineSettings.DEFAULTS).budget().toString());

  /** {@code backtestgate.max-feature-lift-share}: a number in (0, 1], default 0.5. */
  public static final Setting<Double> MAX_FEATURE_LIFT_SHARE = Setting.of("backtestgate.max-feature-lift-share", "0.5",
      "a number above 0 and at most 1", text -> Setting.decimal(text, v -> v > 0 && v <= 1),
      (policy, share) -> policy.with(policy.settings(PipelineSettings.DEFAULTS).maxFeatureLiftShare(share)),
      policy -> Setting.text(policy.settings(PipelineSettings.DEFAULTS).maxFeatureLiftShare()));

  /** {@code backtestgate.time-shift-alpha}: a number in (0, 0.5), default 0.01. */
  public static final Setting<Double> TIME_SHIFT_ALPHA = Setting.of("backtestgate.time-shift-alpha", "0.01",
      "a number above 0 and below 0.5", text -> Setting.decimal(text, v -> v > 0 && v < 0.5),
      (policy, alpha) -> policy.with(policy.settings(PipelineSettings.DEFAULTS).timeShiftAlpha(alpha)),
      policy -> Setting.text(policy.settings(PipelineSettings.DEFAULTS).timeShiftAlpha()));

  /** {@code backtestgate.time-shift-min-step}: a number in [0, 0.5), default 0.05. */
  public static final Setting<Double> TIME_SHIFT_MIN_STEP = Setting.of("backtestgate.time-shift-min-step", "0.05",
      "a number at least 0 and below 0.5", text -> Setting.decimal(text, v -> v >= 0 && v < 0.5),
      (policy, step) -> policy.with(policy.settings(PipelineSettings.DEFAULTS).timeShiftMinStep(step)),
      policy -> Setting.text(policy.settings(PipelineSettings.DEFAULTS).timeShiftMinStep()));

  /** The check's name: a {@code check-failed} finding's subject. */
  static final String PIPELINE_NAME = "pipeline refit";

  private static final Check PIPELINE = Check.of(PIPELINE_NAME, c -> {
    List<PipelineInput> inputs = c.run().inputs(PipelineInput.class);
    if (inputs.isEmpty()) {
      return List.of();
    }
    PipelineSettings settings = c.policy().settings(PipelineSettings.DEFAULTS);
    double lift = PipelineProbe.lift(c.comparison());
    PipelineProbe.Result r = PipelineProbe.run(c.run(), inputs.get(0), settings, lift,
        c.comparison().map(dev.backtestgate.Comparison::candidateAuc).orElse(Double.NaN));
    return findings(measured(c.run(), r, settings), lift, c.policy());
  });

  /** The in-memory refits' result as the pipeline's part of the evidence. */
  private static PipelineEvidence measured(BacktestRun run, PipelineProbe.Result r, PipelineSettings settings) {
    List<Finding> timeShift = new ArrayList<>();
    if (r.timeShift() instanceof TimeShift.Skipped skipped) {
      timeShift.add(new TimeShiftUncheckedFinding(skipped.reason()));
    } else if (r.timeShift() instanceof TimeShift.Tested t && t.fails()) {
      timeShift.add(new TimeShiftedLabelsFinding(t.toNext(), t.toOwn(), t.auc(), t.ciLower(), t.ciUpper(), t.p(),
          t.alpha(), t.minStep(), t.trainingRows(), t.examples().stream().map(e -> example(run, e)).toList()));
    }
    Optional<PipelineEvidence.Lifts> lifts = Optional.ofNullable(r.attribution()).map(a -> new PipelineEvidence.Lifts(
        a.refit(), a.features(), r.notRefit(), r.wallMillis(), r.threads(), r.fullRefitMillis(), r.refits()));
    return new PipelineEvidence(settings, run.baseline().features(), new PipelineEvidence.Measured(
        new PipelineEvidence.FitScope(r.rows(), r.recordedAuc(), r.refitAuc(), r.outside(), r.tolerance(),
            r.largest()),
        lifts, new PipelineEvidence.Copies(r.copies().testRows(), r.copies().duplicates(), r.copies().examples()),
        timeShift));
  }

  /**
   * The findings of the pipeline's part of the evidence, on either path: the same rules and texts.
   *
   * @param lift the run's lift (the recorded candidate against the baseline), NaN when not computed
   */
  static List<Finding> findings(PipelineEvidence part, double lift, GatePolicy policy) {
    if (part.outcome() instanceof PipelineEvidence.Failed failed) {
      return List.of(new Finding.CheckFailed(PIPELINE_NAME, failed.reason()));
    }
    PipelineEvidence.Measured m = (PipelineEvidence.Measured) part.outcome();
    List<Finding> findings = new ArrayList<>();
    PipelineEvidence.Copies copies = m.copies();
    if (copies.duplicates() > 0) {
      findings.add(new DuplicateRowsFinding(copies.testRows(), copies.duplicates(), copies.examples()));
    }
    PipelineEvidence.FitScope fit = m.fitScope();
    if (fit.fails()) {
      findings.add(new FitScopeFinding(fit.rows(), fit.outside(), fit.tolerance(), fit.recordedAuc(), fit.refitAuc(),
          fit.largest()));
    }
    m.lifts().ifPresent(l -> {
      LiftAttributionFinding attribution = new LiftAttributionFinding(lift, l.refit(), l.features(),
          part.baselineFeatures(), fit.fails(), fit.recordedAuc(), l.notRefit(), part.settings().budget().toString(),
          l.wallMillis(), l.threads(), l.fullRefitMillis(), l.refits());
      findings.add(attribution);
      attribution.carrier(policy.maxLift(), part.settings().maxFeatureLiftShare()).ifPresent(findings::add);
    });
    findings.addAll(m.timeShift());
    return findings;
  }

  /** A time-shift example row as text: its row, entity, decision time and the shifted refit's score. */
  private static String example(BacktestRun run, double[] rowAndScore) {
    int row = (int) rowAndScore[0];
    return PipelineEvidence.timeShiftExample(row, run.entityKey(run.entities().orElseThrow()[row]),
        run.decisionTimes()[row], rowAndScore[1]);
  }


  /** For {@link java.util.ServiceLoader}. */
  public PipelineChecks() {}

  @Override
  public int order() {
    return 900;
  }

  @Override
  public List<Check> checks(BacktestRun run) {
    return run.inputs(PipelineInput.class).isEmpty() ? List.of() : List.of(PIPELINE);
  }

  /** The pipeline's part of Spark-computed evidence (e.g. {@code SparkPipeline}), judged as an in-memory run's. */
  @Override
  public List<Finding> judge(GateEvidence evidence, GatePolicy policy) {
    return evidence.part(PipelineEvidence.class)
        .map(part -> findings(part, evidence.comparison() == null ? Double.NaN : evidence.comparison().lift(), policy))
        .orElse(List.of());
  }

  @Override
  public Optional<String> uncarried(BacktestRun run) {
    return run.inputs(PipelineInput.class).isEmpty() ? Optional.empty()
        : Optional.of("a pipeline (PipelineInput): its refits run on an in-memory run only; gate the run itself, "
            + "or drop the pipeline from the evidence");
  }

  @Override
  public List<Setting<?>> settings() {
    return List.of(PIPELINE_BUDGET, MAX_FEATURE_LIFT_SHARE, TIME_SHIFT_ALPHA, TIME_SHIFT_MIN_STEP);
  }

  @Override
  public List<FindingKind> kinds() {
    return List.of(
        new FindingKind(FitScopeFinding.KIND, "Scores the training rows alone do not reproduce",
            "The pipeline refitted on the training rows alone scores the test rows differently from the recorded "
                + "candidate scores, beyond its own noise: fitting saw test rows."),
        new FindingKind(LiftAttributionFinding.KIND, "Where the lift comes from",
            "The AUC the pipeline loses when refitted without each feature, with a paired DeLong interval, and its "
                + "share of the refit's lift over the baseline, 0 to 100%, with its interval."),
        new FindingKind(DuplicateRowsFinding.KIND, "Test rows copied from training",
            "Test rows that copy training rows, every feature value (to float precision) and the label (a warning)."),
        new FindingKind(LiftCarrierFinding.KIND, "One feature carries the lift",
            "One feature the candidate adds (not one the baseline declares) carries more than "
                + "backtestgate.max-feature-lift-share of the refit's lift, and that lift is above the limit."),
        new FindingKind(TimeShiftedLabelsFinding.KIND, "The pipeline predicts the next decision's labels",
            "Refitted on each row's next-decision label, the pipeline ranks the rows whose label changes by the "
                + "next label: its features read the next period."),
        new FindingKind(TimeShiftUncheckedFinding.KIND, "Time-shifted labels not tested",
            "The time-shift test could not run (no entities, too few changing labels); a warning."));
  }
}
