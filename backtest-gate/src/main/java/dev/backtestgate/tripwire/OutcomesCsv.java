package dev.backtestgate.tripwire;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.Edits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Reads production outcomes from a CSV file with a header row (RFC 4180: commas, double quotes, {@code ""} inside
 * quotes, LF or CRLF). Columns by name: {@code decidedAt}, {@code candidateScore}, {@code label} (1/0 or true/false;
 * empty while not known) and {@code labelKnownAt} (empty while not known) are required; {@code baselineScore},
 * {@code decisionId} and {@code entity} are optional; every other column is a feature as served. Times are ISO
 * instants, UTC dates or epoch milliseconds. Every failure names the file, the line, the column, the value and the
 * fix.
 *
 * <pre>{@code
 * Outcomes outcomes = OutcomesCsv.read(Path.of("outcomes.csv"));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class OutcomesCsv {
  /** The required columns. */
  public static final List<String> REQUIRED = List.of("decidedAt", "candidateScore", "label", "labelKnownAt");
  /** The optional columns with a meaning of their own. */
  public static final List<String> OPTIONAL = List.of("baselineScore", "decisionId", "entity");
  private static final List<String> KNOWN = concat(REQUIRED, OPTIONAL);

  private OutcomesCsv() {}

  /**
   * Reads {@code file}.
   *
   * @throws IllegalArgumentException when the file is missing, not CSV (by its name or its content), not UTF-8, or a
   *     cell or column is invalid; the message says what and how to fix it
   */
  public static Outcomes read(Path file) {
    String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("the outcomes file " + file + (Files.isDirectory(file) ? " is a directory"
          : " does not exist") + ": pass the CSV file of production decisions and their outcomes");
    }
    if (!name.endsWith(".csv")) {
      throw new IllegalArgumentException("the outcomes file " + file + " is not named .csv, so its format is unknown "
          + "here: save the outcomes as CSV with a header row and name it .csv"
          + (name.endsWith(".parquet") ? " (the backtest-gate command line reads Parquet)" : ""));
    }
    byte[] head = new byte[4];
    int got;
    try (InputStream in = Files.newInputStream(file)) {
      got = in.readNBytes(head, 0, 4);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read the outcomes file " + file + ": " + e.getMessage()
          + ": check its permissions", e);
    }
    if (got == 4 && head[0] == 'P' && head[1] == 'A' && head[2] == 'R' && head[3] == '1') {
      throw new IllegalArgumentException("the outcomes file " + file + " is named .csv but is a Parquet file (it "
          + "starts with PAR1): rename it to .parquet, or export the outcomes as CSV");
    }
    if (got >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
      throw new IllegalArgumentException("the outcomes file " + file + " is named .csv but is gzip-compressed: "
          + "decompress it first (gunzip -k)");
    }
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(Files.newInputStream(file),
        StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)))) {
      return parse(reader, file.toString());
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("the outcomes file " + file + " is not UTF-8 text (a binary file named "
          + ".csv?): save the outcomes as UTF-8 CSV");
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read the outcomes file " + file + ": " + e.getMessage(), e);
    }
  }

  private static Outcomes parse(BufferedReader reader, String file) throws IOException {
    Records records = new Records(reader, file);
    List<String> header = records.next();
    if (header == null) {
      throw new IllegalArgumentException(file + " is empty: write the header row (" + String.join(",", REQUIRED)
          + ") and one row per decision");
    }
    if (!header.isEmpty() && header.get(0).startsWith("\uFEFF")) {
      header.set(0, header.get(0).substring(1));
    }
    header.replaceAll(String::strip);
    Map<String, Integer> at = columns(header, file);
    int decided = at.get("decidedAt");
    int score = at.get("candidateScore");
    int label = at.get("label");
    int known = at.get("labelKnownAt");
    Integer baseline = at.get("baselineScore");
    Integer id = at.get("decisionId");
    Integer entity = at.get("entity");
    List<Integer> served = new ArrayList<>();
    for (int i = 0; i < header.size(); i++) {
      if (!KNOWN.contains(header.get(i))) {
        served.add(i);
      }
    }
    Columns c = new Columns(served.size());
    List<String> cells;
    while ((cells = records.next()) != null) {
      int line = records.line();
      if (cells.size() == 1 && cells.get(0).isBlank()) {
        continue;
      }
      if (cells.size() != header.size()) {
        throw new IllegalArgumentException(file + ", line " + line + " has " + cells.size() + " cells, the header "
            + header.size() + ": give every row one cell per header column (quote values that contain commas)");
      }
      Cell cell = new Cell(file, line, header, cells);
      String labelText = cells.get(label).strip();
      String knownText = cells.get(known).strip();
      if (labelText.isEmpty() != knownText.isEmpty()) {
        throw new IllegalArgumentException(cell.where(labelText.isEmpty() ? label : known) + " is empty but "
            + (labelText.isEmpty() ? "labelKnownAt" : "label") + " is not: a label and the time it became known are "
            + "given together; leave both empty while the outcome is not known");
      }
      c.add(cell.time(decided), cell.number(score), labelText.isEmpty() ? false : cell.label(label),
          knownText.isEmpty() ? Outcomes.NOT_KNOWN : cell.time(known),
          baseline == null ? Double.NaN : cell.optionalNumber(baseline), id == null ? null : cells.get(id).strip(),
          entity == null ? null : cells.get(entity).strip(), served.stream().map(cells::get).toList());
    }
    Outcomes.Builder builder = Outcomes.builder().decidedAt(c.decided()).candidateScores(c.scores())
        .labels(c.labels()).labelKnownAt(c.known());
    if (baseline != null) {
      builder.baselineScores(c.baseline());
    }
    if (id != null) {
      builder.decisionIds(c.ids());
    }
    if (entity != null) {
      builder.entities(c.entities());
    }
    for (int k = 0; k < served.size(); k++) {
      builder.servedFeature(header.get(served.get(k)), c.served(k));
    }
    try {
      return builder.build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage() + " (row r is data row r counted from 0: line "
          + "r + 2 of the file)", e);
    }
  }

  private static Map<String, Integer> columns(List<String> header, String file) {
    Map<String, Integer> at = new LinkedHashMap<>();
    for (int i = 0; i < header.size(); i++) {
      Integer earlier = at.putIfAbsent(header.get(i), i);
      if (earlier != null) {
        throw new IllegalArgumentException(file + " has the column '" + header.get(i) + "' twice (columns "
            + (earlier + 1) + " and " + (i + 1) + "): name each column once");
      }
    }
    for (String name : header) {
      if (KNOWN.contains(name)) {
        continue;
      }
      String near = Edits.nearest(name.toLowerCase(Locale.ROOT),
          KNOWN.stream().map(k -> k.toLowerCase(Locale.ROOT)).toList());
      if (near != null && Edits.distance(name.toLowerCase(Locale.ROOT), near) <= 2) {
        String known = KNOWN.stream().filter(k -> k.toLowerCase(Locale.ROOT).equals(near)).findFirst().orElseThrow();
        throw new IllegalArgumentException(file + " has the column '" + name + "', which is not '" + known + "' but "
            + "close to it: rename it to '" + known + "' (a column of another name is taken as a served feature)");
      }
    }
    List<String> missing = REQUIRED.stream().filter(r -> !at.containsKey(r)).toList();
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(file + " has no column " + String.join(", ", missing) + " (its columns: "
          + String.join(", ", header) + "): the outcomes need " + String.join(", ", REQUIRED));
    }
    return at;
  }

  /** One data row's cells, parsed with messages that name the line, the column and the value. */
  private record Cell(String file, int line, List<String> header, List<String> cells) {
    String where(int column) {
      return file + ", line " + line + ", column '" + header.get(column) + "'";
    }

    double number(int column) {
      String text = cells.get(column).strip();
      double value;
      try {
        value = Double.parseDouble(text);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(where(column) + " holds '" + text + "', which is not a number: write "
            + "scores as decimal numbers (e.g. 0.73)");
      }
      if (!Double.isFinite(value)) {
        throw new IllegalArgumentException(where(column) + " holds '" + text + "', which is not finite: an AUC "
            + "cannot rank a decision without a score; write the score the model gave");
      }
      return value;
    }

    double optionalNumber(int column) {
      return cells.get(column).isBlank() ? Double.NaN : number(column);
    }

    boolean label(int column) {
      String text = cells.get(column).strip();
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
      String text = cells.get(column).strip();
      if (!text.isEmpty() && text.matches("-?[0-9]{1,18}")) {
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

  /** Growing columns. */
  private static final class Columns {
    private int rows;
    private long[] decided = new long[1024];
    private double[] scores = new double[1024];
    private boolean[] labels = new boolean[1024];
    private long[] known = new long[1024];
    private double[] baseline = new double[1024];
    private String[] ids = new String[1024];
    private String[] entities = new String[1024];
    private final List<List<String>> served = new ArrayList<>();

    Columns(int servedColumns) {
      for (int k = 0; k < servedColumns; k++) {
        served.add(new ArrayList<>());
      }
    }

    void add(long decidedAt, double score, boolean label, long knownAt, double base, String id, String entity,
        List<String> features) {
      if (rows == decided.length) {
        int size = Math.multiplyExact(rows, 2);
        decided = Arrays.copyOf(decided, size);
        scores = Arrays.copyOf(scores, size);
        labels = Arrays.copyOf(labels, size);
        known = Arrays.copyOf(known, size);
        baseline = Arrays.copyOf(baseline, size);
        ids = Arrays.copyOf(ids, size);
        entities = Arrays.copyOf(entities, size);
      }
      decided[rows] = decidedAt;
      scores[rows] = score;
      labels[rows] = label;
      known[rows] = knownAt;
      baseline[rows] = base;
      ids[rows] = id;
      entities[rows] = entity;
      for (int k = 0; k < features.size(); k++) {
        served.get(k).add(features.get(k));
      }
      rows++;
    }

    long[] decided() {
      return Arrays.copyOf(decided, rows);
    }

    double[] scores() {
      return Arrays.copyOf(scores, rows);
    }

    boolean[] labels() {
      return Arrays.copyOf(labels, rows);
    }

    long[] known() {
      return Arrays.copyOf(known, rows);
    }

    double[] baseline() {
      return Arrays.copyOf(baseline, rows);
    }

    String[] ids() {
      return Arrays.copyOf(ids, rows);
    }

    String[] entities() {
      return Arrays.copyOf(entities, rows);
    }

    String[] served(int k) {
      return served.get(k).toArray(String[]::new);
    }
  }

  /** RFC 4180 records, one list of cells each; {@link #line()} is the line the last record started on. */
  private static final class Records {
    private final BufferedReader reader;
    private final String file;
    private int nextLine = 1;
    private int line;

    Records(BufferedReader reader, String file) {
      this.reader = reader;
      this.file = file;
    }

    int line() {
      return line;
    }

    List<String> next() throws IOException {
      int ch = reader.read();
      if (ch < 0) {
        return null;
      }
      line = nextLine;
      List<String> cells = new ArrayList<>();
      StringBuilder cell = new StringBuilder();
      boolean quoted = false;
      boolean wasQuoted = false;
      while (true) {
        if (quoted) {
          if (ch < 0) {
            throw new IllegalArgumentException(file + ", line " + line + ": a quoted cell is never closed: close "
                + "the quote (write a quote inside a quoted cell as \"\")");
          }
          if (ch == '"') {
            reader.mark(1);
            int after = reader.read();
            if (after == '"') {
              cell.append('"');
            } else {
              quoted = false;
              if (after >= 0) {
                reader.reset();
              }
            }
          } else {
            if (ch == '\n') {
              nextLine++;
            }
            cell.append((char) ch);
          }
        } else if (ch < 0 || ch == '\n') {
          nextLine++;
          cells.add(trimCr(cell, wasQuoted));
          return cells;
        } else if (ch == ',') {
          cells.add(cell.toString());
          cell.setLength(0);
          wasQuoted = false;
        } else if (ch == '"' && cell.isEmpty() && !wasQuoted) {
          quoted = true;
          wasQuoted = true;
        } else if (wasQuoted && ch != '\r') {
          throw new IllegalArgumentException(file + ", line " + line + ": text after a quoted cell's closing quote: "
              + "quote the whole cell, and write a quote inside it as \"\"");
        } else {
          cell.append((char) ch);
        }
        ch = reader.read();
      }
    }

    private static String trimCr(StringBuilder cell, boolean quoted) {
      int n = cell.length();
      return !quoted && n > 0 && cell.charAt(n - 1) == '\r' ? cell.substring(0, n - 1) : cell.toString();
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return List.copyOf(all);
  }
}
