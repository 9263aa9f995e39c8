package dev.backtestgate.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.InvalidBacktestRunException;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** What every hostile-input case asserts: the failure's type, and a message a person wrote, not the JVM. */
final class Hostile {
  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);
  /** Fragments of raw JVM exception texts that must never reach a user. */
  static final List<String> RAW_JVM_TEXTS = List.of("NullPointerException", "Cannot invoke", "Cannot read",
      "long overflow", "integer overflow", "out of bounds", "ArithmeticException", "ClassCastException",
      "because \"");

  static final boolean[] LABELS = {true, false, true, false, true, false};
  static final double[] CANDIDATE = {0.9, 0.2, 0.7, 0.4, 0.3, 0.1};
  static final double[] BASELINE = {0.6, 0.5, 0.8, 0.3, 0.2, 0.4};
  static final long[] DECIDED = {10_000, 20_000, 30_000, 40_000, 50_000, 60_000};
  static final long[] KNOWN = {5_000, 15_000, 25_000, 35_000, 45_000, 55_000};

  private Hostile() {}

  /** A valid six-row run: two models that rank the rows differently, one feature known before each decision. */
  static BacktestRun.Builder valid() {
    return bare().decisionTimes(DECIDED).feature("balance", KNOWN);
  }

  /** As {@link #valid()} without decision times and features. */
  static BacktestRun.Builder bare() {
    return BacktestRun.builder("com.acme.HostileBacktest#gbm").labels(LABELS).candidate("gbm", CANDIDATE)
        .baseline("prod", BASELINE);
  }

  /** The message of the exception {@code call} throws, checked for type and for raw JVM text. */
  static String failure(Class<? extends Throwable> type, ThrowingCallable call) {
    Throwable thrown = catchThrowable(call);
    assertThat(thrown).as("expected a %s", type.getSimpleName()).isInstanceOf(type);
    assertClean(thrown.getMessage());
    return thrown.getMessage();
  }

  /** An {@link IllegalArgumentException}'s message (never a NullPointerException or ArithmeticException). */
  static String illegal(ThrowingCallable call) {
    return failure(IllegalArgumentException.class, call);
  }

  /** The message listing the problems of an invalid run. */
  static String problems(BacktestRun.Builder builder) {
    return failure(InvalidBacktestRunException.class, builder::build);
  }

  static GateResult evaluate(BacktestRun run, GatePolicy policy, Path reviews) {
    GateResult result = BacktestGate.evaluate(run, policy, ReviewStore.directory(reviews), CLOCK);
    assertClean(String.valueOf(result.findings()));
    return result;
  }

  static void assertClean(String message) {
    assertThat(message).as("a message a person can act on").isNotBlank();
    for (String raw : RAW_JVM_TEXTS) {
      assertThat(message).as("raw JVM text in: %s", message).doesNotContain(raw);
    }
    Messages.assertCountsSeparated(message);
  }
}
