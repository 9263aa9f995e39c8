package dev.backtestgate.tripwire;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Reads production outcomes from a CSV file with a header row (RFC 4180: commas, double quotes, {@code ""} inside
 * quotes, LF or CRLF). Columns by name: {@code decidedAt}, {@code candidateScore}, {@code label} (1/0 or true/false;
 * empty while not known) and {@code labelKnownAt} (empty while not known) are required; {@code baselineScore},
 * {@code decisionId} and {@code entity} are optional; every other column is a feature as served. Times are ISO
 * instants, UTC dates or epoch milliseconds: the rule of {@link OutcomeColumns}, which every outcomes reader follows.
 * Every failure names the file, the line, the column, the value and the fix.
 *
 * <pre>{@code
 * Outcomes outcomes = OutcomesCsv.read(Path.of("outcomes.csv"));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class OutcomesCsv {
  /** The required columns ({@link OutcomeColumns#REQUIRED}). */
  public static final List<String> REQUIRED = OutcomeColumns.REQUIRED;
  /** The optional columns with a meaning of their own ({@link OutcomeColumns#OPTIONAL}). */
  public static final List<String> OPTIONAL = OutcomeColumns.OPTIONAL;

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
          + (name.endsWith(".parquet") ? " (the backtest-gate tripwire command reads Parquet)" : ""));
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
    if (header.stream().anyMatch(h -> h.indexOf('\0') >= 0)) {
      throw new IllegalArgumentException(file + " is named .csv but holds NUL bytes in its first line, so it is a "
          + "binary file, not CSV text: export the outcomes as UTF-8 CSV with a header row");
    }
    OutcomeColumns.Rows rows = OutcomeColumns.rows(file, header);
    List<String> cells;
    while ((cells = records.next()) != null) {
      if (cells.size() == 1 && cells.get(0).isBlank()) {
        continue;
      }
      if (cells.size() != header.size()) {
        throw new IllegalArgumentException(file + ", line " + records.line() + " has " + cells.size() + " cells, "
            + "the header " + header.size() + ": give every row one cell per header column (quote values that "
            + "contain commas)");
      }
      rows.add("line " + records.line(), cells::get);
    }
    try {
      return rows.build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(e.getMessage().replace("counted from 0)", "counted from 0: line r + 2 of "
          + "the file)"), e);
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
}
