package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.time.JoinedFeature;
import java.util.Arrays;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * When each value of one feature became known: either a knowledge time per row, or an explicit
 * declaration that the feature is timeless (fixed at creation, such as a customer's birth year).
 *
 * <pre>{@code
 * FeatureTiming balance = new FeatureTiming.KnownAt("balance", balanceKnownAtMillis);
 * FeatureTiming region = new FeatureTiming.Timeless("region", "set once at account opening");
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public sealed interface FeatureTiming permits FeatureTiming.KnownAt, FeatureTiming.Timeless {

  /**
   * Knowledge-time value meaning "this row has no value for the feature" (a missing value the model
   * imputes). Such a row cannot leak through this feature and is not checked.
   */
  long NO_VALUE = JoinedFeature.NO_KNOWN_AT;

  /** The feature's name, unique within a run. */
  String name();

  /** The per-row knowledge times of a timed feature; empty for a timeless one. */
  Optional<long[]> knownAtTimes();

  /** Why a timeless feature cannot carry future information; empty for a timed one. */
  Optional<String> timelessReason();

  /**
   * Per-row knowledge times, epoch milliseconds: the instant each value became known (was recorded).
   *
   * @param name the feature's name
   * @param knownAt one entry per row, {@link #NO_VALUE} where the row has no value
   */
  record KnownAt(String name, long[] knownAt) implements FeatureTiming {
    @Override
    public Optional<long[]> knownAtTimes() {
      return Optional.of(knownAt);
    }

    @Override
    public Optional<String> timelessReason() {
      return Optional.empty();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof KnownAt other && name.equals(other.name) && Arrays.equals(knownAt, other.knownAt);
    }

    @Override
    public int hashCode() {
      return 31 * name.hashCode() + Arrays.hashCode(knownAt);
    }

    @Override
    public String toString() {
      return "KnownAt[" + name + ", " + knownAt.length + " rows]";
    }
  }

  /**
   * A feature whose values never change after the entity exists, declared so on purpose.
   *
   * @param name the feature's name
   * @param reason why the feature cannot carry future information, shown in the report
   */
  record Timeless(String name, String reason) implements FeatureTiming {
    @Override
    public Optional<long[]> knownAtTimes() {
      return Optional.empty();
    }

    @Override
    public Optional<String> timelessReason() {
      return Optional.of(reason);
    }
  }
}
