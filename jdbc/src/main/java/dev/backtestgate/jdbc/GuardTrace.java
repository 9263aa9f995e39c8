package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.claim.Claim;
import dev.backtestgate.tripwire.trace.TableTrace;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The tripwire trace's part for SQL tables under the {@link AppendOnlyGuard}: for each table the claim read with no
 * log version (a SQL table's history is declared by a manifest or a late-write report), who wrote or tried to write
 * its closed history since the backtest's first decision, as {@link GuardAudit} reads the guard's audit (refused
 * attempts, break-glass writes, backdated inserts, per role). A claim records no read time, so the audit is read
 * from the decision window's start: every write that could have reached the backtest's rows, and every one since. A
 * table the audit does not know, or a database without the guard, becomes a {@link TableTrace#unreadable} line
 * naming why; it never stops the tripwire.
 *
 * <pre>{@code
 * List<TableTrace> tables = GuardTrace.trace(connection, claim, ClaimTables.trace(claim));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class GuardTrace {
  private GuardTrace() {}

  /**
   * {@code traced} (the claim's tables as the log readers traced them, in the claim's order) with every table the
   * claim records no version of read from the guard's audit on {@code connection} instead.
   */
  public static List<TableTrace> trace(Connection connection, Claim claim, List<TableTrace> traced) {
    List<TableTrace> out = new ArrayList<>();
    for (int i = 0; i < traced.size(); i++) {
      Claim.TableRead read = claim.dataRead().get(i);
      out.add(read.version() == null ? trace(connection, claim, read) : traced.get(i));
    }
    return out;
  }

  /** One table the claim read, from the guard's audit since the claim's first decision. */
  public static TableTrace trace(Connection connection, Claim claim, Claim.TableRead read) {
    try {
      GuardAuditReport report = GuardAudit.report(connection, read.table(), claim.earliestDecision());
      return TableTrace.guarded(read.table(), report.lines());
    } catch (SQLException | RuntimeException e) {
      String why = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
      return TableTrace.unreadable(read.table(), null, "the claim records no version read (" + read.reason()
          + "), and the append-only guard's audit could not be read for it: " + why);
    }
  }
}
