package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The columns of a history table that declare corrections: each row's event id (whole numbers, unique, never
 * NULL), the id of the event the row corrects (NULL when it corrects nothing) and the reason code (NULL exactly
 * when {@code corrects} is). Names follow the same strict pattern as every other column name. Defaults:
 * {@code event_id}, {@code corrects}, {@code reason}.
 *
 * <pre>{@code
 * HistoryTable status = HistoryTable.of("statement_status")
 *     .withColumns("account_id", "statement_at", "recorded_at", "status")
 *     .withCorrections(CorrectionColumns.DEFAULTS);
 * }</pre>
 *
 * @param id the event id column
 * @param corrects the column holding the id of the corrected event
 * @param reason the reason-code column
 */
@API(status = EXPERIMENTAL, since = "0.2")
public record CorrectionColumns(String id, String corrects, String reason) {
  /** {@code event_id}, {@code corrects}, {@code reason}. */
  public static final CorrectionColumns DEFAULTS = new CorrectionColumns("event_id", "corrects", "reason");

  public CorrectionColumns {
    SqlNames.check(id, "event id column");
    SqlNames.check(corrects, "corrects column");
    SqlNames.check(reason, "reason column");
  }
}
