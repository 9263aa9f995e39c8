package dev.backtestgate.tripwire;

import static dev.backtestgate.tripwire.TripwireTests.CHECKED;
import static dev.backtestgate.tripwire.TripwireTests.claim;
import static dev.backtestgate.tripwire.TripwireTests.production;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.claim.Claim;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shipped model's live window as fresh rows for a lift that was the best of several trials: confirmed, not yet,
 * or not measurable, in the tripwire's text; nothing when the lift was the only trial.
 */
class FreshRowsTests {
  private static final Claim.Trials THIRTY = Claim.Trials.counted(30, 5, 1.58, 0.152, Optional.empty());

  @TempDir
  Path reviews;

  @Test
  void aRealLiftOnProductionsDecisionsIsConfirmedAsFreshRows() {
    Claim claim = claim(reviews, 1.3).withTrials(THIRTY);
    TripwireResult result = Tripwire.check(claim, production(3_000, 1.3, 5).build(), CHECKED,
        TripwireSettings.defaults());

    FreshRows.Measured fresh = (FreshRows.Measured) FreshRows.of(claim, result).orElseThrow();
    Measurement m = result.measured().orElseThrow();
    assertThat(fresh.lift()).isEqualTo(m.live());
    assertThat(fresh.z()).isEqualTo(m.live() / Math.sqrt(m.liveVariance()));
    assertThat(fresh.alpha()).isEqualTo(0.05);
    assertThat(fresh.boundary()).isEqualTo(new MixtureBoundary(0.05, m.claimedVariance()).z(m.liveVariance()));
    assertThat(fresh.confirmed()).isTrue();
    assertThat(fresh.text()).isEqualTo(String.format(java.util.Locale.ROOT, "Fresh rows: the backtest's lift was "
        + "the best of 30 trials on its rows (deflated p 0.152 by the approximation). On 3,000 matured production "
        + "decisions, which no trial scored, the lift is %+.3f (z %.2f, beyond the always-valid boundary %.2f at "
        + "alpha 0.05): it repeats on fresh rows.", fresh.lift(), fresh.z(), fresh.boundary()));
    assertThat(TripwireText.render(claim, result)).startsWith("Tripwire held: churn-v7\n")
        .endsWith(fresh.text() + "\n");
  }

  @Test
  void noLiftInProductionIsNotConfirmedAndTheVerdictIsTheTripwiresAlone() {
    Claim claim = claim(reviews, 1.3).withTrials(Claim.Trials.counted(30, 5, 1.58, 0.7, Optional.of(0.049)));
    TripwireResult result = Tripwire.check(claim, production(3_000, 1.0, 5).build(), CHECKED,
        TripwireSettings.defaults());

    FreshRows.Measured fresh = (FreshRows.Measured) FreshRows.of(claim, result).orElseThrow();
    assertThat(fresh.confirmed()).isFalse();
    assertThat(fresh.text()).contains("(deflated p 0.049 by the bootstrap reality check)")
        .contains("not beyond the always-valid boundary").endsWith("not confirmed yet. The boundary holds at every "
            + "look, so run the tripwire again as more outcomes mature.");
    // information only: the look's verdict and findings are the tripwire's, with or without the trials
    TripwireResult alone = Tripwire.check(claim.withTrials(Claim.Trials.NOT_RECORDED),
        production(3_000, 1.0, 5).build(), CHECKED, TripwireSettings.defaults());
    assertThat(result).isEqualTo(alone);
  }

  @Test
  void withoutBaselineScoresOrMaturedRowsTheFreshRowsAreNotMeasuredAndSaySo() {
    Claim claim = claim(reviews, 1.3).withTrials(THIRTY);
    Outcomes full = production(3_000, 1.3, 5).build();
    Outcomes noBaseline = Outcomes.builder().decidedAt(full.decidedAt()).candidateScores(full.candidateScores())
        .labels(full.labels()).labelKnownAt(full.labelKnownAt()).build();
    TripwireResult candidateOnly = Tripwire.check(claim, noBaseline, CHECKED, TripwireSettings.defaults());
    java.time.Instant firstWeek = TripwireTests.JULY_1.plus(java.time.Duration.ofDays(7));
    int[] rows = java.util.stream.IntStream.range(0, full.rows())
        .filter(i -> full.decidedAt()[i] <= firstWeek.toEpochMilli()).toArray();
    Outcomes week = Outcomes.builder().decidedAt(TripwireTests.pick(full.decidedAt(), rows))
        .candidateScores(TripwireTests.pick(full.candidateScores(), rows))
        .labels(TripwireTests.pick(full.labels(), rows)).labelKnownAt(TripwireTests.pick(full.labelKnownAt(), rows))
        .build();
    TripwireResult early = Tripwire.check(claim, week, firstWeek, TripwireSettings.defaults());

    assertThat(FreshRows.of(claim, candidateOnly).orElseThrow().text()).endsWith("do not confirm it yet: the "
        + "outcomes carry no baseline scores, so production measures no lift.");
    assertThat(early).isInstanceOf(TripwireResult.Unchecked.class);
    assertThat(FreshRows.of(claim, early).orElseThrow().text()).endsWith("do not confirm it yet: too few matured "
        + "decisions of a class yet (0 positive, 0 negative; 30 of each needed).");
  }

  @Test
  void aLiftThatWasTheOnlyTrialOrWasNotCountedHasNoFreshRowsLine() {
    Claim alone = claim(reviews, 1.3).withTrials(Claim.Trials.counted(1, 5, 0, 0.01, Optional.empty()));
    TripwireResult result = Tripwire.check(alone, production(3_000, 1.3, 5).build(), CHECKED,
        TripwireSettings.defaults());

    assertThat(FreshRows.of(alone, result)).isEmpty();
    assertThat(FreshRows.of(alone.withTrials(Claim.Trials.notCounted("the trials ledger was off")), result)).isEmpty();
    assertThat(TripwireText.render(alone, result)).doesNotContain("Fresh rows");
  }
}
