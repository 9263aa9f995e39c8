package dev.backtestgate.report;

import static dev.backtestgate.GateFixtures.CLOCK;
import static dev.backtestgate.report.ReportScenarios.GATE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Baseline;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.metrics.Auc;
import dev.backtestgate.metrics.RocCurve;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The curves a report draws: the full curves' down-sampled points, computed without the full curves. */
class ReportEvidenceTests {
  @TempDir Path repo;

  @Test
  void drawsTheFullCurvesDownsampledPointsWithTheGatesAucs() {
    BacktestRun run = ReportScenarios.leaky(GATE);
    GateResult result = BacktestGate.evaluate(run, GatePolicy.defaults(), new ReportScenarios(repo).store, CLOCK);
    double[] baselineScores = ((Baseline.Scored) run.baseline()).scores();

    ReportEvidence evidence = ReportEvidence.of(run, result);

    assertThat(evidence.curveProblem()).isNull();
    RocCurve full = Auc.curve(run.labels(), run.candidateScores());
    assertThat(full.size()).isGreaterThan(ReportEvidence.MAX_CURVE_POINTS);
    assertThat(evidence.candidateCurve()).isEqualTo(full.downsample(ReportEvidence.MAX_CURVE_POINTS));
    assertThat(evidence.baselineCurve())
        .isEqualTo(Auc.curve(run.labels(), baselineScores).downsample(ReportEvidence.MAX_CURVE_POINTS));
    assertThat(evidence.candidateCurve().size()).isLessThanOrEqualTo(ReportEvidence.MAX_CURVE_POINTS);
    assertThat(evidence.candidateCurve().auc()).isEqualTo(result.comparison().candidateAuc());
    assertThat(ReportEvidence.of(run).candidateCurve()).isEqualTo(evidence.candidateCurve());
  }

  @Test
  void theResultOfAnotherRunDrawsNoCurve() {
    BacktestRun run = ReportScenarios.leaky(GATE);
    GateResult other = BacktestGate.evaluate(ReportScenarios.passing(GATE), GatePolicy.defaults(),
        new ReportScenarios(repo).store, CLOCK);

    ReportEvidence evidence = ReportEvidence.of(run, other);

    assertThat(evidence.candidateCurve()).isNull();
    assertThat(evidence.curveProblem()).startsWith("The ROC curves could not be computed: the AUC given")
        .contains("is not the AUC of these labels and scores");
  }
}
