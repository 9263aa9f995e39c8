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
  /** Category labels may be empty or blank (a status code ''); entity keys may not. */
  private final boolean labels;

  /** A dictionary of entity keys: null, empty and blank keys are refused. */
  public EntityDictionary() {
    this(false);
  }

  private EntityDictionary(boolean labels) {
    this.labels = labels;
  }

  /** A dictionary of category labels (a categorical log's values): any label but null, "" included. */
  static EntityDictionary forCategories() {
    return new EntityDictionary(true);
  }

  /**
   * The id of {@code key}, assigning the next free id the first time a key is seen.
   *
   * @throws IllegalArgumentException if the key is null, empty or blank
   */
  public long idOf(String key) {
    return idOf(key, -1);
  }

  private long idOf(String key, int row) {
    requireKey(key, row, labels);
    Integer id = ids.get(key);
    if (id != null) {
      return id;
    }
    int next = keys.size();
    ids.put(key, next);
    keys.add(key);
    return next;
  }

  /**
   * The ids of {@code keys}, assigning new ones as needed; one entry per key, in order.
   *
   * @throws IllegalArgumentException naming the row of the first key that is null, empty or blank (keys
   *     before it have their ids already)
   */
  public long[] idsOf(List<String> keys) {
    Columns.required(keys, "entity key list");
    long[] out = new long[keys.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = idOf(keys.get(i), i);
    }
    return out;
  }

  /** The id of {@code key}, or -1 if it was never seen (nothing is added); a null or blank key fails. */
  public long find(String key) {
    requireKey(key, -1, labels);
    Integer id = ids.get(key);
    return id == null ? -1 : id;
  }

  /** Entity keys are non-empty: a null, empty or blank key would make one made-up entity of every row without one. */
  private static void requireKey(String key, int row, boolean labels) {
    if (key != null && (labels || !key.isBlank())) {
      return;
    }
    if (labels) {
      throw new IllegalArgumentException((row < 0 ? "a category" : "the category of row " + row) + " is null: pass "
          + "the category's label (\"\" is a label too), or leave the row out.");
    }
    String which = row < 0 ? "entity key" : "entity key of row " + row;
    String what = key == null ? "null" : key.isEmpty() ? "empty" : "blank ('" + key + "')";
    throw new IllegalArgumentException(which + " is " + what + ": every row needs the key of the entity it is "
        + "about, and an empty key would lump all rows without one into one made-up entity. Drop those rows or "
        + "fill in their keys before building the columns.");
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
