package dev.backtestgate.lakehouse;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/** Valid times as a Delta log spells them in partition values and statistics, read as UTC instants. */
final class ValidTimes {
  private ValidTimes() {}

  static Instant parse(String table, String column, String text) {
    String t = text.trim();
    try {
      if (t.length() == 10) {
        return LocalDate.parse(t).atStartOfDay(ZoneOffset.UTC).toInstant();
      }
      String iso = t.replace(' ', 'T');
      if (iso.endsWith("Z") || iso.matches(".*[+-]\\d\\d:\\d\\d$")) {
        return OffsetDateTime.parse(iso).toInstant();
      }
      return LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("the valid-time column '" + column + "' of the Delta table '" + table
          + "' holds '" + text + "', which is not a date or a timestamp. Name a DATE or TIMESTAMP column with "
          + "validTimeColumn(...).", e);
    }
  }
}
