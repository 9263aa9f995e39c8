package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckContext;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.Comparison;
import dev.backtestgate.EvidencePart;
import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Setting;
import dev.backtestgate.review.SignOff;
import java.io.UncheckedIOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The deflated lift of every run ({@link ManyTrialsFinding}): the check reads the trials ledger and writes nothing;
 * the evaluation's entry is appended after the verdict, once, by {@link TrialRecorder} (the reporter calls it).
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class TrialsChecks implements CheckProvider {
  /** {@code backtestgate.ledger}: a directory path, or {@code off}; default {@code .backtest-gate/trials}. */
  public static final Setting<Optional<Path>> LEDGER = Setting.of("backtestgate.ledger",
      TrialsSettings.DEFAULT_LEDGER, "a directory path, absolute or relative to the module directory, or off",
      TrialsChecks::ledger, (policy, dir) -> policy.with(settings(policy).withLedger(dir)),
      policy -> settings(policy).ledger().map(Path::toString).orElse("off"));
  /** {@code backtestgate.free-trials}: a whole number of at least 1, default 5. */
  public static final Setting<Integer> FREE_TRIALS = Setting.of("backtestgate.free-trials", "5",
      "a whole number of at least 1, e.g. 5",
      text -> text.matches("[0-9]{1,9}") && Integer.parseInt(text) >= 1 ? Integer.valueOf(text) : null,
      (policy, n) -> policy.with(settings(policy).withFreeTrials(n)),
      policy -> Integer.toString(settings(policy).freeTrials()));
  /** {@code backtestgate.ledger-required}: true or false, default false. */
  public static final Setting<Boolean> REQUIRED = Setting.of("backtestgate.ledger-required", "false",
      "true or false", text -> text.equals("true") ? Boolean.TRUE : text.equals("false") ? Boolean.FALSE : null,
      (policy, required) -> policy.with(settings(policy).withRequired(required)),
      policy -> Boolean.toString(settings(policy).required()));

  /** For {@link java.util.ServiceLoader}. */
  public TrialsChecks() {}

  @Override
  public int order() {
    return 800;
  }

  @Override
  public List<Check> checks(BacktestRun run) {
    return List.of(Check.of("trials", c -> findings(TrialKey.of(c.run()), c.comparison().orElse(null),
        c.policy())));
  }

  @Override
  public List<EvidencePart<?>> evidence(CheckContext context) {
    return List.of(new TrialsEvidence(TrialKey.of(context.run())));
  }

  /** As on a run; evidence without a trial key counts no trials (an engine that does not compute it yet). */
  @Override
  public List<Finding> judge(GateEvidence evidence, GatePolicy policy) {
    return evidence.part(TrialsEvidence.class).map(p -> findings(p.key(), evidence.comparison(), policy))
        .orElse(List.of());
  }

  @Override
  public List<Setting<?>> settings() {
    return List.of(LEDGER, FREE_TRIALS, REQUIRED);
  }

  @Override
  public List<FindingKind> kinds() {
    return List.of(new FindingKind(ManyTrialsFinding.KIND, "The lift is the best of many trials",
        "Many candidates were scored on the same test rows, and this one's lift, significant on its own, is not "
            + "above what the best of that many candidates with no real lift reaches by chance (the deflated "
            + "lift). Confirm it on decisions no trial has scored, or sign off knowing the count."));
  }

  /** The one rule of runs and evidence: the trials of {@code key}'s test set, this one included, deflate its z. */
  static List<Finding> findings(TrialKey key, Comparison comparison, GatePolicy policy) {
    TrialsSettings settings = settings(policy);
    Optional<TrialLedger> store = settings.store();
    if (comparison == null || store.isEmpty()) {
      return List.of();
    }
    TrialLedger ledger = store.get();
    List<Finding> found = new ArrayList<>();
    Optional<String> unwritable = ledger.unwritable();
    if (unwritable.isPresent()) {
      String why = unwritable.get() + ", so this evaluation cannot be recorded in " + ledger;
      if (settings.required()) {
        return List.of(new Finding.CheckFailed("trials ledger", why + " and backtestgate.ledger-required=true. Make "
            + "the directory writable, or point backtestgate.ledger at one that is."));
      }
      found.add(new TrialsUncounted(why, "Make the directory writable, or point backtestgate.ledger at one that "
          + "is; set backtestgate.ledger-required=true to fail instead."));
    }
    TrialLedger.Reading reading;
    try {
      reading = ledger.read(key.testSet());
    } catch (NewerLedgerException e) {
      return List.of(new Finding.CheckFailed("trials ledger", e.getMessage() + "."));
    } catch (UncheckedIOException e) {
      String why = ledger + " cannot be read: " + e.getMessage();
      if (settings.required()) {
        return List.of(new Finding.CheckFailed("trials ledger", why));
      }
      found.add(new TrialsUncounted(why, "Fix the directory's permissions, or point backtestgate.ledger elsewhere."));
      return found;
    }
    for (String skipped : reading.skipped()) {
      found.add(new TrialsUncounted("skipped " + skipped, "Delete or restore that file: an entry is never "
          + "rewritten, so a damaged one stays damaged."));
    }
    Map<String, Double> trials = trials(reading, key, comparison);
    List<Double> zs = List.copyOf(trials.values());
    Deflation deflation = Deflation.of(zs, comparison.z(), comparison.confidence());
    if (deflation.significantAlone() && !deflation.significantDeflated()) {
      int thisRun = List.copyOf(trials.keySet()).indexOf(key.scores());
      found.add(new ManyTrialsFinding(deflation, settings.freeTrials(), ledger.toString(), zs, thisRun));
    }
    return found;
  }

  /** Each trial's z on the test set by score digest, in ledger order, this run's last unless it ran before. */
  private static Map<String, Double> trials(TrialLedger.Reading reading, TrialKey key, Comparison comparison) {
    Map<String, Double> trials = new LinkedHashMap<>();
    for (LedgerEntry entry : reading.entries()) {
      trials.putIfAbsent(entry.key().scores(), entry.z());
    }
    trials.putIfAbsent(key.scores(), comparison.z());
    return trials;
  }

  /**
   * What a pending sign-off records of the trials ({@code reviewed.trials}): the trials the ledger counts on
   * {@code key}'s test set, this run's included, and this run's deflated p-value, the same count the {@code many-trials}
   * rule judges; or why none were counted (the ledger is off or unreadable, the lift could not be computed, or the
   * evidence carries no trial key: {@code key} {@code null}).
   */
  public static SignOff.Trials reviewed(TrialKey key, Comparison comparison, GatePolicy policy) {
    Optional<TrialLedger> store = settings(policy).store();
    if (store.isEmpty()) {
      return SignOff.Trials.notCounted("the trials ledger was off (backtestgate.ledger=off)");
    }
    if (comparison == null) {
      return SignOff.Trials.notCounted("the lift could not be computed, so no trial was counted");
    }
    if (key == null) {
      return SignOff.Trials.notCounted("the evidence carries no trial key, so its trials were not counted");
    }
    TrialLedger.Reading reading;
    try {
      reading = store.get().read(key.testSet());
    } catch (NewerLedgerException | UncheckedIOException e) {
      return SignOff.Trials.notCounted("the trials ledger " + store.get() + " could not be read: " + e.getMessage());
    }
    Map<String, Double> trials = trials(reading, key, comparison);
    Deflation d = Deflation.of(List.copyOf(trials.values()), comparison.z(), comparison.confidence());
    return SignOff.Trials.counted(d.trials(), d.deflatedP());
  }

  static TrialsSettings settings(GatePolicy policy) {
    return policy.settings(TrialsSettings.DEFAULTS);
  }

  private static Optional<Path> ledger(String text) {
    if (text.equals("off")) {
      return Optional.empty();
    }
    try {
      return text.isBlank() ? null : Optional.of(Path.of(text));
    } catch (InvalidPathException e) {
      return null;
    }
  }
}
