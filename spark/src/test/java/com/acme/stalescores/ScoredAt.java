package com.acme.stalescores;

import dev.backtestgate.CheckInput;
import java.util.List;

/**
 * When each row's candidate score was computed, epoch milliseconds, one per row of the run: what the stale-scores
 * check reads. The run's fingerprint covers it (the default of {@link CheckInput#fingerprinted()}: everything the
 * input holds), so a sign-off never survives new score times.
 *
 * @param times one time per row of the run
 */
// tag::input[]
public record ScoredAt(long[] times) implements CheckInput {
  @Override
  public List<String> problems(RunShape run) {                     // named at build(), beside the run's own
    return times.length == run.rows() ? List.of() : List.of("ScoredAt has " + times.length
        + " score times for " + run.rows() + " rows: record one per row, in the rows' order.");
  }

  @Override
  public String conflictWith(CheckInput recorded) {
    return recorded instanceof ScoredAt ? "ScoredAt is recorded twice: record the score times once." : null;
  }
}
// end::input[]
