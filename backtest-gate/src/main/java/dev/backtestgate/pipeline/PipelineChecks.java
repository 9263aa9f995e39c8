package dev.backtestgate.pipeline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import dev.backtestgate.Setting;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The pipeline checks of a run that recorded its pipeline ({@link PipelineInput}): the refit probe
 * ({@link FitScopeFinding}), the lift attribution ({@link LiftAttributionFinding}) and, when one feature carries too
 * much of a lift above the limit, {@link LiftCarrierFinding}. A run without a pipeline gets none of them.
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class PipelineChecks implements CheckProvider {
  /** {@code backtestgate.pipeline-budget}: an ISO-8601 duration above zero, default {@code PT10M}. */
  public static final Setting<Duration> PIPELINE_BUDGET = Setting.of("backtestgate.pipeline-budget", "PT10M",
      "an ISO-8601 duration above zero, e.g. PT2M", text -> {
        Duration d = Setting.duration(text);
        return d == null || d.isZero() ? null : d;
      }, (policy, budget) -> policy.with(policy.settings(PipelineSettings.DEFAULTS).budget(budget)));

  /** {@code backtestgate.lift-carrier-share}: a number in (0, 1], default 0.5. */
  public static final Setting<Double> LIFT_CARRIER_SHARE = Setting.of("backtestgate.lift-carrier-share", "0.5",
      "a number above 0 and at most 1", text -> Setting.decimal(text, v -> v > 0 && v <= 1),
      (policy, share) -> policy.with(policy.settings(PipelineSettings.DEFAULTS).carrierShare(share)));

  private static final Check PIPELINE = Check.of("pipeline refit", c -> {
    List<PipelineInput> inputs = c.run().inputs(PipelineInput.class);
    if (inputs.isEmpty()) {
      return List.of();
    }
    PipelineSettings settings = c.policy().settings(PipelineSettings.DEFAULTS);
    double lift = PipelineProbe.lift(c.comparison());
    PipelineProbe.Result r = PipelineProbe.run(c.run(), inputs.get(0), settings, lift,
        c.comparison().map(dev.backtestgate.Comparison::candidateAuc).orElse(Double.NaN));
    List<Finding> findings = new ArrayList<>();
    Duplicates.Result copies = r.copies();
    if (copies.duplicates() > 0) {
      findings.add(new DuplicateRowsFinding(copies.testRows(), copies.duplicates(), copies.examples()));
    }
    if (r.fitScopeFails()) {
      findings.add(new FitScopeFinding(r.rows(), r.outside(), r.tolerance(), r.recordedAuc(), r.refitAuc(),
          r.largest()));
    }
    if (r.features().size() > 1) {
      findings.add(new LiftAttributionFinding(lift, r.refitAuc(), r.attribution(), r.notRefit(),
          settings.budget().toString(), r.wallMillis(), r.threads(), r.fullRefitMillis()));
      double maxLift = c.policy().maxLift();
      if (lift > maxLift) {
        r.attribution().stream().filter(f -> f.share() > settings.carrierShare()).findFirst()
            .ifPresent(f -> findings.add(new LiftCarrierFinding(f, lift, maxLift, settings.carrierShare())));
      }
    }
    return findings;
  });

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

  @Override
  public Optional<String> uncarried(BacktestRun run) {
    return run.inputs(PipelineInput.class).isEmpty() ? Optional.empty()
        : Optional.of("a pipeline (PipelineInput): its refits run on an in-memory run only; gate the run itself, "
            + "or drop the pipeline from the evidence");
  }

  @Override
  public List<Setting<?>> settings() {
    return List.of(PIPELINE_BUDGET, LIFT_CARRIER_SHARE);
  }

  @Override
  public List<FindingKind> kinds() {
    return List.of(
        new FindingKind(FitScopeFinding.KIND, "Scores the training rows alone do not reproduce",
            "The pipeline refitted on the training rows alone scores the test rows differently from the recorded "
                + "candidate scores, beyond its own noise: fitting saw test rows."),
        new FindingKind(LiftAttributionFinding.KIND, "Where the lift comes from",
            "The AUC the pipeline loses when refitted without each feature, with a paired DeLong interval."),
        new FindingKind(DuplicateRowsFinding.KIND, "Test rows copied from training",
            "Test rows that are exact copies of training rows, every feature value and the label (a warning)."),
        new FindingKind(LiftCarrierFinding.KIND, "One feature carries the lift",
            "One feature carries more than backtestgate.lift-carrier-share of a lift above the limit."));
  }
}
