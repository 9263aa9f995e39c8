package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.time.EpochMillis;
import dev.backtestgate.time.FutureReadProbe;
import dev.backtestgate.time.LateWritePolicy;
import java.time.Duration;
import org.apiguardian.api.API;

/**
 * The limits a backtest is held to. Immutable; {@code with...} methods return changed copies.
 *
 * <pre>{@code
 * GatePolicy policy = GatePolicy.defaults()
 *     .withMaxLift(0.03)
 *     .withAvailabilityLag(Duration.ofHours(6));
 * }</pre>
 *
 * @param maxLift largest AUC lift over the baseline accepted without a sign-off (default 0.05)
 * @param confidence level of the reported lift interval (default 0.95)
 * @param liftTolerance how far the lift may grow beyond the reviewed lift before a sign-off stops
 *     covering it (default 0.01)
 * @param availabilityLag how long after it is recorded a value can be used (default 0; at most
 *     {@link EpochMillis#LONGEST}, as times are epoch milliseconds)
 * @param mode how sign-off files are treated (default {@link Mode#AUTO})
 * @param lateWrites whether late writes into closed history fail the gate or only warn (default
 *     {@link LateWritePolicy#WARN}); rewritten history always fails
 * @param embargo how long before the earliest test decision every training label must have resolved (default 0)
 * @param trainTestOverlap whether test rows whose entity's future was in training fail, warn (default) or are not
 *     checked
 * @param futureReadSample how many rows each future-read probe re-runs (default
 *     {@value FutureReadProbe#DEFAULT_SAMPLE}; {@link FutureReadProbe#ALL_ROWS} for every row)
 * @param maxFeatureAuc direction-free AUC of a single feature at or above which the feature–label screen fails
 *     (default 0.90); a feature that separates the classes perfectly fails whatever the limit
 */
@API(status = STABLE, since = "0.1")
public record GatePolicy(
    double maxLift,
    double confidence,
    double liftTolerance,
    Duration availabilityLag,
    Mode mode,
    LateWritePolicy lateWrites,
    Duration embargo,
    TrainTestOverlapPolicy trainTestOverlap,
    int futureReadSample,
    double maxFeatureAuc) {

  /** Default max lift: five AUC points. */
  public static final double DEFAULT_MAX_LIFT = 0.05;
  /** Default confidence level of the lift interval. */
  public static final double DEFAULT_CONFIDENCE = 0.95;
  /** Default max feature AUC of the feature–label screen. */
  public static final double DEFAULT_MAX_FEATURE_AUC = 0.90;
  /** Default lift tolerance of a sign-off. */
  public static final double DEFAULT_LIFT_TOLERANCE = 0.01;

  /** Validates every limit; an invalid one fails with its value and the allowed range. */
  public GatePolicy {
    if (!(maxLift >= 0 && maxLift < 1)) {
      throw new IllegalArgumentException("max lift is " + maxLift + ": it must be at least 0 and below 1 (AUC points, "
          + "e.g. 0.05 for five points).");
    }
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("confidence is " + confidence + ": it must be strictly between 0 and 1, "
          + "e.g. 0.95.");
    }
    if (!(liftTolerance >= 0 && liftTolerance < 1)) {
      throw new IllegalArgumentException("lift tolerance is " + liftTolerance + ": it must be at least 0 and below "
          + "1, e.g. 0.01.");
    }
    if (!EpochMillis.fits(availabilityLag)) {
      throw new IllegalArgumentException("availability lag is " + availabilityLag + ": it must be a duration of "
          + "zero or more and at most " + EpochMillis.LONGEST + " (Long.MAX_VALUE milliseconds), e.g. PT6H.");
    }
    if (mode == null) {
      throw new IllegalArgumentException("mode is missing: use auto, verify or local.");
    }
    if (lateWrites == null) {
      throw new IllegalArgumentException("late-writes policy is missing: use warn or fail.");
    }
    if (embargo == null || embargo.isNegative()) {
      throw new IllegalArgumentException("embargo is " + embargo + ": it must be a duration of zero or more, e.g. "
          + "P7D.");
    }
    if (trainTestOverlap == null) {
      throw new IllegalArgumentException("train/test-overlap policy is missing: use fail, warn or off.");
    }
    if (futureReadSample < 1) {
      throw new IllegalArgumentException("future-read sample is " + futureReadSample + ": probe at least 1 row, "
          + "e.g. 1000, or FutureReadProbe.ALL_ROWS for every row.");
    }
    if (!(maxFeatureAuc > 0.5 && maxFeatureAuc <= 1)) {
      throw new IllegalArgumentException("max feature AUC is " + maxFeatureAuc + ": it must be above 0.5 and at "
          + "most 1 (a direction-free AUC, e.g. 0.90).");
    }
  }

  /** The limits without the training-set and probe settings: no embargo, overlap warns, probes sample 1,000. */
  public GatePolicy(double maxLift, double confidence, double liftTolerance, Duration availabilityLag, Mode mode,
      LateWritePolicy lateWrites) {
    this(maxLift, confidence, liftTolerance, availabilityLag, mode, lateWrites, Duration.ZERO,
        TrainTestOverlapPolicy.DEFAULT, FutureReadProbe.DEFAULT_SAMPLE, DEFAULT_MAX_FEATURE_AUC);
  }

  /**
   * The documented defaults (docs/configuration.md): max lift 0.05, confidence 0.95, lift tolerance 0.01,
   * no availability lag, mode auto, late writes warn, no embargo, train/test overlap warns, future-read probes
   * re-run 1,000 rows, max feature AUC 0.90.
   */
  public static GatePolicy defaults() {
    return new GatePolicy(DEFAULT_MAX_LIFT, DEFAULT_CONFIDENCE, DEFAULT_LIFT_TOLERANCE, Duration.ZERO, Mode.AUTO,
        LateWritePolicy.DEFAULT);
  }

  /** A copy with another max lift. */
  public GatePolicy withMaxLift(double value) {
    return new GatePolicy(value, confidence, liftTolerance, availabilityLag, mode, lateWrites, embargo,
        trainTestOverlap, futureReadSample, maxFeatureAuc);
  }

  /** A copy with another confidence level. */
  public GatePolicy withConfidence(double value) {
    return new GatePolicy(maxLift, value, liftTolerance, availabilityLag, mode, lateWrites, embargo,
        trainTestOverlap, futureReadSample, maxFeatureAuc);
  }

  /** A copy with another lift tolerance. */
  public GatePolicy withLiftTolerance(double value) {
    return new GatePolicy(maxLift, confidence, value, availabilityLag, mode, lateWrites, embargo, trainTestOverlap,
        futureReadSample, maxFeatureAuc);
  }

  /** A copy with another availability lag. */
  public GatePolicy withAvailabilityLag(Duration value) {
    return new GatePolicy(maxLift, confidence, liftTolerance, value, mode, lateWrites, embargo, trainTestOverlap,
        futureReadSample, maxFeatureAuc);
  }

  /** A copy with another late-writes policy. */
  public GatePolicy withLateWrites(LateWritePolicy value) {
    return new GatePolicy(maxLift, confidence, liftTolerance, availabilityLag, mode, value, embargo,
        trainTestOverlap, futureReadSample, maxFeatureAuc);
  }

  /** A copy with another embargo between the last training label and the first test decision. */
  public GatePolicy withEmbargo(Duration value) {
    return new GatePolicy(maxLift, confidence, liftTolerance, availabilityLag, mode, lateWrites, value,
        trainTestOverlap, futureReadSample, maxFeatureAuc);
  }

  /** A copy with another train/test-overlap policy. */
  public GatePolicy withTrainTestOverlap(TrainTestOverlapPolicy value) {
    return new GatePolicy(maxLift, confidence, liftTolerance, availabilityLag, mode, lateWrites, embargo, value,
        futureReadSample, maxFeatureAuc);
  }

  /** A copy where each future-read probe re-runs {@code rows} rows ({@link FutureReadProbe#ALL_ROWS}: all). */
  public GatePolicy withFutureReadSample(int rows) {
    return new GatePolicy(maxLift, confidence, liftTolerance, availabilityLag, mode, lateWrites, embargo,
        trainTestOverlap, rows, maxFeatureAuc);
  }

  /** A copy with another max feature AUC for the feature–label screen. */
  public GatePolicy withMaxFeatureAuc(double value) {
    return new GatePolicy(maxLift, confidence, liftTolerance, availabilityLag, mode, lateWrites, embargo,
        trainTestOverlap, futureReadSample, value);
  }

  /** A copy with another mode. */
  public GatePolicy withMode(Mode value) {
    return new GatePolicy(maxLift, confidence, liftTolerance, availabilityLag, value, lateWrites, embargo,
        trainTestOverlap, futureReadSample, maxFeatureAuc);
  }
}
