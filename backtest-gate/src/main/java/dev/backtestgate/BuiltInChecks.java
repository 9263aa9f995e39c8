package dev.backtestgate;

import dev.backtestgate.time.FutureReadProbe;
import dev.backtestgate.time.FutureReadReport;
import dev.backtestgate.screen.FeatureScore;
import dev.backtestgate.time.HistoryCheckResult;
import dev.backtestgate.time.LabelHorizon;
import dev.backtestgate.time.LateWriteReport;
import dev.backtestgate.time.PointInTimeCheck;
import dev.backtestgate.time.TrainTestOverlap;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The checks every run gets, in the order their findings are reported. */
final class BuiltInChecks {
  private BuiltInChecks() {}

  /** The built-in checks for {@code run}: one point-in-time check per timed feature, so each can fail alone. */
  static List<Check> of(BacktestRun run) {
    List<Check> checks = new ArrayList<>();
    checks.add(LIFT);
    checks.add(DECISION_TIMES);
    for (FeatureTiming feature : run.features()) {
      if (feature instanceof FeatureTiming.KnownAt known) {
        checks.add(pointInTime(known));
      }
    }
    checks.add(LATE_WRITES);
    checks.add(HISTORY);
    checks.add(LABEL_HORIZON);
    checks.add(TRAIN_TEST_OVERLAP);
    run.futureReads().forEach(probe -> checks.add(futureRead(probe)));
    if (!run.featureValues().isEmpty()) {
      checks.add(FEATURE_LABEL);
    }
    return checks;
  }

  /** Lift above the limit and a perfect candidate, from the comparison the gate computed. */
  static final Check LIFT = Check.of("lift", c -> c.comparison().map(comparison -> lift(comparison, c.policy()))
      .orElse(List.of()));

  static List<Finding> lift(Comparison comparison, GatePolicy policy) {
    List<Finding> found = new ArrayList<>();
    if (comparison.lift() > policy.maxLift()) {
      found.add(new Finding.LiftAboveLimit(comparison, policy.maxLift()));
    }
    if (comparison.candidateAuc() == 1.0) {
      found.add(new Finding.PerfectCandidate(comparison.candidate(), comparison.candidateAuc()));
    }
    return found;
  }

  /** A backtest decides in the past: a decision time after now means the times are not what they claim. */
  static final Check DECISION_TIMES = Check.of("decision times", c -> {
    long now = c.now().toEpochMilli();
    long[] times = c.run().decisionTimes();
    int first = -1;
    int count = 0;
    for (int i = 0; i < times.length; i++) {
      if (times[i] > now) {
        count++;
        if (first < 0) {
          first = i;
        }
      }
    }
    if (count == 0) {
      return List.of();
    }
    return List.of(decidedAfterNow(count + " row(s) are decided after now (" + c.now() + "), first row " + first
        + " at " + Instant.ofEpochMilli(times[first])));
  });

  /** The same rule when only the latest decision is known (evidence computed elsewhere). */
  static List<Finding> decisionTimes(Instant latest, long row, Instant now) {
    return latest.isAfter(now)
        ? List.of(decidedAfterNow("row " + row + " is decided at " + latest + ", after now (" + now + ")"))
        : List.of();
  }

  private static Finding decidedAfterNow(String what) {
    return new Finding.CheckFailed("decision times", what + ". A backtest can only replay decisions already made: "
        + "check the time unit (epoch milliseconds, not microseconds) and the time zone of the decision times.");
  }

  static final Check LATE_WRITES = Check.of("late writes", c -> lateWrites(c.run().lateWrites(), c.policy()));

  static List<Finding> lateWrites(List<LateWriteReport> reports, GatePolicy policy) {
    List<Finding> found = new ArrayList<>();
    for (LateWriteReport report : reports) {
      if (!report.clean()) {
        found.add(new Finding.LateWrites(report, policy.lateWrites()));
      }
    }
    return found;
  }

  static final Check HISTORY = Check.of("rewritten history", c -> history(c.run().historyChecks()));

  static List<Finding> history(List<HistoryCheckResult> results) {
    List<Finding> found = new ArrayList<>();
    for (HistoryCheckResult history : results) {
      if (!history.clean()) {
        found.add(new Finding.RewrittenHistory(history));
      }
    }
    return found;
  }

  /** Training labels that resolved after the earliest test decision less the embargo; needs a training set. */
  static final Check LABEL_HORIZON = Check.of("label horizon", c -> c.run().training()
      .flatMap(t -> LabelHorizon.check(t.decisionTimes(), t.labelKnownAt(), c.run().decisionTimes(),
          c.policy().embargo()))
      .<List<Finding>>map(v -> List.of(new LabelHorizonFinding(v)))
      .orElse(List.of()));

  /** Test rows whose entity was trained on at or after their decision; needs entities on both sides. */
  static final Check TRAIN_TEST_OVERLAP = Check.of("train/test overlap", c -> {
    TrainTestOverlapPolicy policy = c.policy().trainTestOverlap();
    Optional<TrainingSet> training = c.run().training();
    Optional<long[]> test = c.run().entities();
    if (policy == TrainTestOverlapPolicy.OFF || training.isEmpty() || training.get().entityIds().isEmpty()
        || test.isEmpty()) {
      return List.of();
    }
    TrainingSet t = training.get();
    return TrainTestOverlap.check(t.entities(), t.decisionTimes(), test.get(), c.run().decisionTimes())
        .<List<Finding>>map(r -> List.of(new TrainTestOverlapFinding(r, policy, c.run().entityKeys())))
        .orElse(List.of());
  });

  /** Each recorded feature alone against the labels: at or above the max feature AUC, or perfect, fails. */
  static final Check FEATURE_LABEL = Check.of("feature-label screen",
      c -> featureLabel(c.run().featureLabelScreen(c.policy().confidence()), c.policy()));

  static List<Finding> featureLabel(List<FeatureScore> screen, GatePolicy policy) {
    List<Finding> found = new ArrayList<>();
    double limit = policy.maxFeatureAuc();
    for (FeatureScore score : screen) {
      if (score.auc() >= limit || score.perfect()) {
        found.add(new Finding.FeatureLabel(score, limit));
      }
    }
    return found;
  }

  static Check pointInTime(FeatureTiming.KnownAt known) {
    return Check.of("point in time of '" + known.name() + "'", c -> PointInTimeCheck
        .check(known.name(), c.run().decisionTimes(), known.knownAt(), c.policy().availabilityLag())
        .<List<Finding>>map(v -> List.of(new Finding.PointInTime(v)))
        .orElse(List.of()));
  }

  /** One probe, run at gate time with the policy's availability lag and sample size. */
  static Check futureRead(FutureReadProbe probe) {
    return Check.of("future read of '" + probe.feature() + "'", c -> {
      FutureReadReport report = probe.run(c.policy().availabilityLag(), c.policy().futureReadSample());
      return report.clean() ? List.of() : List.of(new Finding.FutureRead(report));
    });
  }

}
