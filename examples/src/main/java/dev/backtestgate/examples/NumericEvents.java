package dev.backtestgate.examples;

import java.util.Arrays;

/**
 * Bitemporal numeric events in primitive columns: per event the entity, when the value became valid,
 * when it was recorded, and the value.
 *
 * <pre>{@code
 * NumericEvents worst = WorstStatusProjection.of(log, accounts);
 * double firstValue = worst.value()[0];
 * }</pre>
 *
 * @param entity the entity (account id) per event
 * @param validFrom when the value became valid, epoch ms
 * @param recordedAt when it was recorded, epoch ms
 * @param value the value
 */
record NumericEvents(long[] entity, long[] validFrom, long[] recordedAt, double[] value) {

  /** Number of events. */
  int size() {
    return entity.length;
  }

  /** Appends events to growing columns. */
  static final class Builder {
    private int size;
    private long[] entity;
    private long[] validFrom;
    private long[] recordedAt;
    private double[] value;

    Builder(int capacity) {
      int c = Math.max(16, capacity);
      entity = new long[c];
      validFrom = new long[c];
      recordedAt = new long[c];
      value = new double[c];
    }

    void add(long entityId, long validFromMillis, long recordedAtMillis, double v) {
      if (size == entity.length) {
        int grown = size + (size >> 1);
        entity = Arrays.copyOf(entity, grown);
        validFrom = Arrays.copyOf(validFrom, grown);
        recordedAt = Arrays.copyOf(recordedAt, grown);
        value = Arrays.copyOf(value, grown);
      }
      entity[size] = entityId;
      validFrom[size] = validFromMillis;
      recordedAt[size] = recordedAtMillis;
      value[size++] = v;
    }

    NumericEvents build() {
      return new NumericEvents(Arrays.copyOf(entity, size), Arrays.copyOf(validFrom, size),
          Arrays.copyOf(recordedAt, size), Arrays.copyOf(value, size));
    }
  }
}
