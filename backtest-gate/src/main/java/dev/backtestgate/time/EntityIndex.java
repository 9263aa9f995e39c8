package dev.backtestgate.time;

import dev.backtestgate.internal.LongIntHashMap;
import java.util.Arrays;

/**
 * Dense ids 0..size-1 for the distinct entities of a spine, in first-seen order. Entities that are small
 * non-negative numbers (as {@link EntityDictionary} hands out) use a direct lookup table; any other keys
 * use a hash map. Lookups never allocate.
 */
final class EntityIndex {
  private final int[] direct;
  private final LongIntHashMap hashed;
  private final int size;

  private EntityIndex(int[] direct, LongIntHashMap hashed, int size) {
    this.direct = direct;
    this.hashed = hashed;
    this.size = size;
  }

  /**
   * Indexes {@code entities} and writes each row's dense id into {@code denseOut} (same length).
   */
  static EntityIndex of(long[] entities, int[] denseOut) {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (long entity : entities) {
      min = Math.min(min, entity);
      max = Math.max(max, entity);
    }
    long directLimit = Math.max(1024L, 4L * entities.length);
    if (entities.length > 0 && min >= 0 && max < directLimit) {
      int[] direct = new int[(int) max + 1];
      Arrays.fill(direct, -1);
      int next = 0;
      for (int i = 0; i < entities.length; i++) {
        int key = (int) entities[i];
        int id = direct[key];
        if (id < 0) {
          id = next++;
          direct[key] = id;
        }
        denseOut[i] = id;
      }
      return new EntityIndex(direct, null, next);
    }
    LongIntHashMap map = new LongIntHashMap(Math.max(16, entities.length / 4));
    for (int i = 0; i < entities.length; i++) {
      denseOut[i] = map.getOrAdd(entities[i]);
    }
    return new EntityIndex(null, map, map.size());
  }

  /** The dense id of {@code entity}, or -1 when the spine does not contain it. */
  int get(long entity) {
    if (direct != null) {
      return entity >= 0 && entity < direct.length ? direct[(int) entity] : -1;
    }
    return hashed.get(entity);
  }

  int size() {
    return size;
  }
}
