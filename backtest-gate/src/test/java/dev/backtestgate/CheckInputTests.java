package dev.backtestgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A check input of one's own takes part in the run like its own columns: its problems are named at build, beside the
 * run's, and the fingerprint covers its data, so a sign-off never survives a change to what the check judged.
 */
class CheckInputTests {
  private static final GateFixtures.Data DATA = GateFixtures.data(5, 400, 0.8, 0.79);

  /** When each row's candidate score was computed, for a stale-scores check. */
  record ScoredAt(long[] times) implements CheckInput {
    @Override
    public List<String> problems(RunShape run) {
      return times.length == run.rows() ? List.of()
          : List.of("ScoredAt has " + times.length + " times for " + run.rows() + " rows: give one per row.");
    }
  }

  /** An input holding code, which the fingerprint cannot encode unless the input says what to cover. */
  record Rescaler(DoubleUnaryOperator scale, double[] anchors) implements CheckInput {}

  /** The same, saying what to cover. */
  record CoveredRescaler(DoubleUnaryOperator scale, double[] anchors) implements CheckInput {
    @Override
    public List<?> fingerprinted() {
      return List.of(anchors);
    }
  }

  /** An input that covers nothing. */
  record Uncovered(long[] times) implements CheckInput {
    @Override
    public List<?> fingerprinted() {
      return List.of();
    }
  }

  private static long[] times(int rows, long start) {
    long[] times = new long[rows];
    for (int i = 0; i < rows; i++) {
      times[i] = start + i;
    }
    return times;
  }

  private static String fingerprint(CheckInput input) {
    BacktestRun.Builder builder = GateFixtures.run("com.acme.StaleScoresBacktest#gbm", DATA);
    return BacktestGate.fingerprint((input == null ? builder : builder.input(input)).build());
  }

  @Test
  void theFingerprintChangesWithTheDataOfACustomInput() {
    int rows = DATA.labels().length;
    String none = fingerprint(null);
    String fresh = fingerprint(new ScoredAt(times(rows, 1_000)));
    String stale = fingerprint(new ScoredAt(times(rows, 2_000)));

    assertThat(fresh).isNotEqualTo(none).isNotEqualTo(stale).startsWith("sha256-v2:");
    assertThat(fingerprint(new ScoredAt(times(rows, 1_000)))).as("the same data, the same fingerprint").isEqualTo(fresh);
    assertThat(fingerprint(new Uncovered(times(rows, 1_000)))).as("an input covering nothing keeps the fingerprint")
        .isEqualTo(none);
    assertThat(fingerprint(new CoveredRescaler(x -> x, new double[] {1, 2})))
        .isEqualTo(fingerprint(new CoveredRescaler(x -> 2 * x, new double[] {1, 2})))
        .isNotEqualTo(fingerprint(new CoveredRescaler(x -> x, new double[] {1, 3})));
  }

  @Test
  void buildNamesAnInputsOwnProblemBesideTheRunsProblems() {
    BacktestRun.Builder builder = GateFixtures.run("com.acme.StaleScoresBacktest#gbm", DATA)
        .input(new ScoredAt(new long[3])).decisionTimes(new long[2]);

    assertThatThrownBy(builder::build).isInstanceOf(InvalidBacktestRunException.class)
        .hasMessageContaining("input ScoredAt: ScoredAt has 3 times for " + DATA.labels().length + " rows: give one "
            + "per row.")
        .hasMessageContaining("decisionTimes");
  }

  @Test
  void buildNamesWhatTheFingerprintCannotCover() {
    BacktestRun.Builder builder = GateFixtures.run("com.acme.RescaledBacktest#gbm", DATA)
        .input(new Rescaler(x -> x, new double[] {1}));

    assertThatThrownBy(builder::build).isInstanceOf(InvalidBacktestRunException.class)
        .hasMessageContaining("the fingerprint cannot cover input Rescaler: Rescaler.scale is a lambda or generated "
            + "class, not data the fingerprint can encode: override fingerprinted() in the input to return the data "
            + "the fingerprint should cover (or List.of() for none).");
  }

  @Test
  void anInputWhoseProblemsThrowIsAProblemNotAPass() {
    CheckInput throwing = new CheckInput() {
      @Override
      public List<String> problems(RunShape run) {
        throw new IllegalStateException("no rows today");
      }

      @Override
      public List<?> fingerprinted() {
        return List.of();
      }
    };
    assertThatThrownBy(() -> GateFixtures.run("com.acme.B#m", DATA).input(throwing).build())
        .hasMessageContaining("could not check itself: problems() threw java.lang.IllegalStateException: no rows "
            + "today. Fix the input's problems().");
  }
}
