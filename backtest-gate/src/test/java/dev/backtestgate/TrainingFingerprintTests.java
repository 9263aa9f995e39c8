package dev.backtestgate;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The fingerprint covers the recorded training set and entities, and a run that records none of them keeps the
 * exact version-1 fingerprint it had before they could be recorded, so existing sign-offs stay valid.
 */
class TrainingFingerprintTests {
  private static final long HOUR = 3_600_000L;
  private static final long T0 = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
  /**
   * The fingerprint of {@link #plain()} as computed before training sets could be recorded (encoding v1: tag, gate,
   * candidate, baseline, sorted feature names, labels, decision times, knowledge times).
   */
  static final String BEFORE_TRAINING_SETS =
      "sha256:5229ecac3a3b58027c9d7b6948dff39ff371c3deb99534c96450ff83f2c1db27";

  /** A fixed four-row run: one timed feature (with a missing value) and one timeless feature. */
  static BacktestRun.Builder plain() {
    return BacktestRun.builder("com.acme.ChurnBacktest#gbm")
        .labels(new boolean[] {true, false, true, false})
        .candidate("gbm-v7", new double[] {0.9, 0.1, 0.8, 0.3})
        .baseline("prod-v3", new double[] {0.7, 0.2, 0.4, 0.5})
        .decisionTimes(new long[] {T0, T0 + HOUR, T0 + 2 * HOUR, T0 + 3 * HOUR})
        .feature("balance", new long[] {T0 - 24 * HOUR, T0 - 23 * HOUR, FeatureTiming.NO_VALUE, T0 - 21 * HOUR})
        .timelessFeature("region", "set once at account opening");
  }

  private static final long[] TRAIN_DECIDED = {T0 - 200 * 24 * HOUR, T0 - 150 * 24 * HOUR};
  private static final long[] TRAIN_KNOWN = {T0 - 110 * 24 * HOUR, T0 - 60 * 24 * HOUR};

  private static String fp(BacktestRun.Builder run) {
    return BacktestGate.fingerprint(run.build());
  }

  @Test
  void theTrainingSetAndEveryEntityAreCovered() {
    String training = fp(plain().training(TRAIN_DECIDED, TRAIN_KNOWN));
    String withIds =
        fp(plain().training(TRAIN_DECIDED, TRAIN_KNOWN, new long[] {1, 2}).entities(new long[] {1, 2, 3, 4}));
    String withKeys = fp(plain().training(TRAIN_DECIDED, TRAIN_KNOWN, new String[] {"a", "b"})
        .entities(new String[] {"a", "b", "c", "d"}));
    assertThat(java.util.List.of(fp(plain()), training, withIds, withKeys)).doesNotHaveDuplicates();

    assertThat(fp(plain().training(TRAIN_DECIDED.clone(), TRAIN_KNOWN.clone()))).isEqualTo(training);
    assertThat(fp(plain().training(new long[] {T0 - 200 * 24 * HOUR, T0 - 149 * 24 * HOUR}, TRAIN_KNOWN)))
        .isNotEqualTo(training);
    assertThat(fp(plain().training(TRAIN_DECIDED, new long[] {T0 - 110 * 24 * HOUR, T0 - 59 * 24 * HOUR})))
        .isNotEqualTo(training);
    assertThat(fp(plain().training(TRAIN_DECIDED, TRAIN_KNOWN, new long[] {1, 3}).entities(new long[] {1, 2, 3, 4})))
        .isNotEqualTo(withIds);
    assertThat(fp(plain().training(TRAIN_DECIDED, TRAIN_KNOWN, new long[] {1, 2}).entities(new long[] {1, 2, 3, 5})))
        .isNotEqualTo(withIds);
    // same equality pattern, other names: the keys themselves are covered
    assertThat(fp(plain().training(TRAIN_DECIDED, TRAIN_KNOWN, new String[] {"x", "b"})
        .entities(new String[] {"x", "b", "c", "d"}))).isNotEqualTo(withKeys);
  }

  @Test
  void testEntitiesAloneAreCoveredToo() {
    assertThat(fp(plain().entities(new long[] {1, 2, 3, 4}))).isNotEqualTo(fp(plain()));
  }
}
