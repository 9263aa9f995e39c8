package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.junit.LeakageGateFailure;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link FittedOnAllRowsBacktest} (excluded from the default run by its tag) and its honest twins {@link
 * FittedOnTrainingRowsBacktest} through the EngineTestKit, as Surefire would: an encoder or a selection fitted with
 * the test rows is blocked by the refit ({@code fit-scope}); fitted on the training rows, both pass.
 */
class FittedOnAllRowsGateTests {
  @Test
  void stepsFittedOnTheTestRowsAreBlockedAndTheirHonestTwinsPass() {
    GatedRuns leaky = GatedRuns.of(FittedOnAllRowsBacktest.class);
    GatedRuns honest = GatedRuns.of(FittedOnTrainingRowsBacktest.class);

    for (String method : new String[] {"employerEncodedOnAllRows", "columnsSelectedOnAllRows"}) {
      GatedRuns.Outcome outcome = leaky.outcome(method);
      assertThat(outcome.failure()).as(method).isInstanceOf(LeakageGateFailure.class);
      assertThat(outcome.findingKinds()).as(method).contains("fit-scope", "lift-attribution")
          .doesNotContain("check-failed", "point-in-time");
      assertThat(outcome.failure().getMessage()).as(method)
          .contains("The candidate scores are not what the pipeline gives when fitted on the training rows alone")
          .contains("Fit every step of the pipeline on the training rows only");
    }
    for (String method : new String[] {"employerEncodedOnTrainingRows", "columnsSelectedOnTrainingRows"}) {
      GatedRuns.Outcome outcome = honest.outcome(method);
      assertThat(outcome.failure()).as(method).isNull();
      // lift-attribution always; duplicate-rows where test rows repeat a training row exactly (a warning: the world
      // holds honest repeats, accounts alike in every recorded value)
      assertThat(outcome.findingKinds()).as(method).contains("lift-attribution")
          .doesNotContain("fit-scope", "check-failed", "lift-carrier");
    }
  }
}
