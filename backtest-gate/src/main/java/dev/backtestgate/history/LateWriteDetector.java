package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.internal.LongIntSort;
import dev.backtestgate.time.Columns;
import dev.backtestgate.time.Corrections;
import dev.backtestgate.time.EventLog;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Finds events written into closed history: those whose recordedAt - validFrom exceeds a closing window
 * (default 7 days), grouped into write batches by recorded UTC day with their counts, the valid-time range
 * they touched and the number of entities. A late event that declares the event it corrects (a reason code
 * and a pointer, {@link dev.backtestgate.time.Corrections}) is listed apart, per reason code: it is legitimate,
 * but a model trained before it arrived saw another value. O(n + L log L) for L late events.
 *
 * <pre>{@code
 * LateWriteReport report = LateWriteDetector.builder()
 *     .closingWindow(Duration.ofDays(3))
 *     .build()
 *     .detect(statusLog);
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class LateWriteDetector {
  /** The default closing window: 7 days. */
  public static final Duration DEFAULT_CLOSING_WINDOW = Duration.ofDays(7);

  private static final long DAY = 86_400_000L;

  private final Duration closingWindow;
  private final long windowMillis;
  private final int maxExamples;

  private LateWriteDetector(Duration closingWindow, int maxExamples) {
    this.closingWindow = closingWindow;
    this.windowMillis = Columns.nonNegativeMillis(closingWindow, "closing window");
    this.maxExamples = maxExamples;
  }

  /** A detector with a 7-day closing window and 5 examples per batch. */
  public static LateWriteDetector withDefaults() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** How long after validFrom an event may still be recorded before it counts as late. */
  public Duration closingWindow() {
    return closingWindow;
  }

  /** Examples kept per batch. */
  public int maxExamples() {
    return maxExamples;
  }

  public LateWriteReport detect(EventLog log) {
    Columns.required(log, "event log");
    long[] validFrom = log.validFrom();
    long[] recordedAt = log.recordedAt();
    Corrections declared = log.declaresCorrections() ? log.corrections() : null;
    Map<String, List<Integer>> corrections = new TreeMap<>();
    int late = 0;
    int[] lateIndex = new int[16];
    for (int i = 0; i < log.size(); i++) {
      // recordedAt - validFrom, read as unsigned once positive, cannot overflow
      if (recordedAt[i] > validFrom[i] && Long.compareUnsigned(recordedAt[i] - validFrom[i], windowMillis) > 0) {
        if (declared != null && declared.isCorrection(i)) {
          corrections.computeIfAbsent(declared.reason(i), r -> new ArrayList<>()).add(i);
          continue;
        }
        if (late == lateIndex.length) {
          lateIndex = Arrays.copyOf(lateIndex, late * 2);
        }
        lateIndex[late++] = i;
      }
    }
    long[] day = new long[late];
    for (int k = 0; k < late; k++) {
      day[k] = Math.floorDiv(recordedAt[lateIndex[k]], DAY);
    }
    LongIntSort.sort(day, lateIndex, 0, late);
    List<LateWriteReport.Batch> batches = new ArrayList<>();
    for (int from = 0, to; from < late; from = to) {
      to = from + 1;
      while (to < late && day[to] == day[from]) {
        to++;
      }
      batches.add(batch(log, day[from], Arrays.copyOfRange(lateIndex, from, to)));
    }
    return new LateWriteReport(log.name(), closingWindow, log.size(), late, batches, declared(log, corrections));
  }

  private List<LateWriteReport.DeclaredCorrections> declared(EventLog log, Map<String, List<Integer>> byReason) {
    List<LateWriteReport.DeclaredCorrections> groups = new ArrayList<>();
    if (byReason.isEmpty()) {
      return groups;
    }
    Corrections declared = log.corrections();
    for (Map.Entry<String, List<Integer>> group : byReason.entrySet()) {
      List<Integer> rows = new ArrayList<>(group.getValue());
      rows.sort(Comparator.comparingLong(declared::id));
      List<LateWriteReport.Correction> examples = new ArrayList<>();
      for (int row : rows.subList(0, Math.min(maxExamples, rows.size()))) {
        examples.add(new LateWriteReport.Correction(declared.id(row), declared.corrects(row), log.entity()[row],
            Instant.ofEpochMilli(log.validFrom()[row]), Instant.ofEpochMilli(log.recordedAt()[row])));
      }
      long entities = rows.stream().mapToLong(row -> log.entity()[row]).distinct().count();
      groups.add(new LateWriteReport.DeclaredCorrections(group.getKey(), rows.size(), (int) entities, examples));
    }
    return groups;
  }

  private LateWriteReport.Batch batch(EventLog log, long day, int[] events) {
    Arrays.sort(events);
    long[] entity = log.entity();
    long[] validFrom = log.validFrom();
    long[] recordedAt = log.recordedAt();
    long minValidFrom = Long.MAX_VALUE;
    long maxValidFrom = Long.MIN_VALUE;
    long maxLateness = 0;
    long[] entities = new long[events.length];
    for (int k = 0; k < events.length; k++) {
      int i = events[k];
      minValidFrom = Math.min(minValidFrom, validFrom[i]);
      maxValidFrom = Math.max(maxValidFrom, validFrom[i]);
      long lateness = recordedAt[i] - validFrom[i];
      maxLateness = Math.max(maxLateness, lateness < 0 ? Long.MAX_VALUE : lateness); // < 0: overflowed
      entities[k] = entity[i];
    }
    Arrays.sort(entities);
    int distinct = 0;
    for (int k = 0; k < entities.length; k++) {
      if (k == 0 || entities[k] != entities[k - 1]) {
        distinct++;
      }
    }
    List<LateWriteReport.Example> examples = new ArrayList<>();
    for (int k = 0; k < Math.min(maxExamples, events.length); k++) {
      int i = events[k];
      examples.add(new LateWriteReport.Example(
          i, entity[i], Instant.ofEpochMilli(validFrom[i]), Instant.ofEpochMilli(recordedAt[i])));
    }
    return new LateWriteReport.Batch(
        LocalDate.ofEpochDay(day), events.length, Instant.ofEpochMilli(minValidFrom),
        Instant.ofEpochMilli(maxValidFrom), distinct, Duration.ofMillis(maxLateness), examples);
  }

  /** Configures a detector. */
  public static final class Builder {
    private Duration closingWindow = DEFAULT_CLOSING_WINDOW;
    private int maxExamples = 5;

    private Builder() {}

    /** How long after validFrom an event may still be recorded before it counts as late. */
    public Builder closingWindow(Duration window) {
      Columns.nonNegativeMillis(window, "closing window");
      this.closingWindow = window;
      return this;
    }

    /** Examples kept per batch (default 5). */
    public Builder maxExamples(int examples) {
      if (examples < 0) {
        throw new IllegalArgumentException("maxExamples must not be negative, got " + examples);
      }
      this.maxExamples = examples;
      return this;
    }

    public LateWriteDetector build() {
      return new LateWriteDetector(closingWindow, maxExamples);
    }
  }
}
