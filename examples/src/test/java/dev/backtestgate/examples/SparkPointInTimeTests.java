package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The Spark-built backtest and the in-memory one hand the gate the same evidence: labels, decision times,
 * both models' scores (the models were trained on identical features) and every feature's knowledge times.
 * Equal inputs give the same verdict, findings and report.
 */
class SparkPointInTimeTests {

  @Test
  void sparkAndInMemoryBacktestsHandTheGateTheSameEvidence() {
    ScoredBacktest memory = CreditBacktests.standard().pointInTime();
    ScoredBacktest spark = SparkCredit.backtests().pointInTime();

    assertThat(spark.labels()).isEqualTo(memory.labels());
    assertThat(spark.decisionTimes()).isEqualTo(memory.decisionTimes());
    assertThat(spark.candidateScores()).isEqualTo(memory.candidateScores());
    assertThat(spark.baselineScores()).isEqualTo(memory.baselineScores());
    assertThat(spark.knownAt().keySet()).isEqualTo(memory.knownAt().keySet());
    memory.knownAt().forEach((feature, knownAt) ->
        assertThat(spark.knownAt().get(feature)).as(feature).isEqualTo(knownAt));
    assertThat(spark.timeless()).isEqualTo(memory.timeless());
    assertThat(spark.history()).isEqualTo(memory.history());
  }
}
