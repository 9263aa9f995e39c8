package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Function;

/** Runs a join under each plan, range and window, and asserts that they agree: on the result, or on the failure. */
final class JoinPlans {
  static final List<SparkPointInTimeJoin.Plan> BOTH =
      List.of(SparkPointInTimeJoin.Plan.RANGE, SparkPointInTimeJoin.Plan.WINDOW);

  private JoinPlans() {}

  /**
   * {@code run} under the range plan, then the window plan. Both must return equal results, or both fail with an
   * {@link IllegalArgumentException} whose message is the same up to its example (each plan names the first bad
   * row it meets). Returns the window plan's result, or throws its failure.
   */
  static <T> T onBothPlans(Function<SparkPointInTimeJoin.Plan, T> run) {
    T range = null;
    IllegalArgumentException rangeFailure = null;
    try {
      range = run.apply(SparkPointInTimeJoin.Plan.RANGE);
    } catch (IllegalArgumentException e) {
      rangeFailure = e;
    }
    T window;
    try {
      window = run.apply(SparkPointInTimeJoin.Plan.WINDOW);
    } catch (IllegalArgumentException e) {
      assertThat(rangeFailure).as("the range plan fails too, where the window plan failed with: %s", e.getMessage())
          .isNotNull();
      assertThat(beforeExample(e.getMessage())).isEqualTo(beforeExample(rangeFailure.getMessage()));
      throw e;
    }
    assertThat(rangeFailure).as("the window plan fails too").isNull();
    assertThat(window).as("the window plan's result against the range plan's").isEqualTo(range);
    return window;
  }

  private static String beforeExample(String message) {
    int example = message.indexOf(". Example: ");
    return example < 0 ? message : message.substring(0, example);
  }
}
