package dev.backtestgate.lakehouse;

import java.time.Instant;

/**
 * The part of a table's history a backtest asks about: every commit from a version on, or every commit at or after
 * a time.
 *
 * @param fromVersion the first version asked for, or {@code -1} when the window starts at a time
 * @param fromTime the first commit time asked for, or {@code null} when the window starts at a version
 */
record Window(long fromVersion, Instant fromTime) {
  static Window sinceVersion(long version) {
    return new Window(version, null);
  }

  static Window since(Instant time) {
    return new Window(-1, time);
  }

  boolean covers(TableLog.Commit commit) {
    return fromTime == null ? commit.commit().version() >= fromVersion : !commit.commit().time().isBefore(fromTime);
  }

  /** The window in words, e.g. {@code since version 3} or {@code since 2026-01-01T00:00:00Z}. */
  String describe() {
    return fromTime == null ? "since version " + fromVersion : "since " + fromTime;
  }
}
