package dev.backtestgate;

import dev.backtestgate.screen.FeatureScore;
import dev.backtestgate.time.HistoryCheckResult;
import dev.backtestgate.time.LateWriteReport;
import dev.backtestgate.time.PointInTimeCheck;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

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
    if (!run.featureValues().isEmpty()) {
      checks.add(FEATURE_LABEL);
    }
    return checks;
  }

  /** Lift above the limit and a perfect candidate, from the comparison the gate computed. */
  static final Check LIFT = simple("lift", c -> {
    List<Finding> found = new ArrayList<>();
    c.comparison().ifPresent(comparison -> {
      if (comparison.lift() > c.policy().maxLift()) {
        found.add(new Finding.LiftAboveLimit(comparison, c.policy().maxLift()));
      }
      if (comparison.candidateAuc() == 1.0) {
        found.add(new Finding.PerfectCandidate(comparison.candidate(), comparison.candidateAuc()));
      }
    });
    return found;
  });

  /** A backtest decides in the past: a decision time after now means the times are not what they claim. */
  static final Check DECISION_TIMES = simple("decision times", c -> {
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
    return List.of(new Finding.CheckFailed("decision times", count + " row(s) are decided after now (" + c.now()
        + "), first row " + first + " at " + Instant.ofEpochMilli(times[first]) + ". A backtest can only replay "
        + "decisions already made: check the time unit (epoch milliseconds, not microseconds) and the time zone "
        + "of the decision times."));
  });

  static final Check LATE_WRITES = simple("late writes", c -> {
    List<Finding> found = new ArrayList<>();
    for (LateWriteReport report : c.run().lateWrites()) {
      if (!report.clean()) {
        found.add(new Finding.LateWrites(report, c.policy().lateWrites()));
      }
    }
    return found;
  });

  static final Check HISTORY = simple("rewritten history", c -> {
    List<Finding> found = new ArrayList<>();
    for (HistoryCheckResult history : c.run().historyChecks()) {
      if (!history.clean()) {
        found.add(new Finding.RewrittenHistory(history));
      }
    }
    return found;
  });

  /** Each recorded feature alone against the labels: at or above the max feature AUC, or perfect, fails. */
  static final Check FEATURE_LABEL = simple("feature-label screen", c -> {
    List<Finding> found = new ArrayList<>();
    double limit = c.policy().maxFeatureAuc();
    for (FeatureScore score : c.run().featureLabelScreen(c.policy().confidence())) {
      if (score.auc() >= limit || score.perfect()) {
        found.add(new Finding.FeatureLabel(score, limit));
      }
    }
    return found;
  });

  static Check pointInTime(FeatureTiming.KnownAt known) {
    return simple("point in time of '" + known.name() + "'", c -> PointInTimeCheck
        .check(known.name(), c.run().decisionTimes(), known.knownAt(), c.policy().availabilityLag())
        .<List<Finding>>map(v -> List.of(new Finding.PointInTime(v)))
        .orElse(List.of()));
  }

  private static Check simple(String name, java.util.function.Function<CheckContext, List<Finding>> body) {
    return new Check() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public List<Finding> run(CheckContext context) {
        return body.apply(context);
      }
    };
  }
}
