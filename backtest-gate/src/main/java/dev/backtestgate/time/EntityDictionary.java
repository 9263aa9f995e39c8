package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.STABLE;


import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Two-way mapping between string entity keys and the dense {@code long} ids that {@link Spine} and
 * {@link EventLog} columns hold: ids are handed out as 0, 1, 2, ... in first-seen order, which also lets
 * the join use a direct lookup table. Use one dictionary for the spine and all logs that are joined
 * together. Not thread-safe.
 *
 * <pre>{@code
 * EntityDictionary customers = new EntityDictionary();
 * long alice = customers.idOf("alice");      // 0
 * customers.keyOf(alice);                     // "alice"
 * customers.find("bob");                      // -1: never seen
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class EntityDictionary {
  private final Map<String, Integer> ids = new HashMap<>();
  private final List<String> keys = new ArrayList<>();

  /** The id of {@code key}, assigning the next free id the first time a key is seen. */
  public long idOf(String key) {
    Columns.required(key, "entity key");
    Integer id = ids.get(key);
    if (id != null) {
      return id;
    }
    int next = keys.size();
    ids.put(key, next);
    keys.add(key);
    return next;
  }

  /** The ids of {@code keys}, assigning new ones as needed; one entry per key, in order. */
  public long[] idsOf(List<String> keys) {
    long[] out = new long[keys.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = idOf(keys.get(i));
    }
    return out;
  }

  /** The id of {@code key}, or -1 if it was never seen (nothing is added). */
  public long find(String key) {
    Integer id = ids.get(Columns.required(key, "entity key"));
    return id == null ? -1 : id;
  }

  /** The key behind {@code id}. */
  public String keyOf(long id) {
    if (id < 0 || id >= keys.size()) {
      throw new IllegalArgumentException(
          "entity id " + id + " is not in this dictionary (ids 0.." + (keys.size() - 1)
              + "); was the column built with another dictionary?");
    }
    return keys.get((int) id);
  }

  /** The number of distinct keys. */
  public int size() {
    return keys.size();
  }
}
