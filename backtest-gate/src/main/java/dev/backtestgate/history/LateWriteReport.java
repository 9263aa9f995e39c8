package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.HistoryDeclaration;
import dev.backtestgate.RunSummary;
import dev.backtestgate.internal.Wording;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apiguardian.api.API;

/**
 * What {@link LateWriteDetector} found in one event log: the events recorded more than the closing window
 * after they became valid, grouped into write batches by recorded UTC day. A batch that rewrote a closed
 * stretch of history in place, and stamped its rows, shows up here as a burst on one recorded day touching
 * old valid times. Late events that declare what they correct ({@link dev.backtestgate.time.Corrections}) are
 * not in the batches: they are listed by reason code in {@link #corrections()}, and never fail the gate.
 *
 * <pre>{@code
 * LateWriteReport report = LateWriteDetector.withDefaults().detect(statusLog);
 * if (!report.clean()) {
 *   report.problems().forEach(System.out::println);
 * }
 * }</pre>
 *
 * @param table the event log's name
 * @param closingWindow how long after validFrom an event may still be recorded without counting as late
 * @param events the number of events inspected
 * @param lateEvents the number of undeclared late events (the sum of the batches' counts)
 * @param batches undeclared late writes per recorded day, oldest day first
 * @param corrections late events that declare the event they correct, per reason code; kept most frequent
 *     first (ties by code), whatever the order given
 */
@API(status = STABLE, since = "0.1")
public record LateWriteReport(
    String table, Duration closingWindow, int events, int lateEvents, List<Batch> batches,
    List<DeclaredCorrections> corrections) implements HistoryDeclaration {

  public LateWriteReport {
    batches = List.copyOf(batches);
    corrections = corrections.stream().sorted(Comparator.comparingInt(DeclaredCorrections::count).reversed()
        .thenComparing(DeclaredCorrections::reason)).toList();
  }

  /** A report without declared corrections. */
  public LateWriteReport(String table, Duration closingWindow, int events, int lateEvents, List<Batch> batches) {
    this(table, closingWindow, events, lateEvents, batches, List.of());
  }

  /** Whether no event was written late, declared or not. */
  public boolean clean() {
    return lateEvents == 0 && corrections.isEmpty();
  }

  /** Whether some late event declares no correction: the writes that fail the gate by default. */
  public boolean undeclared() {
    return lateEvents > 0;
  }

  /** The number of late events that declare a correction (the sum of {@link #corrections()}' counts). */
  public int declaredCorrections() {
    return corrections.stream().mapToInt(DeclaredCorrections::count).sum();
  }

  /** One line per batch, saying what was written when and what it touched; empty when clean. */
  public List<String> problems() {
    List<String> lines = new ArrayList<>();
    for (Batch batch : batches) {
      lines.add(batch.describe(table, closingWindow));
    }
    return lines;
  }

  /**
   * The late events recorded on one UTC day.
   *
   * @param recordedDay the UTC day the events were recorded
   * @param count how many late events that day
   * @param minValidFrom the oldest valid time touched
   * @param maxValidFrom the newest valid time touched
   * @param entities how many distinct entities were touched, or {@code -1} when the source does not say (a table
   *     log counts rows per file, not entities)
   * @param maxLateness the largest recordedAt - validFrom in the batch
   * @param examples up to the configured number of events, in log order
   * @param commit the commit of the table's own log that wrote the batch, or {@code null} when the batch was
   *     found in the events' recordedAt stamps
   */
  public record Batch(
      LocalDate recordedDay,
      int count,
      Instant minValidFrom,
      Instant maxValidFrom,
      int entities,
      Duration maxLateness,
      List<Example> examples,
      LogCommit commit) {

    public Batch {
      examples = List.copyOf(examples);
    }

    /** A batch found in the events' recordedAt stamps (no commit of a table log). */
    public Batch(LocalDate recordedDay, int count, Instant minValidFrom, Instant maxValidFrom, int entities,
        Duration maxLateness, List<Example> examples) {
      this(recordedDay, count, minValidFrom, maxValidFrom, entities, maxLateness, examples, null);
    }

    String describe(String table, Duration closingWindow) {
      String what = commit == null
          ? Wording.count(count) + " late write(s) to '" + table + "' recorded on " + recordedDay + " for "
              + Wording.count(entities) + " entit" + (entities == 1 ? "y" : "ies")
          : Wording.count(count) + " row(s) appended to closed partitions of '" + table + "' by "
              + commit.describe();
      return what + ", valid from " + minValidFrom + " to " + maxValidFrom
          + " (up to " + readable(maxLateness) + " late; closing window " + readable(closingWindow)
          + "). Training rows built before " + recordedDay + " did not see these values: if this batch"
          + " rewrote history in place, restore the original rows and append the corrections instead.";
    }
  }

  private static String readable(Duration duration) {
    return duration.toDays() >= 1 ? duration.toDays() + " days" : duration.toHours() + " hours";
  }

  /** One late event: its index in the log and its times. */
  public record Example(int index, long entity, Instant validFrom, Instant recordedAt) {}

  /**
   * The late events that declare a correction for one reason code.
   *
   * @param reason the reason code
   * @param count how many late events give it
   * @param entities how many distinct entities they touch
   * @param examples up to the configured number of them, smallest event id first
   */
  public record DeclaredCorrections(String reason, int count, int entities, List<Correction> examples) {
    public DeclaredCorrections {
      examples = List.copyOf(examples);
    }

    String describe(String table) {
      return count + " declared correction(s) to '" + table + "' with reason '" + reason + "' for " + entities
          + " entit" + (entities == 1 ? "y" : "ies") + ", e.g. " + examples.stream().limit(3)
              .map(e -> "event " + e.id() + " corrects " + e.corrects()).toList();
    }
  }

  /** One declared correction: its id, the id of the event it corrects, its entity and times. */
  public record Correction(long id, long corrects, long entity, Instant validFrom, Instant recordedAt) {}

  /** The table, without partitions. */
  @Override
  public RunSummary.HistoryTable historyTable(java.time.Instant earliest, java.time.Instant latest) {
    return new RunSummary.HistoryTable(table, null, null, null);
  }
}
