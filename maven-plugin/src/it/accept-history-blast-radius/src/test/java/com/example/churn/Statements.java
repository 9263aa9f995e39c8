package com.example.churn;

import dev.backtestgate.history.HistoryCheck;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.time.EventLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The statements table: one statement per customer and month, January to April 2026. With -Drewritten=true a
 * cleanup job has rewritten the February rows in place (status codes normalized), keeping their old timestamps.
 */
final class Statements {
  private Statements() {}

  static EventLog log(boolean rewritten) {
    EventLog.NumericBuilder log = EventLog.numericBuilder("statements");
    for (int month = 1; month <= 4; month++) {
      for (int customer = 1; customer <= 5; customer++) {
        Instant valid = Instant.parse(String.format("2026-%02d-01T00:00:00Z", month));
        double status = rewritten && month == 2 ? 1.0 : customer % 3;
        log.add(customer, valid, valid.plusSeconds(3_600), status);
      }
    }
    return log.build();
  }

  /** The history check against the committed manifest, history/statements.json. */
  static HistoryCheckResult check() {
    try {
      return HistoryCheck.compare(HistoryManifest.read(Path.of(System.getProperty("basedir", "."))
          .resolve("history/statements.json")), log(Boolean.getBoolean("rewritten")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
