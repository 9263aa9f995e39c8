package dev.backtestgate.cli;

import dev.backtestgate.history.ReadProgress;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The progress of a long read of a table's log, on stderr: commits read, rows, time elapsed and an estimate of the
 * time left. On a terminal one live line, rewritten in place with {@code \r} (at most every 100 ms); elsewhere (a
 * CI log, a pipe) plain lines, one each time another tenth of the commits is read or 10 s have passed since the
 * last line. The clock and whether stderr is a terminal are given, so both ways are testable without a terminal.
 *
 * <pre>{@code
 * ProgressLine progress = ProgressLine.onStderr(System.err, "commits");
 * TableHistory h = DeltaHistory.of(path).progress(progress)...sinceVersion(0);
 * progress.finish();
 * }</pre>
 */
final class ProgressLine implements ReadProgress {
  static final long LIVE_EVERY_NANOS = 100_000_000L;
  static final long PLAIN_EVERY_NANOS = 10_000_000_000L;

  private final PrintStream err;
  private final boolean live;
  private final LongSupplier nanoTime;
  private final String unit;
  private final long start;
  private long lastShown;
  private long lastTenth;
  private int liveWidth = -1;

  ProgressLine(PrintStream err, boolean live, LongSupplier nanoTime, String unit) {
    this.err = err;
    this.live = live;
    this.nanoTime = nanoTime;
    this.unit = unit;
    this.start = nanoTime.getAsLong();
    this.lastShown = start;
  }

  /** On {@code err}: a live line when this JVM has a terminal ({@code System.console() != null}), else plain lines. */
  static ProgressLine onStderr(PrintStream err, String unit) {
    return new ProgressLine(err, System.console() != null, System::nanoTime, unit);
  }

  @Override
  public void commitRead(long commitsRead, long commitsTotal, long rowsRead) {
    long now = nanoTime.getAsLong();
    boolean last = commitsTotal > 0 && commitsRead >= commitsTotal;
    if (live) {
      if (last || now - lastShown >= LIVE_EVERY_NANOS) {
        String line = describe(commitsRead, commitsTotal, rowsRead, now - start);
        err.print("\r" + line + " ".repeat(Math.max(0, liveWidth - line.length())));
        err.flush();
        liveWidth = line.length();
        lastShown = now;
      }
      return;
    }
    long tenth = commitsTotal > 0 ? commitsRead * 10 / commitsTotal : 0;
    if (tenth > lastTenth || now - lastShown >= PLAIN_EVERY_NANOS) {
      err.println(describe(commitsRead, commitsTotal, rowsRead, now - start));
      lastTenth = tenth;
      lastShown = now;
    }
  }

  /** Ends the live line, so what follows starts on a line of its own; nothing for plain lines. */
  void finish() {
    if (live && liveWidth >= 0) {
      err.println();
      liveWidth = -1;
    }
  }

  /** E.g. {@code read 12 of 120 commits (10%), 3,456 rows, 1.2 s elapsed, about 10.8 s left}. */
  String describe(long read, long total, long rows, long elapsedNanos) {
    StringBuilder line = new StringBuilder("read ").append(String.format(Locale.ROOT, "%,d", read));
    if (total > 0) {
      line.append(String.format(Locale.ROOT, " of %,d %s (%d%%)", total, unit, read * 100 / total));
    } else {
      line.append(' ').append(unit);
    }
    line.append(String.format(Locale.ROOT, ", %,d rows, %s elapsed", rows, seconds(elapsedNanos)));
    if (total > 0 && read > 0 && read < total) {
      line.append(", about ").append(seconds(elapsedNanos * (total - read) / read)).append(" left");
    }
    return line.toString();
  }

  private static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
  }
}
