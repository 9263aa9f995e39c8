package dev.backtestgate.cli;

import dev.backtestgate.FeatureTiming;
import dev.backtestgate.cli.workflow.CannotCheck;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * Parses one cell of a scored table: a label, a score, a time. Every failure names the file, the column, the data row
 * (and its line in a CSV file), the value, and the fix. Rows are numbered as everywhere in the gate's messages and
 * reports, from 0 (the first data row is row 0, the header excluded); a CSV file's line numbers count from 1, the
 * header being line 1.
 */
record Cells(String file, boolean csv) {
  /**
   * Where a cell is.
   *
   * @param index the data row, from 0
   * @param line its line in a CSV file, from 1; 0 for other files
   */
  record Row(int index, int line) {}

  boolean label(String column, Row row, String text) throws CannotCheck {
    String value = text == null ? "" : text.trim();
    if (value.equals("1") || value.equalsIgnoreCase("true")) {
      return true;
    }
    if (value.equals("0") || value.equalsIgnoreCase("false")) {
      return false;
    }
    throw new CannotCheck(where(column, row) + " holds the label '" + value + "', which is not 0/1 or true/false: "
        + "the gate compares AUCs, which need every row to be a positive or a negative.",
        "Write each label as 1 or 0 (true or false), or drop the rows without an outcome before the audit.");
  }

  double score(String column, Row row, String text) throws CannotCheck {
    String value = text == null ? "" : text.trim();
    double score;
    try {
      score = value.isEmpty() ? Double.NaN : Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new CannotCheck(where(column, row) + " holds the score '" + value + "', which is not a number.",
          "Write scores as decimal numbers (e.g. 0.73), one per row.");
    }
    if (!Double.isFinite(score)) {
      throw new CannotCheck(where(column, row) + " holds the score '" + value + "' (" + (value.isEmpty() ? "empty"
          : "not finite") + "): an AUC cannot rank a row without a score, and dropping it silently would change "
          + "the verdict.", "Score every row, or drop the unscored rows from the file before the audit (and say "
          + "why in the review).");
    }
    return score;
  }

  /**
   * A time: an ISO instant, a UTC date, or epoch milliseconds; an empty cell is {@link FeatureTiming#NO_VALUE} when
   * {@code emptyAllowed} (a feature's knowledge time where the row has no value), else refused.
   */
  long time(String column, Row row, String text, boolean emptyAllowed) throws CannotCheck {
    String value = text == null ? "" : text.trim();
    if (value.isEmpty() && emptyAllowed) {
      return FeatureTiming.NO_VALUE;
    }
    if (!value.isEmpty() && (Character.isDigit(value.charAt(0)) || value.charAt(0) == '-')
        && value.chars().skip(1).allMatch(Character::isDigit)) {
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException tooLarge) {
        // reported below
      }
    }
    try {
      return Instant.parse(value).toEpochMilli();
    } catch (DateTimeParseException notInstant) {
      try {
        return LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
      } catch (DateTimeParseException notDate) {
        throw new CannotCheck(where(column, row) + " holds the time '" + value + "', which is "
            + (value.isEmpty() ? "empty" : "neither an ISO instant, a date nor epoch milliseconds")
            + ": the gate cannot tell what was known when without it.", "Write times as ISO instants "
            + "(2026-01-31T09:00:00Z), UTC dates (2026-01-31) or epoch milliseconds (1769850000000)"
            + (!emptyAllowed ? "" : "; leave a feature's knowledge time empty where the row has no value") + ".");
      }
    }
  }

  String where(String column, Row row) {
    return String.format(Locale.ROOT, "%s, column '%s', row %d%s", file, column, row.index(),
        csv && row.line() > 0 ? " (line " + row.line() + ")" : "");
  }
}
