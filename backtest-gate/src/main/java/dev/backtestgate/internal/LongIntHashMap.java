package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * Open-addressing map from {@code long} keys to dense {@code int} ids 0, 1, 2, ... in first-seen order.
 * Linear probing over a power-of-two table with Fibonacci hashing; grows at half load. No boxing.
 */
@API(status = INTERNAL, since = "0.1")
public final class LongIntHashMap {
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;
  private long[] keys;
  private int[] ids;
  private int shift;
  private int size;

  public LongIntHashMap(int expectedSize) {
    int capacity = Integer.highestOneBit(Math.min(Math.max(4, expectedSize), 1 << 28) * 2 - 1) << 1;
    allocate(capacity);
  }

  /** The id of {@code key}, or -1 if absent. */
  public int get(long key) {
    int mask = ids.length - 1;
    for (int slot = slot(key); ; slot = (slot + 1) & mask) {
      int id = ids[slot];
      if (id < 0 || keys[slot] == key) {
        return id;
      }
    }
  }

  /** The id of {@code key}, assigning the next id if it is new. */
  public int getOrAdd(long key) {
    int mask = ids.length - 1;
    int slot = slot(key);
    while (true) {
      int id = ids[slot];
      if (id < 0) {
        break;
      }
      if (keys[slot] == key) {
        return id;
      }
      slot = (slot + 1) & mask;
    }
    keys[slot] = key;
    ids[slot] = size;
    if (++size * 2 > ids.length) {
      grow();
    }
    return size - 1;
  }

  public int size() {
    return size;
  }

  private int slot(long key) {
    return (int) ((key * GOLDEN) >>> shift);
  }

  private void allocate(int capacity) {
    keys = new long[capacity];
    ids = new int[capacity];
    Arrays.fill(ids, -1);
    shift = 64 - Integer.numberOfTrailingZeros(capacity);
  }

  private void grow() {
    long[] oldKeys = keys;
    int[] oldIds = ids;
    allocate(oldIds.length * 2);
    int mask = ids.length - 1;
    for (int i = 0; i < oldIds.length; i++) {
      if (oldIds[i] >= 0) {
        int slot = slot(oldKeys[i]);
        while (ids[slot] >= 0) {
          slot = (slot + 1) & mask;
        }
        keys[slot] = oldKeys[i];
        ids[slot] = oldIds[i];
      }
    }
  }
}
