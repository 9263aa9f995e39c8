package dev.backtestgate.tripwire;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.Edits;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import org.apiguardian.api.API;

/**
 * The one rule every outcomes reader follows (CSV, Parquet, a JDBC query, an Iceberg table, a Spark DataFrame): the
 * column names and what each cell may hold. Columns by name: {@code decidedAt}, {@code candidateScore},
 * {@code label} (1/0 or true/false; empty while not known) and {@code labelKnownAt} (empty while not known) are
 * required; {@code baselineScore}, {@code decisionId} and {@code entity} are optional; every other column is a
 * feature as served, but a name within two edits of a known one is refused as a misspelling. Times are ISO instants,
 * UTC dates or epoch milliseconds (a reader of typed columns hands them over with {@link #text(Object)}: a timestamp
 * without a time zone is read as UTC). A reader hands over the header with {@link #rows(String, List)}, then each
 * row's cells as text ({@code null} or blank for an empty cell); every failure names the source, the row, the
 * column, the value and the fix.
 *
 * <pre>{@code
 * OutcomeColumns.Rows rows = OutcomeColumns.rows("outcomes.parquet", header);
 * rows.add("row 0", cells::get);
 * Outcomes outcomes = rows.build();
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class OutcomeColumns {
  /** The required columns. */
  public static final List<String> REQUIRED = List.of("decidedAt", "candidateScore", "label", "labelKnownAt");
  /** The optional columns with a meaning of their own. */
  public static final List<String> OPTIONAL = List.of("baselineScore", "decisionId", "entity");
  private static final List<String> KNOWN = concat(REQUIRED, OPTIONAL);
  private static final java.util.regex.Pattern EPOCH_MILLIS = java.util.regex.Pattern.compile("-?[0-9]{1,18}");

  private OutcomeColumns() {}

  /** Whether {@code column} is one of the named columns (else it is a served feature). */
  public static boolean known(String column) {
    return KNOWN.contains(column);
  }

  /**
   * {@code column} as the rule spells it when it differs from a known name only in case ({@code decidedat}, as
   * PostgreSQL folds an unquoted {@code AS decidedAt}), else unchanged: for readers whose column names are
   * case-insensitive (SQL, Spark).
   */
  public static String caseInsensitive(String column) {
    return KNOWN.stream().filter(k -> k.equalsIgnoreCase(column)).findFirst().orElse(column);
  }

  /**
   * Starts reading the rows of {@code source} (a file, a query, a table, as messages name it) whose columns are
   * {@code header}, in order.
   *
   * @throws IllegalArgumentException when a column is named twice, a required one is missing, or a column's name is
   *     a misspelling of a known one
   */
  public static Rows rows(String source, List<String> header) {
    return new Rows(source, header);
  }

  /**
   * A typed value as the text the cells hold: {@code null} as empty; an {@link Instant}, {@link OffsetDateTime} or
   * {@link ZonedDateTime} as epoch milliseconds (rounded down); a {@link LocalDateTime} (a timestamp without a time
   * zone) as UTC epoch milliseconds; a {@link LocalDate} as its ISO date; a number by its exact decimal text; a
   * {@link Boolean} as {@code true}/{@code false}; text as it is.
   *
   * @throws IllegalArgumentException for a value of any other type, naming the type
   */
  public static String text(Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof CharSequence || value instanceof Boolean) {
      return value.toString();
    }
    if (value instanceof Double || value instanceof Float) {
      return Double.toString(((Number) value).doubleValue()); // a float's exact value, widened
    }
    if (value instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    if (value instanceof Number) {
      return value.toString();
    }
    if (value instanceof Instant instant) {
      return Long.toString(millis(instant));
    }
    if (value instanceof OffsetDateTime time) {
      return Long.toString(millis(time.toInstant()));
    }
    if (value instanceof ZonedDateTime time) {
      return Long.toString(millis(time.toInstant()));
    }
    if (value instanceof LocalDateTime time) {
      return Long.toString(millis(time.toInstant(ZoneOffset.UTC)));
    }
    if (value instanceof LocalDate date) {
      return date.toString();
    }
    throw new IllegalArgumentException("a value of type " + value.getClass().getName() + " (" + value + ") is "
        + "neither a time, a number, a boolean nor text: cast the column to one of those");
  }

  private static long millis(Instant instant) {
    return Math.floorDiv(instant.getEpochSecond() * 1_000_000_000L + instant.getNano(), 1_000_000L);
  }

  /** The rows of one source, as they are read; {@link #build()} checks the columns together. */
  @API(status = EXPERIMENTAL, since = "0.3")
  public static final class Rows {
    private final String source;
    private final List<String> header;
    private final int decided;
    private final int score;
    private final int label;
    private final int known;
    private final int baseline;
    private final int id;
    private final int entity;
    private final int[] served;
    private int rows;
    private long[] decidedAt = new long[1024];
    private double[] scores = new double[1024];
    private boolean[] labels = new boolean[1024];
    private long[] knownAt = new long[1024];
    private double[] baselines;
    private String[] ids;
    private String[] entities;
    private final List<List<String>> servedValues = new ArrayList<>();

    private Rows(String source, List<String> header) {
      this.source = source;
      this.header = List.copyOf(header);
      Map<String, Integer> at = columns(source, this.header);
      decided = at.get("decidedAt");
      score = at.get("candidateScore");
      label = at.get("label");
      known = at.get("labelKnownAt");
      baseline = at.getOrDefault("baselineScore", -1);
      id = at.getOrDefault("decisionId", -1);
      entity = at.getOrDefault("entity", -1);
      baselines = baseline < 0 ? null : new double[1024];
      ids = id < 0 ? null : new String[1024];
      entities = entity < 0 ? null : new String[1024];
      served = java.util.stream.IntStream.range(0, this.header.size()).filter(i -> !known(this.header.get(i)))
          .toArray();
      for (int k = 0; k < served.length; k++) {
        servedValues.add(new ArrayList<>());
      }
    }

    /** The columns, in order. */
    public List<String> header() {
      return header;
    }

    /**
     * Adds one row.
     *
     * @param where the row as messages name it ({@code line 7}, {@code row 3})
     * @param cells the value of column {@code i} of the header: its text, or a typed value as {@link #text(Object)}
     *     takes it (read without a round trip through text); {@code null} or blank for an empty cell
     * @throws IllegalArgumentException when a cell is invalid, naming the source, the row, the column and the value
     */
    public void add(String where, IntFunction<?> cells) {
      Cell cell = new Cell(source, where, header, cells);
      boolean noLabel = cell.empty(label);
      boolean noLabelTime = cell.empty(known);
      if (noLabel != noLabelTime) {
        throw new IllegalArgumentException(cell.where(noLabel ? label : known) + " is empty but "
            + (noLabel ? "labelKnownAt" : "label") + " is not: a label and the time it became known are "
            + "given together; leave both empty while the outcome is not known");
      }
      if (rows == decidedAt.length) {
        grow();
      }
      decidedAt[rows] = cell.time(decided);
      scores[rows] = cell.number(score);
      labels[rows] = !noLabel && cell.label(label);
      knownAt[rows] = noLabelTime ? Outcomes.NOT_KNOWN : cell.time(known);
      if (baselines != null) {
        baselines[rows] = cell.empty(baseline) ? Double.NaN : cell.number(baseline);
      }
      if (ids != null) {
        ids[rows] = cell.text(id);
      }
      if (entities != null) {
        entities[rows] = cell.text(entity);
      }
      for (int k = 0; k < served.length; k++) {
        String value = text(cells.apply(served[k]));
        servedValues.get(k).add(value == null ? "" : value);
      }
      rows++;
    }

    private void grow() {
      int size = Math.multiplyExact(rows, 2);
      decidedAt = Arrays.copyOf(decidedAt, size);
      scores = Arrays.copyOf(scores, size);
      labels = Arrays.copyOf(labels, size);
      knownAt = Arrays.copyOf(knownAt, size);
      baselines = baselines == null ? null : Arrays.copyOf(baselines, size);
      ids = ids == null ? null : Arrays.copyOf(ids, size);
      entities = entities == null ? null : Arrays.copyOf(entities, size);
    }

    /**
     * The outcomes read, checked together ({@link Outcomes.Builder#build()}).
     *
     * @throws IllegalArgumentException naming every problem, the source and the first offending row
     */
    public Outcomes build() {
      Outcomes.Builder builder = Outcomes.builder().decidedAt(Arrays.copyOf(decidedAt, rows))
          .candidateScores(Arrays.copyOf(scores, rows)).labels(Arrays.copyOf(labels, rows))
          .labelKnownAt(Arrays.copyOf(knownAt, rows));
      if (baselines != null) {
        builder.baselineScores(Arrays.copyOf(baselines, rows));
      }
      if (ids != null) {
        builder.decisionIds(Arrays.copyOf(ids, rows));
      }
      if (entities != null) {
        builder.entities(Arrays.copyOf(entities, rows));
      }
      for (int k = 0; k < served.length; k++) {
        builder.servedFeature(header.get(served[k]), servedValues.get(k).toArray(String[]::new));
      }
      try {
        return builder.build();
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(source + ": " + e.getMessage() + " (row r is data row r counted from "
            + "0)", e);
      }
    }
  }

  private static Map<String, Integer> columns(String source, List<String> header) {
    Map<String, Integer> at = new LinkedHashMap<>();
    for (int i = 0; i < header.size(); i++) {
      Integer earlier = at.putIfAbsent(header.get(i), i);
      if (earlier != null) {
        throw new IllegalArgumentException(source + " has the column '" + header.get(i) + "' twice (columns "
            + (earlier + 1) + " and " + (i + 1) + "): name each column once");
      }
    }
    List<String> lowerKnown = KNOWN.stream().map(k -> k.toLowerCase(Locale.ROOT)).toList();
    for (String name : header) {
      if (known(name)) {
        continue;
      }
      String lower = name.toLowerCase(Locale.ROOT);
      String near = Edits.nearest(lower, lowerKnown);
      if (near != null && Edits.distance(lower, near) <= 2) {
        String known = KNOWN.get(lowerKnown.indexOf(near));
        throw new IllegalArgumentException(source + " has the column '" + name + "', which is not '" + known
            + "' but close to it: rename it to '" + known + "' (a column of another name is taken as a served "
            + "feature)");
      }
    }
    List<String> missing = REQUIRED.stream().filter(r -> !at.containsKey(r)).toList();
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(source + " has no column " + String.join(", ", missing) + " (its columns: "
          + String.join(", ", header) + "): the outcomes need " + String.join(", ", REQUIRED));
    }
    return at;
  }

  /** One row's cells, parsed with messages that name the row, the column and the value. */
  private record Cell(String source, String row, List<String> header, IntFunction<?> cells) {
    String where(int column) {
      return source + ", " + row + ", column '" + header.get(column) + "'";
    }

    boolean empty(int column) {
      Object value = cells.apply(column);
      return value == null || value instanceof String s && s.isBlank();
    }

    String text(int column) {
      Object value = cells.apply(column);
      String text = value instanceof String s ? s : OutcomeColumns.text(value);
      return text == null ? "" : text.strip();
    }

    double number(int column) {
      Object value = cells.apply(column);
      if (value instanceof Double || value instanceof Float || value instanceof Long || value instanceof Integer) {
        return finite(column, ((Number) value).doubleValue(), value.toString());
      }
      String text = text(column);
      double parsed;
      try {
        parsed = Double.parseDouble(text);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(where(column) + " holds '" + text + "', which is not a number: write "
            + "scores as decimal numbers (e.g. 0.73)");
      }
      return finite(column, parsed, text);
    }

    private double finite(int column, double value, String text) {
      if (!Double.isFinite(value)) {
        throw new IllegalArgumentException(where(column) + " holds '" + text + "', which is not finite: an AUC "
            + "cannot rank a decision without a score; write the score the model gave");
      }
      return value;
    }

    boolean label(int column) {
      Object value = cells.apply(column);
      if (value instanceof Boolean b) {
        return b;
      }
      String text = text(column);
      if (text.equals("1") || text.equalsIgnoreCase("true")) {
        return true;
      }
      if (text.equals("0") || text.equalsIgnoreCase("false")) {
        return false;
      }
      throw new IllegalArgumentException(where(column) + " holds the label '" + text + "', which is not 0/1 or "
          + "true/false: write 1 or 0, or leave it (and labelKnownAt) empty while the outcome is not known");
    }

    long time(int column) {
      Object value = cells.apply(column);
      if (value instanceof Long || value instanceof Integer) {
        return ((Number) value).longValue();
      }
      String text = text(column);
      if (!text.isEmpty() && EPOCH_MILLIS.matcher(text).matches()) {
        return Long.parseLong(text);
      }
      try {
        return Instant.parse(text).toEpochMilli();
      } catch (DateTimeParseException notInstant) {
        try {
          return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
        } catch (DateTimeParseException notDate) {
          throw new IllegalArgumentException(where(column) + " holds the time '" + text + "', which is "
              + (text.isEmpty() ? "empty" : "neither an ISO instant, a date nor epoch milliseconds") + ": write times "
              + "as ISO instants (2026-01-31T09:00:00Z), UTC dates (2026-01-31) or epoch milliseconds "
              + "(1769850000000)");
        }
      }
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return List.copyOf(all);
  }
}
