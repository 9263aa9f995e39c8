package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.Verdict;
import dev.backtestgate.trials.Deflation;
import dev.backtestgate.trials.ManyTrialsFinding;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The trials story: the best of 30 scorecard variants is {@code many-trials}; a genuinely better model passes. */
class TrialSearchTests {
  @Test
  void theBestOfThirtyVariantsIsManyTrialsAndAGenuinelyBetterModelPasses() {
    TrialSearch.Outcome o = TrialSearch.run(CreditBacktests.standard(), Path.of("target", "trial-search"));
    ManyTrialsFinding many = o.manyTrials(o.best()).orElseThrow(() -> new AssertionError(o.best().findings()));
    Deflation d = many.deflation();
    assertThat(d.trials()).isEqualTo(TrialSearch.VARIANTS);
    assertThat(d.significantAlone()).isTrue();
    assertThat(d.expectedBestZ()).isGreaterThan(1.0);
    assertThat(d.deflatedP()).isGreaterThan(0.05);
    assertThat(o.best().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(o.manyTrials(o.better())).isEmpty();
    assertThat(o.better().verdict()).as("%s", o.better().findings()).isEqualTo(Verdict.PASSED);
    assertThat(o.better().comparison().lift()).isBetween(0.02, 0.05);
    assertThat(o.better().comparison().z()).isGreaterThan(5);
    assertThat(TrialSearch.asTold(o)).isTrue();
    assertThat(String.join("\n", TrialSearch.describe(o)))
        .contains("30 engineered features tried on the scorecard")
        .contains("The best, prod-scorecard-v3-feature-28, gated again: BLOCKED by the gate")
        .contains("30 distinct candidates were scored on these rows")
        .contains(String.format("Expected best z of 30 candidates with no real lift: %.2f", d.expectedBestZ()))
        .contains(String.format("deflated p %.3f", d.deflatedP()))
        .contains("scorecard-v4-paid-in-full, on the same rows after the search: PASSED");
  }
}
