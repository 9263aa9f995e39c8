package dev.backtestgate.screen.futureread;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.FindingKind;
import dev.backtestgate.Setting;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/** One check per {@link FutureReadProbe} a run recorded, run at gate time with the policy's lag and sample. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class FutureReadChecks implements CheckProvider {
  /** {@code backtestgate.future-read-sample}: a whole number of at least 1, or {@code all}; default 1000. */
  public static final Setting<Integer> FUTURE_READ_SAMPLE = Setting.of("backtestgate.future-read-sample", "1000",
      "a whole number of at least 1, e.g. 1000, or all", FutureReadChecks::sampleSize,
      (policy, rows) -> policy.with(new FutureReadSettings(rows)), policy -> {
        int sample = policy.settings(FutureReadSettings.DEFAULTS).sample();
        return sample == FutureReadProbe.ALL_ROWS ? "all" : Integer.toString(sample);
      });

  /** For {@link java.util.ServiceLoader}. */
  public FutureReadChecks() {}

  @Override
  public int order() {
    return 600;
  }

  @Override
  public java.util.Optional<String> uncarried(BacktestRun run) {
    return run.inputs(FutureReadProbe.class).isEmpty() ? java.util.Optional.empty()
        : java.util.Optional.of("future-read probes");
  }

  @Override
  public List<Check> checks(BacktestRun run) {
    List<Check> checks = new ArrayList<>();
    for (FutureReadProbe probe : run.inputs(FutureReadProbe.class)) {
      checks.add(Check.of("future read of '" + probe.feature() + "'", c -> {
        probe.notCovering(c.run().decisionTimes()).ifPresent(problem -> {
          throw new IllegalArgumentException(problem + ".");
        });
        FutureReadReport report = probe.run(c.policy().availabilityLag(),
            c.policy().settings(FutureReadSettings.DEFAULTS).sample());
        return report.clean() ? List.of() : List.of(new FutureReadFinding(report));
      }));
    }
    return checks;
  }

  @Override
  public List<Setting<?>> settings() {
    return List.of(FUTURE_READ_SAMPLE);
  }

  @Override
  public List<FindingKind> kinds() {
    return List.of(new FindingKind(FutureReadFinding.KIND, "Feature function reads the future",
        "Re-running a feature on history truncated at the decision time gives another value: the function "
            + "reads data from after the decision."));
  }

  private static Integer sampleSize(String text) {
    if (text.equals("all")) {
      return FutureReadProbe.ALL_ROWS;
    }
    if (!text.matches("[0-9]{1,10}")) {
      return null;
    }
    long rows = Long.parseLong(text);
    return rows >= 1 && rows <= Integer.MAX_VALUE ? (int) rows : null;
  }
}
