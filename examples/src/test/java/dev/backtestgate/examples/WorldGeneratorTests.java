package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class WorldGeneratorTests {

  @Test
  void theStandardWorldHasRealisticSizes() {
    CreditWorld world = WorldGenerator.generate(WorldSpec.standard());
    assertThat(world.accounts().size()).isEqualTo(50_000);
    assertThat(world.statements().size()).isGreaterThanOrEqualTo(1_000_000);
    DecisionRows test = DecisionRows.test(world);
    assertThat(test.size()).isGreaterThan(10_000);
    assertThat(test.positives()).isBetween(300, 1_000);
  }

  @Test
  void theSameSpecGivesTheSameWorldBitForBit() {
    CreditWorld a = WorldGenerator.generate(new WorldSpec(500, 11L));
    CreditWorld b = WorldGenerator.generate(new WorldSpec(500, 11L));
    CreditWorld other = WorldGenerator.generate(new WorldSpec(500, 12L));
    assertThat(b.statements().code()).isEqualTo(a.statements().code());
    assertThat(b.statements().balance()).isEqualTo(a.statements().balance());
    assertThat(b.statements().recordedAt()).isEqualTo(a.statements().recordedAt());
    assertThat(b.accounts().decisionAt()).isEqualTo(a.accounts().decisionAt());
    assertThat(b.accounts().defaulted()).isEqualTo(a.accounts().defaulted());
    assertThat(other.statements().balance()).isNotEqualTo(a.statements().balance());
  }

  @Test
  void aSpecOutsideTheSupportedSizesIsRejectedWithTheRange() {
    assertThatThrownBy(() -> new WorldSpec(10, 1L))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a world of 10 accounts: use 100 to 2,000,000 accounts");
  }

  @Property(tries = 15)
  void statementsAreMonthlyLoadedByTheNightlyBatchAndCodedByTheirSystem(@ForAll @LongRange(max = 1_000) long seed) {
    CreditWorld world = WorldGenerator.generate(new WorldSpec(300, seed));
    Accounts a = world.accounts();
    Statements s = world.statements();
    int expectedFirst = 0;
    for (int account = 0; account < a.size(); account++) {
      assertThat(a.firstStatement()[account]).isEqualTo(expectedFirst);
      int end = a.firstStatement()[account] + a.statementCount()[account];
      for (int row = a.firstStatement()[account]; row < end; row++) {
        assertThat(s.account()[row]).isEqualTo(account);
        assertThat(s.statementAt()[row]).isGreaterThan(a.openedAt()[account]);
        if (row > a.firstStatement()[account]) {
          long gap = s.statementAt()[row] - s.statementAt()[row - 1];
          assertThat(gap).isBetween(28 * Timeline.DAY, 31 * Timeline.DAY);
        }
        assertThat(s.recordedAt()[row] - s.statementAt()[row]).isBetween(2 * Timeline.HOUR, 5 * Timeline.HOUR);
        Status state = Status.of(s.state()[row]);
        Status shown = StatusCodes.meaning(s.code()[row]);
        assertThat(shown == state || (shown == Status.HOLD && !state.isDefault())).isTrue();
        assertThat(s.code()[row] / 6).isEqualTo(a.system()[account]);
      }
      boolean chargedOff = a.chargedOffAt()[account] != Accounts.NEVER;
      if (a.statementCount()[account] > 0) {
        int last = end - 1;
        assertThat(s.state()[last] == Status.CHARGED_OFF.ordinal()).isEqualTo(chargedOff);
        if (chargedOff) {
          assertThat(a.chargedOffAt()[account]).isEqualTo(s.statementAt()[last]);
        }
      }
      expectedFirst = end;
    }
    assertThat(expectedFirst).isEqualTo(s.size());
  }

  @Property(tries = 15)
  void reviewsAndOutcomesFollowTheirDefinitions(@ForAll @LongRange(max = 1_000) long seed) {
    CreditWorld world = WorldGenerator.generate(new WorldSpec(300, seed));
    Accounts a = world.accounts();
    Statements s = world.statements();
    for (int account = 0; account < a.size(); account++) {
      long decision = a.decisionAt()[account];
      int before = 0;
      int last = -1;
      boolean defaultedInWindow = false;
      int end = a.firstStatement()[account] + a.statementCount()[account];
      for (int row = a.firstStatement()[account]; row < end; row++) {
        long at = s.statementAt()[row];
        if (at <= decision) {
          before++;
          last = row;
        } else if (at <= decision + Timeline.OUTCOME_WINDOW && Status.of(s.state()[row]).isDefault()) {
          defaultedInWindow = true;
        }
      }
      if (decision == Accounts.NO_DECISION) {
        assertThat(a.defaulted()[account]).isFalse();
        continue;
      }
      assertThat(decision).isBetween(Timeline.DECISIONS_FROM, Timeline.DECISIONS_TO - 1);
      assertThat(before).isGreaterThanOrEqualTo(3);
      assertThat(Status.of(s.state()[last]).isDefault()).isFalse();
      assertThat(s.recordedAt()[last]).isLessThanOrEqualTo(decision);
      assertThat(a.defaulted()[account]).isEqualTo(defaultedInWindow);
    }
  }

  @Test
  void trainingAndTestRowsAreDisjointAndTheTestStartsAfterTrainingLabelsResolved() {
    CreditWorld world = WorldGenerator.generate(new WorldSpec(3_000, 5L));
    DecisionRows train = DecisionRows.training(world);
    DecisionRows test = DecisionRows.test(world);
    assertThat(train.size()).isPositive();
    assertThat(test.size()).isPositive();
    long lastTrainingLabel = 0;
    for (long decided : train.decisionAt()) {
      lastTrainingLabel = Math.max(lastTrainingLabel, decided + Timeline.OUTCOME_WINDOW);
    }
    for (long decided : test.decisionAt()) {
      assertThat(decided).isGreaterThan(lastTrainingLabel);
    }
    assertThat(java.util.Arrays.stream(train.account()).boxed().toList())
        .doesNotContainAnyElementsOf(java.util.Arrays.stream(test.account()).boxed().toList());
  }
}
