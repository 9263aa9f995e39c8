package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Comparison;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GateResult;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Appends an evaluation to the trials ledger, once, after its verdict: what the gate's reporter does for every gate
 * it publishes. A program that evaluates without publishing calls it itself.
 *
 * <pre>{@code
 * GateResult result = BacktestGate.evaluate(run, policy, reviews, clock);
 * System.out.println(TrialRecorder.append(run, result, clock).line());
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class TrialRecorder {
  private TrialRecorder() {}

  /**
   * What became of one evaluation's entry: where the ledger is, whether the entry was written, and the sentence every
   * report shows (the console text, the page and the JSON report's {@code trials}).
   *
   * @param ledger where the ledger is ({@link TrialLedger#where()}: the absolute directory, or the JDBC URL without
   *     its password), empty when {@code backtestgate.ledger=off}
   * @param recorded whether the entry was written
   * @param line one sentence: where it was recorded, or why not
   */
  public record Outcome(Optional<String> ledger, boolean recorded, String line) {
    /** Checks the parts. */
    public Outcome {
      Objects.requireNonNull(ledger, "ledger");
      Objects.requireNonNull(line, "line");
    }
  }

  /** Appends the evaluation of {@code run} and says where, or why it was not recorded. */
  public static Outcome append(BacktestRun run, GateResult result, Clock clock) {
    TrialKey key = TrialKey.of(run);
    Outcome outcome = append(key, run.candidateName(), result, clock);
    Optional<TrialScores> scores = TrialsChecks.settings(result.policy()).scores();
    if (!outcome.recorded() || scores.isEmpty()) {
      return outcome;
    }
    Optional<String> unkeepable = TrialScores.unkeepable(run);
    if (unkeepable.isPresent()) {
      return new Outcome(outcome.ledger(), true, outcome.line() + " Its scores are not kept: " + unkeepable.get()
          + ".");
    }
    try {
      scores.get().keep(key, run);
      return new Outcome(outcome.ledger(), true, outcome.line() + " Its scores are kept in " + scores.get() + ".");
    } catch (RuntimeException e) {
      return new Outcome(outcome.ledger(), true, outcome.line() + " Its scores could not be kept (" + e.getMessage()
          + "), so the next run's check on these rows falls back to the approximation.");
    }
  }

  /** As for a run; evidence without a {@link TrialsEvidence} part records nothing, said in the outcome's line. */
  public static Outcome append(GateEvidence evidence, GateResult result, Clock clock) {
    Optional<TrialsEvidence> part = evidence.part(TrialsEvidence.class);
    Optional<String> where = TrialsChecks.settings(result.policy()).store().map(TrialLedger::where);
    if (part.isEmpty() && where.isPresent()) {
      return new Outcome(where, false, "Trials: not recorded in " + where.get()
          + ": the evidence carries no trial key (add TrialsEvidence).");
    }
    String candidate = result.comparison() == null ? "" : result.comparison().candidate();
    return part.map(p -> append(p.key(), candidate, result, clock)).orElseGet(TrialRecorder::off);
  }

  private static Outcome append(TrialKey key, String candidate, GateResult result, Clock clock) {
    TrialsSettings settings = TrialsChecks.settings(result.policy());
    Optional<TrialLedger> store = settings.store();
    if (store.isEmpty()) {
      return off();
    }
    Optional<String> where = store.map(TrialLedger::where);
    Comparison c = result.comparison();
    GitCommit commit = GitCommit.of(Path.of(""));
    LedgerEntry entry = new LedgerEntry(LedgerEntry.SCHEMA, 1, result.gateId(), clock.instant(), key, candidate,
        c == null ? Double.NaN : c.candidateAuc(), c == null ? Double.NaN : c.baselineAuc(),
        c == null ? Double.NaN : c.lift(), c == null ? Double.NaN : c.standardError(), c == null ? Double.NaN : c.z(),
        result.verdict().name().toLowerCase(Locale.ROOT).replace('_', '-'), commit.commit(), commit.note());
    try {
      store.get().append(entry);
      return new Outcome(where, true, "Trials: recorded in the trials ledger " + where.get() + ".");
    } catch (RuntimeException e) {
      return new Outcome(where, false, "Trials: this evaluation was not recorded in the trials ledger " + where.get()
          + ": " + e.getMessage() + (settings.required() ? "" : " (backtestgate.ledger-required=true fails the "
          + "gate on this)"));
    }
  }

  private static Outcome off() {
    return new Outcome(Optional.empty(), false, "Trials: not counted (backtestgate.ledger=off): this lift is judged "
        + "as if it were the only candidate ever scored on these rows.");
  }
}
