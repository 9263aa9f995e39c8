package dev.backtestgate.examples;

import dev.backtestgate.history.HistoryCheck;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.time.EventLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The committed history manifest of the statement table ({@code examples/history/statements.json}): per
 * closed month before July 2025 (the data cut), the row count and a content hash of the status column, as
 * it was when the data was cut. A person committed it, like a sign-off. Checking a table against it names
 * every closed month that changed since, which is how the "normalize status codes" backfill shows up even
 * when it stamped nothing; the append-only log passes, because its corrections are recorded after the cut.
 *
 * <pre>{@code
 * HistoryCheckResult result = StatementHistory.check(table.toEventLog(StatementHistory.TABLE));
 * result.problems().forEach(System.out::println);
 * }</pre>
 */
final class StatementHistory {
  /** The table name the manifest covers (and event logs checked against it must carry). */
  static final String TABLE = "statements";
  /** The manifest, relative to the examples module directory. */
  static final Path MANIFEST = Path.of("history", "statements.json");

  private StatementHistory() {}

  /** Checks {@code today} against the committed manifest. */
  static HistoryCheckResult check(EventLog today) {
    Path file = moduleDirectory().resolve(MANIFEST);
    try {
      return HistoryCheck.compare(HistoryManifest.read(file), today);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the committed history manifest " + file + ": run from the examples "
          + "module (Maven sets the basedir property) or restore the file from git.", e);
    }
  }

  /** The examples module directory: Maven's {@code basedir} property, else the working directory. */
  static Path moduleDirectory() {
    String basedir = System.getProperty("basedir");
    return (basedir == null || basedir.isBlank() ? Path.of("") : Path.of(basedir)).toAbsolutePath();
  }
}
