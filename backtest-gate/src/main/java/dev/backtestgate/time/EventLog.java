package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.internal.Growable;
import dev.backtestgate.internal.Wording;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A bitemporal, append-only event log for one feature: per event the entity, the time from which the value
 * holds ({@code validFrom}), the time it was written down ({@code recordedAt}), both epoch milliseconds,
 * and a numeric value or a category code. Corrections are new events with their own {@code recordedAt};
 * nothing is ever edited in place. An event may declare that it corrects an earlier one, with a reason code
 * ({@link #withCorrections}, or {@code id(...)} and {@code corrects(...)} on a builder): the late-writes check
 * then lists it as a declared correction instead of failing on it. Events are identified by their position in
 * the log unless ids are given. The join never reads the declarations. Columns are primitive arrays taken as
 * they are, not copied: do not
 * modify them after building.
 *
 * <p>Validation (an {@link IllegalArgumentException} names the column, the count and the first bad row):
 * all columns have one entry per event; no time is Long.MIN_VALUE (the "missing" marker); values are
 * finite; NaN values / code -1 only with {@link MissingValues#KEEP}; codes index the category list, whose
 * entries are distinct and non-null.
 *
 * <pre>{@code
 * EventLog balance = EventLog.numericBuilder("balance")
 *     .add(customer, Instant.parse("2024-03-01T00:00:00Z"), Instant.parse("2024-03-02T06:00:00Z"), 120.0)
 *     .build();
 * EventLog plan = EventLog.categoricalBuilder("plan")
 *     .add(customer, validFromMillis, recordedAtMillis, "premium")
 *     .build();
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class EventLog {
  /** Whether {@link #values()} or {@link #codes()} holds the events' values. */
  public enum Kind {
    NUMERIC,
    CATEGORICAL
  }

  private final String name;
  private final long[] entity;
  private final long[] validFrom;
  private final long[] recordedAt;
  private final double[] values;
  private final int[] codes;
  private final List<String> categories;
  private final Corrections corrections;

  private EventLog(
      String name, long[] entity, long[] validFrom, long[] recordedAt, double[] values, int[] codes,
      List<String> categories) {
    this(name, entity, validFrom, recordedAt, values, codes, categories, null);
  }

  private EventLog(
      String name, long[] entity, long[] validFrom, long[] recordedAt, double[] values, int[] codes,
      List<String> categories, Corrections corrections) {
    this.name = name;
    this.entity = entity;
    this.validFrom = validFrom;
    this.recordedAt = recordedAt;
    this.values = values;
    this.codes = codes;
    this.categories = categories;
    this.corrections = corrections;
  }

  /**
   * This log with declared corrections: {@code reasons[i]} and {@code corrects[i]} say that event i corrects
   * the event with id {@code corrects[i]}, for reason code {@code reasons[i]}; {@code null} and
   * {@link Corrections#NONE} mark an event that corrects nothing. The columns are shared, not copied.
   *
   * @param ids the event ids, unique; {@code null} to identify events by their position (0, 1, 2, ...)
   * @throws IllegalArgumentException naming the event and the fix, for a pointer to a missing event or to
   *     another entity, a correction recorded at or before the event it corrects, a cycle of pointers, a
   *     duplicate id, a reason without a pointer or a pointer without a reason, or a reason code that is
   *     blank, longer than {@value Corrections#MAX_REASON_LENGTH} characters or has control characters
   */
  public EventLog withCorrections(long[] ids, long[] corrects, String[] reasons) {
    Corrections declared = Corrections.of(owner(name), entity, recordedAt, ids, corrects, reasons);
    return new EventLog(name, entity, validFrom, recordedAt, values, codes, categories, declared);
  }

  /** Whether this log carries event ids and correction declarations ({@link #corrections()}). */
  public boolean declaresCorrections() {
    return corrections != null;
  }

  /** The declared corrections. Only when {@link #declaresCorrections()}. */
  public Corrections corrections() {
    if (corrections == null) {
      throw new IllegalStateException("event log '" + name + "' declares no corrections: build it with "
          + "withCorrections(...) or a builder's corrects(...)");
    }
    return corrections;
  }

  /** A numeric log that rejects NaN values. */
  public static EventLog numeric(
      String name, long[] entity, long[] validFrom, long[] recordedAt, double[] values) {
    return numeric(name, entity, validFrom, recordedAt, values, MissingValues.REJECT);
  }

  /** A numeric log; {@code missing} says whether NaN values are allowed. */
  public static EventLog numeric(
      String name, long[] entity, long[] validFrom, long[] recordedAt, double[] values,
      MissingValues missing) {
    String owner = validateTimes(name, entity, validFrom, recordedAt);
    Columns.required(values, owner + " value column");
    Columns.requireLength(owner, "value", values.length, "entity", entity.length);
    Columns.required(missing, "missing-value policy");
    int nan = 0;
    int firstNan = -1;
    int infinite = 0;
    int firstInfinite = -1;
    for (int i = 0; i < values.length; i++) {
      double v = values[i];
      if (Double.isNaN(v)) {
        if (nan++ == 0) {
          firstNan = i;
        }
      } else if (Double.isInfinite(v)) {
        if (infinite++ == 0) {
          firstInfinite = i;
        }
      }
    }
    if (infinite > 0) {
      throw new IllegalArgumentException(
          owner + ": column 'value' has " + Wording.count(infinite) + " infinite value(s), first at row "
              + firstInfinite
              + "; feature values must be finite: clip or drop those events");
    }
    if (nan > 0 && missing == MissingValues.REJECT) {
      throw new IllegalArgumentException(
          owner + ": column 'value' has " + nan + " NaN value(s), first at row " + firstNan
              + "; drop those events, or pass MissingValues.KEEP to record them as 'value unknown'");
    }
    return new EventLog(name, entity, validFrom, recordedAt, values, null, null);
  }

  /** A categorical log that rejects missing codes (-1). */
  public static EventLog categorical(
      String name, long[] entity, long[] validFrom, long[] recordedAt, int[] codes,
      List<String> categories) {
    return categorical(name, entity, validFrom, recordedAt, codes, categories, MissingValues.REJECT);
  }

  /**
   * A categorical log: {@code codes[i]} indexes {@code categories}, -1 is a missing value (allowed only
   * with {@link MissingValues#KEEP}).
   */
  public static EventLog categorical(
      String name, long[] entity, long[] validFrom, long[] recordedAt, int[] codes,
      List<String> categories, MissingValues missing) {
    String owner = validateTimes(name, entity, validFrom, recordedAt);
    Columns.required(codes, owner + " code column");
    Columns.requireLength(owner, "code", codes.length, "entity", entity.length);
    Columns.required(missing, "missing-value policy");
    List<String> categoryList = validateCategories(owner, Columns.required(categories, owner + " categories"));
    int outOfRange = 0;
    int firstOutOfRange = -1;
    int absent = 0;
    int firstAbsent = -1;
    for (int i = 0; i < codes.length; i++) {
      int code = codes[i];
      if (code == -1) {
        if (absent++ == 0) {
          firstAbsent = i;
        }
      } else if (code < 0 || code >= categoryList.size()) {
        if (outOfRange++ == 0) {
          firstOutOfRange = i;
        }
      }
    }
    if (outOfRange > 0) {
      throw new IllegalArgumentException(
          owner + ": column 'code' has " + Wording.count(outOfRange) + " code(s) outside 0.."
              + (categoryList.size() - 1)
              + " (the category list), first at row " + firstOutOfRange + " (code " + codes[firstOutOfRange]
              + "); add the missing categories or fix the codes");
    }
    if (absent > 0 && missing == MissingValues.REJECT) {
      throw new IllegalArgumentException(
          owner + ": column 'code' has " + Wording.count(absent) + " missing value(s) (code -1), first at row "
              + firstAbsent
              + "; drop those events, or pass MissingValues.KEEP to record them as 'value unknown'");
    }
    return new EventLog(name, entity, validFrom, recordedAt, null, codes, categoryList);
  }

  private static String owner(String name) {
    return "event log '" + name + "'";
  }

  private static String validateTimes(String name, long[] entity, long[] validFrom, long[] recordedAt) {
    Columns.requireName(name, "event log name");
    String owner = owner(name);
    Columns.required(entity, owner + " entity column");
    Columns.required(validFrom, owner + " validFrom column");
    Columns.required(recordedAt, owner + " recordedAt column");
    Columns.requireLength(owner, "validFrom", validFrom.length, "entity", entity.length);
    Columns.requireLength(owner, "recordedAt", recordedAt.length, "entity", entity.length);
    Columns.requireTimes(owner, "validFrom", validFrom);
    Columns.requireTimes(owner, "recordedAt", recordedAt);
    return owner;
  }

  private static List<String> validateCategories(String owner, List<String> categories) {
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < categories.size(); i++) {
      String category = categories.get(i);
      if (category == null) {
        throw new IllegalArgumentException(
            owner + ": category " + i + " is null; use code -1 for a missing value instead");
      }
      Integer before = seen.putIfAbsent(category, i);
      if (before != null) {
        throw new IllegalArgumentException(
            owner + ": category '" + category + "' is listed twice (codes " + before + " and " + i
                + "); each category must have one code");
      }
    }
    return List.copyOf(categories);
  }

  public static NumericBuilder numericBuilder(String name) {
    return new NumericBuilder(name);
  }

  public static CategoricalBuilder categoricalBuilder(String name) {
    return new CategoricalBuilder(name);
  }

  /** The feature name this log is joined as. */
  public String name() {
    return name;
  }

  public Kind kind() {
    return values != null ? Kind.NUMERIC : Kind.CATEGORICAL;
  }

  public int size() {
    return entity.length;
  }

  /** Entity id per event (not a copy). */
  public long[] entity() {
    return entity;
  }

  /** Start of validity per event, epoch milliseconds (not a copy). */
  public long[] validFrom() {
    return validFrom;
  }

  /** Time each event was recorded, epoch milliseconds (not a copy). */
  public long[] recordedAt() {
    return recordedAt;
  }

  /** Numeric values (not a copy); NaN = missing. Only for {@link Kind#NUMERIC} logs. */
  public double[] values() {
    if (values == null) {
      throw new IllegalStateException("event log '" + name + "' is categorical: use codes()");
    }
    return values;
  }

  /** Category codes (not a copy); -1 = missing. Only for {@link Kind#CATEGORICAL} logs. */
  public int[] codes() {
    if (codes == null) {
      throw new IllegalStateException("event log '" + name + "' is numeric: use values()");
    }
    return codes;
  }

  /** The category names that codes index. Only for {@link Kind#CATEGORICAL} logs. */
  public List<String> categories() {
    codes();
    return categories;
  }

  /** Event by event construction of a numeric log. */
  public static final class NumericBuilder {
    private final String name;
    private final Growable.Longs entity = new Growable.Longs();
    private final Growable.Longs validFrom = new Growable.Longs();
    private final Growable.Longs recordedAt = new Growable.Longs();
    private final Growable.Doubles values = new Growable.Doubles();
    private final Declarations declarations = new Declarations();
    private MissingValues missing = MissingValues.REJECT;

    private NumericBuilder(String name) {
      this.name = name;
    }

    public NumericBuilder add(long entityId, long validFromMillis, long recordedAtMillis, double value) {
      entity.add(entityId);
      validFrom.add(validFromMillis);
      recordedAt.add(recordedAtMillis);
      values.add(value);
      return this;
    }

    public NumericBuilder add(long entityId, Instant validFrom, Instant recordedAt, double value) {
      int row = entity.size();
      return add(entityId, Columns.millis(validFrom, owner(name) + " validFrom", row),
          Columns.millis(recordedAt, owner(name) + " recordedAt", row), value);
    }

    /** Gives the last added event an id (give every event one, or none: then ids are positions). */
    public NumericBuilder id(long eventId) {
      declarations.id(owner(name), entity.size() - 1, eventId);
      return this;
    }

    /**
     * Declares that the last added event corrects the event with id {@code eventId} (its position when no
     * ids are given), for {@code reason}, a short code such as {@code status-remap}.
     */
    public NumericBuilder corrects(long eventId, String reason) {
      declarations.corrects(owner(name), entity.size() - 1, eventId, reason);
      return this;
    }

    public NumericBuilder missingValues(MissingValues policy) {
      this.missing = Columns.required(policy, "missing-value policy");
      return this;
    }

    public EventLog build() {
      return declarations.apply(numeric(
          name, entity.toArray(), validFrom.toArray(), recordedAt.toArray(), values.toArray(), missing));
    }
  }

  /** Event by event construction of a categorical log; categories get codes in first-seen order. */
  public static final class CategoricalBuilder {
    private final String name;
    private final Growable.Longs entity = new Growable.Longs();
    private final Growable.Longs validFrom = new Growable.Longs();
    private final Growable.Longs recordedAt = new Growable.Longs();
    private final Growable.Ints codes = new Growable.Ints();
    private final EntityDictionary categories = EntityDictionary.forCategories();
    private final Declarations declarations = new Declarations();
    private MissingValues missing = MissingValues.REJECT;

    private CategoricalBuilder(String name) {
      this.name = name;
    }

    /** Adds an event; a {@code null} category is a missing value. */
    public CategoricalBuilder add(long entityId, long validFromMillis, long recordedAtMillis, String category) {
      entity.add(entityId);
      validFrom.add(validFromMillis);
      recordedAt.add(recordedAtMillis);
      codes.add(category == null ? -1 : (int) categories.idOf(category));
      return this;
    }

    public CategoricalBuilder add(long entityId, Instant validFrom, Instant recordedAt, String category) {
      int row = entity.size();
      return add(entityId, Columns.millis(validFrom, owner(name) + " validFrom", row),
          Columns.millis(recordedAt, owner(name) + " recordedAt", row), category);
    }

    /** Gives the last added event an id (give every event one, or none: then ids are positions). */
    public CategoricalBuilder id(long eventId) {
      declarations.id(owner(name), entity.size() - 1, eventId);
      return this;
    }

    /**
     * Declares that the last added event corrects the event with id {@code eventId} (its position when no
     * ids are given), for {@code reason}, a short code such as {@code status-remap}.
     */
    public CategoricalBuilder corrects(long eventId, String reason) {
      declarations.corrects(owner(name), entity.size() - 1, eventId, reason);
      return this;
    }

    public CategoricalBuilder missingValues(MissingValues policy) {
      this.missing = Columns.required(policy, "missing-value policy");
      return this;
    }

    public EventLog build() {
      String[] names = new String[categories.size()];
      for (int i = 0; i < names.length; i++) {
        names[i] = categories.keyOf(i);
      }
      return declarations.apply(categorical(
          name, entity.toArray(), validFrom.toArray(), recordedAt.toArray(), codes.toArray(),
          List.of(names), missing));
    }
  }
}
