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
import dev.backtestgate.claim.Claim;
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
  /**
   * {@code backtestgate.ledger}: a directory path, a JDBC URL ({@code jdbc:...}), or {@code off}; default
   * {@code .backtest-gate/trials}. The read-back shows a URL without its password.
   */
  public static final Setting<Optional<String>> LEDGER = Setting.of("backtestgate.ledger",
      TrialsSettings.DEFAULT_LEDGER, "a directory path, absolute or relative to the module directory, a JDBC URL "
          + "(jdbc:duckdb:<file>, jdbc:postgresql://<host>/<database>; needs backtest-gate-jdbc and the driver), or off",
      TrialsChecks::ledger, (policy, at) -> policy.with(settings(policy).withLedgerAt(at)),
      policy -> settings(policy).ledger().map(TrialLedgerProvider::withoutPassword).orElse("off"));
  /** {@code backtestgate.ledger-table}: the table of a JDBC ledger, default {@code backtest_gate_trials}. */
  public static final Setting<String> LEDGER_TABLE = Setting.of("backtestgate.ledger-table",
      TrialsSettings.DEFAULT_LEDGER_TABLE, "a plain SQL table name (lower-case letters, digits, underscores), "
          + "optionally schema.table",
      text -> text.matches("([a-z_][a-z0-9_]{0,62}\\.)?[a-z_][a-z0-9_]{0,62}") ? text : null,
      (policy, table) -> policy.with(settings(policy).withLedgerTable(table)),
      policy -> settings(policy).ledgerTable());
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
  /** {@code backtestgate.ledger-scores}: true or false, default false. */
  public static final Setting<Boolean> KEEP_SCORES = Setting.of("backtestgate.ledger-scores", "false",
      "true or false", text -> text.equals("true") ? Boolean.TRUE : text.equals("false") ? Boolean.FALSE : null,
      (policy, keep) -> policy.with(settings(policy).withKeepScores(keep)),
      policy -> Boolean.toString(settings(policy).keepScores()));

  /** For {@link java.util.ServiceLoader}. */
  public TrialsChecks() {}

  @Override
  public int order() {
    return 800;
  }

  @Override
  public List<Check> checks(BacktestRun run) {
    return List.of(Check.of("trials", c -> findings(TrialKey.of(c.run()), c.comparison().orElse(null),
        c.policy(), c.run())));
  }

  @Override
  public List<EvidencePart<?>> evidence(CheckContext context) {
    return List.of(new TrialsEvidence(TrialKey.of(context.run())));
  }

  /** As on a run; evidence without a trial key counts no trials (an engine that does not compute it yet). */
  @Override
  public List<Finding> judge(GateEvidence evidence, GatePolicy policy) {
    return evidence.part(TrialsEvidence.class).map(p -> findings(p.key(), evidence.comparison(), policy, null))
        .orElse(List.of());
  }

  @Override
  public List<Setting<?>> settings() {
    return List.of(LEDGER, LEDGER_TABLE, FREE_TRIALS, REQUIRED, KEEP_SCORES);
  }

  @Override
  public List<FindingKind> kinds() {
    return List.of(new FindingKind(ManyTrialsFinding.KIND, "The lift is the best of many trials",
        "Many candidates were scored on the same test rows, and this one's lift, significant on its own, is not "
            + "above what the best of that many candidates with no real lift reaches by chance (the deflated "
            + "lift). Confirm it on decisions no trial has scored, or sign off knowing the count."));
  }

  /**
   * The one rule of runs and evidence: the trials of {@code key}'s test set, this one included, deflate its z; with
   * {@code run} (its rows and scores) and every trial's scores kept, the bootstrap reality check decides instead.
   */
  static List<Finding> findings(TrialKey key, Comparison comparison, GatePolicy policy, BacktestRun run) {
    return tally(key, comparison, policy, run).findings();
  }

  /**
   * What one evaluation records of its trials, from the one reading of the ledger its {@code many-trials} rule judged
   * (kept with {@code run}, so the check, the sign-off and the claim share it and the bootstrap runs once).
   *
   * @param reviewed what a pending sign-off records ({@code reviewed.trials})
   * @param claimed what the claim records ({@code trials})
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  public record Recorded(SignOff.Trials reviewed, Claim.Trials claimed) {}

  /**
   * What an evaluation records of the trials: the trials the ledger counts on {@code key}'s test set, this run's
   * included (the count the {@code many-trials} rule judges), the free trials, and the rule's decision: the
   * deflation, or with {@code run} and every trial's scores kept the bootstrap; the sign-off's p-value is the deciding
   * check's. Or why none were counted: the ledger is off or unreadable, the lift could not be computed, or the
   * evidence carries no trial key ({@code key} {@code null}).
   *
   * @param run the evaluated run, or {@code null} for evidence computed elsewhere (then the deflation decides)
   */
  public static Recorded recorded(TrialKey key, Comparison comparison, GatePolicy policy, BacktestRun run) {
    Tally tally = tally(key, comparison, policy, run);
    if (tally.decision() == null) {
      return new Recorded(SignOff.Trials.notCounted(tally.notCounted()), Claim.Trials.notCounted(tally.notCounted()));
    }
    Deflation d = tally.decision().deflation();
    Optional<Double> exact = tally.decision().exact().map(RealityCheck::pValue);
    return new Recorded(SignOff.Trials.counted(d.trials(), exact.orElse(d.deflatedP())),
        Claim.Trials.counted(d.trials(), settings(policy).freeTrials(), d.expectedBestZ(), d.deflatedP(), exact));
  }

  /**
   * One reading of the ledger for one evaluation: the rule's findings and, when the trials were counted, its decision
   * ({@code notCounted} says why none were otherwise).
   */
  private record Tally(List<Finding> findings, Decision decision, String notCounted) {
    static Tally uncounted(List<Finding> findings, String why) {
      return new Tally(List.copyOf(findings), null, why);
    }
  }

  /**
   * The key of a run's tally: the evaluation's comparison by identity (each evaluation reads the ledger afresh, since
   * other trials may have been appended since the last), the settings and the trial key.
   */
  private static final class Tallied {
    private final Comparison evaluation;
    private final TrialsSettings settings;
    private final TrialKey key;

    Tallied(Comparison evaluation, TrialsSettings settings, TrialKey key) {
      this.evaluation = evaluation;
      this.settings = settings;
      this.key = key;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Tallied t && t.evaluation == evaluation && t.settings.equals(settings) && t.key.equals(key);
    }

    @Override
    public int hashCode() {
      return 31 * (31 * System.identityHashCode(evaluation) + settings.hashCode()) + key.hashCode();
    }
  }

  private static Tally tally(TrialKey key, Comparison comparison, GatePolicy policy, BacktestRun run) {
    if (run == null || comparison == null || key == null) {
      return read(key, comparison, policy, null);
    }
    return run.derived(new Tallied(comparison, settings(policy), key), () -> read(key, comparison, policy, run));
  }

  private static Tally read(TrialKey key, Comparison comparison, GatePolicy policy, BacktestRun run) {
    TrialsSettings settings = settings(policy);
    Optional<TrialLedger> store = settings.store();
    if (store.isEmpty()) {
      return Tally.uncounted(List.of(), "the trials ledger was off (backtestgate.ledger=off)");
    }
    if (comparison == null) {
      return Tally.uncounted(List.of(), "the lift could not be computed, so no trial was counted");
    }
    if (key == null) {
      return Tally.uncounted(List.of(), "the evidence carries no trial key, so its trials were not counted");
    }
    TrialLedger ledger = store.get();
    List<Finding> found = new ArrayList<>();
    Optional<String> unwritable = ledger.unwritable();
    if (unwritable.isPresent()) {
      String why = unwritable.get() + ", so this evaluation cannot be recorded in " + ledger;
      if (settings.required()) {
        return Tally.uncounted(List.of(new Finding.CheckFailed("trials ledger", why
            + " and backtestgate.ledger-required=true. " + ledger.fix())), "the trials ledger " + ledger
            + " could not be written: " + unwritable.get());
      }
      found.add(new TrialsUncounted(why, ledger.fix() + " Set backtestgate.ledger-required=true to fail instead."));
    }
    TrialLedger.Reading reading;
    try {
      reading = ledger.read(key.testSet());
    } catch (NewerLedgerException e) {
      return Tally.uncounted(List.of(new Finding.CheckFailed("trials ledger", e.getMessage() + ".")),
          unreadable(ledger, e));
    } catch (UncheckedIOException e) {
      if (unwritable.isEmpty()) {   // an unreachable database is said once, by the warning above
        String why = ledger + " cannot be read: " + e.getMessage();
        if (settings.required()) {
          return Tally.uncounted(List.of(new Finding.CheckFailed("trials ledger", why)), unreadable(ledger, e));
        }
        found.add(new TrialsUncounted(why, ledger.fix()));
      }
      return Tally.uncounted(found, unreadable(ledger, e));
    }
    for (String skipped : reading.skipped()) {
      found.add(new TrialsUncounted("skipped " + skipped, settings.inDatabase() ? "Restore that row from a backup "
          + "or leave it: an entry is never rewritten, so a damaged one stays damaged." : "Delete or restore that file: "
          + "an entry is never rewritten, so a damaged one stays damaged."));
    }
    Map<String, Double> trials = trials(reading, key, comparison);
    Decision decision = decide(settings, trials, key, comparison, run, found);
    if (decision.deflation().significantAlone() && !decision.holds()) {
      found.add(new ManyTrialsFinding(decision.deflation(), settings.freeTrials(), ledger.toString(),
          List.copyOf(trials.values()), List.copyOf(trials.keySet()).indexOf(key.scores()), decision.exact()));
    }
    return new Tally(List.copyOf(found), decision, "");
  }

  private static String unreadable(TrialLedger ledger, RuntimeException e) {
    return "the trials ledger " + ledger + " could not be read: " + e.getMessage();
  }

  /**
   * What the trials make of one lift: its deflation, and the bootstrap reality check when it decides.
   *
   * @param deflation the lift's z deflated against the best of the trials
   * @param exact the bootstrap over every trial's kept scores, when it ran
   */
  private record Decision(Deflation deflation, Optional<RealityCheck> exact) {
    /** Whether the lift stays significant against the trials, by the check that decides. */
    boolean holds() {
      return exact.map(RealityCheck::significant).orElseGet(deflation::significantDeflated);
    }
  }

  /**
   * The one decision of the {@code many-trials} rule: the deflation of {@code trials} (each trial's z by score
   * digest), and with {@code run} the bootstrap when scores are kept; warnings about kept scores go to {@code found}.
   */
  private static Decision decide(TrialsSettings settings, Map<String, Double> trials, TrialKey key,
      Comparison comparison, BacktestRun run, List<Finding> found) {
    Deflation deflation = Deflation.of(List.copyOf(trials.values()), comparison.z(), comparison.confidence());
    // the bootstrap only when it can change the verdict: a lift not significant alone needs no deflating
    Optional<RealityCheck> exact = run == null || !deflation.significantAlone() ? Optional.empty()
        : realityCheck(settings, run, key, List.copyOf(trials.keySet()), comparison.confidence(), found);
    return new Decision(deflation, exact);
  }

  /**
   * The bootstrap reality check when scores are kept and every trial's are; else empty, and a warning says why when
   * scores were meant to be kept.
   */
  private static Optional<RealityCheck> realityCheck(TrialsSettings settings, BacktestRun run, TrialKey key,
      List<String> digests, double confidence, List<Finding> found) {
    Optional<TrialScores> store = settings.scores();
    if (store.isEmpty() || digests.size() < 2) {
      return Optional.empty();
    }
    Optional<String> unkeepable = TrialScores.unkeepable(run);
    if (unkeepable.isPresent()) {
      found.add(new TrialsUncounted("scores not kept with backtestgate.ledger-scores=true: " + unkeepable.get()
          + ", so the lift is deflated by the approximation", "For the exact check, record the baseline's scores on "
          + "the rows (a test set over " + String.format(java.util.Locale.ROOT, "%,d", TrialScores.MAX_ROWS)
          + " rows keeps none); or set backtestgate.ledger-scores=false."));
      return Optional.empty();
    }
    TrialScores.Kept kept;
    try {
      kept = store.get().read(run, key, digests);
    } catch (RuntimeException e) {
      found.add(new TrialsUncounted("the kept scores in " + store.get() + " cannot be read (" + e.getMessage()
          + "), so the lift is deflated by the approximation", "Fix the directory's permissions."));
      return Optional.empty();
    }
    for (String skipped : kept.skipped()) {
      found.add(new TrialsUncounted("kept scores skipped: " + skipped + ", so the lift is deflated by the "
          + "approximation", "Delete that file: the trial's scores are kept again only when it is scored again."));
    }
    if (kept.trials().size() < digests.size()) {
      return Optional.empty();   // trials from before the scores were kept: the approximation decides, as without them
    }
    return Optional.of(RealityCheck.of(run.labels(), List.copyOf(kept.trials().values()), digests.indexOf(
        key.scores()), RealityCheck.REPLICATES, seedOf(key), confidence));
  }

  /** The bootstrap's seed: the test set's first 16 hex digits, so a test set's check is the same on every run. */
  static long seedOf(TrialKey key) {
    return Long.parseUnsignedLong(key.testSetHex().substring(0, 16), 16);
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

  static TrialsSettings settings(GatePolicy policy) {
    return policy.settings(TrialsSettings.DEFAULTS);
  }

  private static Optional<String> ledger(String text) {
    if (text.equals("off")) {
      return Optional.empty();
    }
    if (text.startsWith(TrialsSettings.JDBC_PREFIX)) {
      return text.length() > TrialsSettings.JDBC_PREFIX.length() && text.strip().equals(text) ? Optional.of(text)
          : null;
    }
    try {
      Path.of(text);
      return text.isBlank() ? null : Optional.of(text);
    } catch (InvalidPathException e) {
      return null;
    }
  }
}
