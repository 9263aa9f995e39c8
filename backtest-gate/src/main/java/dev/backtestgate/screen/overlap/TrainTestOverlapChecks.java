package dev.backtestgate.screen.overlap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Setting;
import dev.backtestgate.TrainingSet;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The train/test-overlap screen of a run with entities on both sides: test rows whose entity was trained on at or
 * after their decision ({@link TrainTestOverlapFinding}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TrainTestOverlapChecks implements CheckProvider {
  /** {@code backtestgate.train-test-overlap}: {@code fail}, {@code warn} (default) or {@code off}. */
  public static final Setting<TrainTestOverlapPolicy> TRAIN_TEST_OVERLAP = Setting.of(TrainTestOverlapPolicy.KEY,
      TrainTestOverlapPolicy.DEFAULT.configValue(), "fail, warn or off",
      text -> Setting.oneOf(text, TrainTestOverlapPolicy.values(), TrainTestOverlapPolicy::configValue),
      GatePolicy::with, policy -> policy.settings(TrainTestOverlapPolicy.DEFAULT).configValue());

  private static final Check TRAIN_TEST_OVERLAP_CHECK = Check.of("train/test overlap", c -> {
    TrainTestOverlapPolicy policy = c.policy().settings(TrainTestOverlapPolicy.DEFAULT);
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

  /** For {@link java.util.ServiceLoader}. */
  public TrainTestOverlapChecks() {}

  @Override
  public int order() {
    return 500;
  }

  @Override
  public List<Check> checks(BacktestRun run) {
    return List.of(TRAIN_TEST_OVERLAP_CHECK);
  }

  @Override
  public List<Setting<?>> settings() {
    return List.of(TRAIN_TEST_OVERLAP);
  }

  @Override
  public List<FindingKind> kinds() {
    return List.of(new FindingKind(TrainTestOverlapFinding.KIND, "Entities in both training and test",
        "Test rows whose entity appears in training at or after their decision time."));
  }
}
