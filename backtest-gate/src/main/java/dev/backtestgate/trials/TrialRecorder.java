package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Comparison;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GateResult;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Appends an evaluation to the trials ledger, once, after its verdict: what the gate's reporter does for every gate
 * it publishes. A program that evaluates without publishing calls it itself.
 *
 * <pre>{@code
 * GateResult result = BacktestGate.evaluate(run, policy, reviews, clock);
 * TrialRecorder.append(run, result, clock).ifPresent(System.out::println);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class TrialRecorder {
  private TrialRecorder() {}

  /**
   * Appends the evaluation of {@code run}; returns a line for the console when nothing was recorded (the ledger off,
   * or it could not be written), empty when it was.
   */
  public static Optional<String> append(BacktestRun run, GateResult result, Clock clock) {
    return append(TrialKey.of(run), run.candidateName(), result, clock);
  }

  /** As for a run; evidence without a {@link TrialsEvidence} part records nothing, said in the line returned. */
  public static Optional<String> append(GateEvidence evidence, GateResult result, Clock clock) {
    Optional<TrialsEvidence> part = evidence.part(TrialsEvidence.class);
    if (part.isEmpty()) {
      return TrialsChecks.settings(result.policy()).store().isEmpty() ? off()
          : Optional.of("Trials: not recorded, the evidence carries no trial key (add TrialsEvidence).");
    }
    String candidate = result.comparison() == null ? "" : result.comparison().candidate();
    return append(part.get().key(), candidate, result, clock);
  }

  private static Optional<String> append(TrialKey key, String candidate, GateResult result, Clock clock) {
    TrialsSettings settings = TrialsChecks.settings(result.policy());
    Optional<TrialLedger> store = settings.store();
    if (store.isEmpty()) {
      return off();
    }
    Comparison c = result.comparison();
    GitCommit commit = GitCommit.of(Path.of(""));
    LedgerEntry entry = new LedgerEntry(LedgerEntry.SCHEMA, 1, result.gateId(), clock.instant(), key, candidate,
        c == null ? Double.NaN : c.candidateAuc(), c == null ? Double.NaN : c.baselineAuc(),
        c == null ? Double.NaN : c.lift(), c == null ? Double.NaN : c.standardError(), c == null ? Double.NaN : c.z(),
        result.verdict().name().toLowerCase(Locale.ROOT).replace('_', '-'), commit.commit(), commit.note());
    try {
      store.get().append(entry);
      return Optional.empty();
    } catch (RuntimeException e) {
      return Optional.of("Trials: this evaluation was not recorded in " + store.get() + ": " + e.getMessage()
          + (settings.required() ? "" : " (backtestgate.ledger-required=true fails the gate on this)"));
    }
  }

  private static Optional<String> off() {
    return Optional.of("Trials: not counted (backtestgate.ledger=off): this lift is judged as if it were the only "
        + "candidate ever scored on these rows.");
  }
}
