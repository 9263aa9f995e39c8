package dev.backtestgate.tripwire;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The outcome of one look of the tripwire: production holds the claim, falls short of it, or could not be checked
 * yet.
 *
 * <pre>{@code
 * TripwireResult result = Tripwire.check(claim, outcomes, Instant.now(), TripwireSettings.defaults());
 * if (result instanceof TripwireResult.Tripped t) {
 *   page(t.finding().render().headline());
 * }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public sealed interface TripwireResult {
  /** The findings of this look: none when production holds the claim. */
  List<Finding> findings();

  /** What this look measured: empty when it could not check yet ({@link Unchecked}). */
  default Optional<Measurement> measured() {
    return this instanceof Held held ? Optional.of(held.measurement())
        : this instanceof Tripped tripped ? Optional.of(tripped.finding().measurement()) : Optional.empty();
  }

  /**
   * Production holds the claim: the gap is not beyond the boundary, or not material.
   *
   * @param measurement what was measured
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  record Held(Measurement measurement) implements TripwireResult {
    @Override
    public List<Finding> findings() {
      return List.of();
    }
  }

  /**
   * Production falls short of the claim, significantly and materially.
   *
   * @param finding the {@code offline-online-gap} finding
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  record Tripped(OfflineOnlineGap finding) implements TripwireResult {
    @Override
    public List<Finding> findings() {
      return List.of(finding);
    }
  }

  /**
   * Too few matured rows of a class to check.
   *
   * @param finding the {@code tripwire-unchecked} warning
   */
  @API(status = EXPERIMENTAL, since = "0.3")
  record Unchecked(TripwireUnchecked finding) implements TripwireResult {
    @Override
    public List<Finding> findings() {
      return List.of(finding);
    }
  }
}
