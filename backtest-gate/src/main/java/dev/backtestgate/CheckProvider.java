package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A check that every run gets, found with {@link java.util.ServiceLoader}: the class is named in
 * {@code META-INF/services/dev.backtestgate.CheckProvider}. A provider brings everything about its check: the
 * checks it adds to a run, its part of gate evidence and how it judges that part (so the check runs on evidence an
 * engine such as Spark computed, by the same rules), the configuration keys it reads and what its finding kinds
 * mean. Adding a check is one package and one line in that file; no class of the gate changes.
 *
 * <p>The built-in checks are providers too. A check for one run only is simpler:
 * {@link BacktestRun.Builder#check(Check)}.
 *
 * <pre>{@code
 * public final class ExposureCheck implements CheckProvider {
 *   public int order() { return 1000; }
 *   public List<Check> checks(BacktestRun run) {
 *     return run.inputs(Exposure.class).isEmpty() ? List.of() : List.of(Check.of("exposure", c -> ...));
 *   }
 *   public List<Setting<?>> settings() { return List.of(MAX_SHARE); }
 *   public List<FindingKind> kinds() { return List.of(new FindingKind("exposure", "...", "...")); }
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface CheckProvider {
  /**
   * Where this provider's findings stand among all findings (ascending); the built-in checks use 100 (lift) to
   * 700 (feature-label screen).
   */
  int order();

  /** The checks this provider adds to {@code run}; empty when the run recorded nothing it checks. */
  List<? extends Check> checks(BacktestRun run);

  /**
   * This provider's parts of the gate evidence of the run in {@code context} ({@link GateEvidence#of}): what
   * {@link #judge} reads, as an engine holding the same rows would compute it. None by default: a check that runs
   * only on an in-memory run.
   */
  default List<? extends EvidencePart<?>> evidence(CheckContext context) {
    return List.of();
  }

  /**
   * The findings of this provider's checks on evidence computed where a backtest's rows live, under {@code policy}:
   * the same rules as {@link #checks} on a run. A part it needs and the evidence lacks is a finding too (a
   * {@code check-failed} when judging without it would pass unchecked rows, a warning when the check is optional).
   */
  default List<? extends Finding> judge(GateEvidence evidence, GatePolicy policy) {
    return List.of();
  }

  /**
   * What {@code run} records for this provider's checks that gate evidence cannot carry (inputs its
   * {@link #evidence} does not turn into a part), in words; {@link GateEvidence#of} refuses such a run rather than
   * drop it silently.
   */
  default Optional<String> uncarried(BacktestRun run) {
    return Optional.empty();
  }

  /**
   * The configuration keys its checks read, each with its read-back ({@link Setting#inForce()}) so that the reports
   * list the value in force; a setting without one is listed as "not shown".
   */
  default List<Setting<?>> settings() {
    return List.of();
  }

  /** What its finding kinds mean. */
  default List<FindingKind> kinds() {
    return List.of();
  }

  /**
   * Every provider on the class path, the built-in ones included, in {@link #order()} (then class name), loaded
   * once: the list the gate runs and the configuration reads its keys from.
   *
   * @throws CheckProviderException when the core's own service file is missing (a merged jar dropped it), or a named
   *     provider cannot be loaded or declares settings the gate refuses: every call throws it again, naming the
   *     provider, its line in the service file and the root cause
   */
  static List<CheckProvider> installed() {
    return BuiltInChecks.providers();
  }
}
