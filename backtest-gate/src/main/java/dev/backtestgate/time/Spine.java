package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.internal.Growable;
import java.time.Instant;
import org.apiguardian.api.API;

/**
 * The rows of a training or test set: for each row, the entity it is about and the decision time at which
 * the model would have scored it (epoch milliseconds). Columns are primitive arrays and are taken as they
 * are, not copied: do not modify them after building.
 *
 * <pre>{@code
 * Spine spine = Spine.of(new long[] {0, 0, 1}, new long[] {1_000, 2_000, 1_500});
 * Spine same = Spine.builder().add(0, Instant.ofEpochMilli(1_000)).add(0, 2_000).add(1, 1_500).build();
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class Spine {
  private final long[] entity;
  private final long[] decisionTime;

  private Spine(long[] entity, long[] decisionTime) {
    this.entity = entity;
    this.decisionTime = decisionTime;
  }

  /**
   * A spine over the given columns.
   *
   * @throws IllegalArgumentException if the lengths differ or a decision time is missing (Long.MIN_VALUE)
   */
  public static Spine of(long[] entity, long[] decisionTime) {
    Columns.required(entity, "spine entity column");
    Columns.required(decisionTime, "spine decisionTime column");
    Columns.requireLength("spine", "decisionTime", decisionTime.length, "entity", entity.length);
    Columns.requireTimes("spine", "decisionTime", decisionTime);
    return new Spine(entity, decisionTime);
  }

  public static Builder builder() {
    return new Builder();
  }

  public int size() {
    return entity.length;
  }

  /** Entity id per row (not a copy). */
  public long[] entity() {
    return entity;
  }

  /** Decision time per row, epoch milliseconds (not a copy). */
  public long[] decisionTime() {
    return decisionTime;
  }

  /** Row by row construction; {@link #build()} validates like {@link Spine#of}. */
  public static final class Builder {
    private final Growable.Longs entity = new Growable.Longs();
    private final Growable.Longs decisionTime = new Growable.Longs();

    private Builder() {}

    public Builder add(long entityId, long decisionTimeMillis) {
      entity.add(entityId);
      decisionTime.add(decisionTimeMillis);
      return this;
    }

    public Builder add(long entityId, Instant decisionTime) {
      return add(entityId, Columns.millis(decisionTime, "spine decisionTime", entity.size()));
    }

    public Spine build() {
      return Spine.of(entity.toArray(), decisionTime.toArray());
    }
  }
}
