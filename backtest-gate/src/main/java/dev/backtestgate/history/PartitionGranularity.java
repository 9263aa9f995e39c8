package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.STABLE;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * How a {@link HistoryManifest} cuts a table into partitions: by UTC day or by UTC month of validFrom.
 * Partition keys are ISO dates ({@code 2024-03-05}) or year-months ({@code 2024-03}).
 *
 * <pre>{@code
 * PartitionGranularity.MONTH.key(LocalDate.parse("2024-03-05"));   // "2024-03"
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public enum PartitionGranularity {
  DAY,
  MONTH;

  /** The first day of the partition containing {@code day}. */
  public LocalDate floor(LocalDate day) {
    return this == DAY ? day : day.withDayOfMonth(1);
  }

  /** The first day of the partition containing the instant {@code epochMillis} (UTC). */
  LocalDate floor(long epochMillis) {
    return floor(LocalDate.ofEpochDay(Math.floorDiv(epochMillis, 86_400_000L)));
  }

  /** The first day after the partition starting at {@code start}. */
  LocalDate next(LocalDate start) {
    return this == DAY ? start.plusDays(1) : start.plusMonths(1);
  }

  /** The key of the partition containing {@code day}. */
  public String key(LocalDate day) {
    LocalDate start = floor(day);
    return this == DAY ? start.toString() : start.toString().substring(0, start.toString().length() - 3);
  }

  /** The first day of the partition named {@code key}; throws {@link DateTimeParseException} if malformed. */
  public LocalDate parseKey(String key) {
    LocalDate start = LocalDate.parse(this == DAY ? key : key + "-01");
    if (!key(start).equals(key)) {
      throw new DateTimeParseException("not a canonical " + configValue() + " key", key, 0);
    }
    return start;
  }

  /** Epoch milliseconds at the start of {@code day}, UTC. */
  static long startMillis(LocalDate day) {
    return day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
  }

  /** As written in a manifest: {@code day} or {@code month}. */
  public String configValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Strict inverse of {@link #configValue()}, or {@code null} if {@code value} is neither. */
  static PartitionGranularity fromConfigValue(String value) {
    for (PartitionGranularity granularity : values()) {
      if (granularity.configValue().equals(value)) {
        return granularity;
      }
    }
    return null;
  }
}
