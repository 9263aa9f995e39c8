package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.EvidencePart;
import org.apiguardian.api.API;

/**
 * The trials ledger's part of gate evidence: the test set and the score digest ({@link TrialKey#of}), which an engine
 * holding the rows computes with the same row hash. Evidence without it is judged and recorded without counting
 * trials.
 *
 * @param key the test set and the score digest
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record TrialsEvidence(TrialKey key) implements EvidencePart<TrialsEvidence> {
  /** Refuses a second key: one evaluation is one trial. */
  @Override
  public TrialsEvidence plus(TrialsEvidence later) {
    throw new IllegalArgumentException("the evidence already carries a trial key (" + key.scores() + "): one "
        + "evaluation is one trial, so add TrialsEvidence once.");
  }
}
