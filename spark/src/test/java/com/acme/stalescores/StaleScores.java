package com.acme.stalescores;

import dev.backtestgate.Finding;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Candidate scores computed long before their decision: the finding, rendered once for the console, the JSON report
 * and the HTML page.
 *
 * @param rows the rows judged
 * @param stale how many of them were scored more than {@code maxAge} before their decision
 * @param maxAge the limit in force
 * @param firstRow the index of the first stale row (0-based)
 * @param oldest the largest age of any row's score
 */
// tag::finding[]
public record StaleScores(long rows, long stale, Duration maxAge, long firstRow, Duration oldest) implements Finding {
  public static final String KIND = "stale-scores";

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public Resolution resolution() {
    return Resolution.SIGN_OFF;                                      // a reviewer may accept it, knowingly
  }

  @Override
  public Rendering render() {
    String headline = String.format("%,d of %,d candidate scores were computed more than %s before their decision.",
        stale, rows, maxAge);
    return Rendering.of(headline)                                    // the summary and the HTML card's callout
        .lines(List.of(headline, String.format("The oldest is %s old; the first stale row is row index %,d.",
            oldest, firstRow)))
        .why("A score computed long before the decision did not see what the model will see in production: "
            + "the backtest measures another model than the one that ships.")
        .fix("Score each row at its decision time, or raise acme.max-score-age if the delay is what production "
            + "has too.")
        .evidence(Map.of("rows", rows, "stale", stale, "maxAge", maxAge.toString(), "firstRow", firstRow,
            "oldest", oldest.toString()));                           // into the JSON report
  }
}
// end::finding[]
