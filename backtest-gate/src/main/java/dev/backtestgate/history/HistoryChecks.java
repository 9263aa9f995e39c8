package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.CheckContext;
import dev.backtestgate.EvidencePart;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.CheckProvider;
import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Setting;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The history checks of a run's tables: late writes into closed partitions ({@link LateWriteReport} inputs,
 * {@link LateWritesFinding}) and history rewritten in place ({@link HistoryCheckResult} inputs,
 * {@link RewrittenHistoryFinding}), and both read from a table's own log ({@link TableHistory} inputs, whose
 * unreadable parts fail as {@code check-failed}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class HistoryChecks implements CheckProvider {
  /** {@code backtestgate.late-writes}: {@code fail} (default) or {@code warn}, for undeclared late writes. */
  public static final Setting<LateWritePolicy> LATE_WRITES = Setting.of(LateWritePolicy.KEY,
      LateWritePolicy.DEFAULT.configValue(), "warn or fail",
      text -> Setting.oneOf(text, LateWritePolicy.values(), LateWritePolicy::configValue), GatePolicy::with,
      policy -> policy.settings(LateWritePolicy.DEFAULT).configValue());

  private static final Check LATE_WRITES_CHECK = Check.of("late writes",
      c -> lateWrites(c.run().inputs(LateWriteReport.class), c.policy()));
  private static final Check HISTORY_CHECK = Check.of("rewritten history",
      c -> rewritten(c.run().inputs(HistoryCheckResult.class)));
  private static final Check TABLE_LOG_CHECK = Check.of("history from the table log",
      c -> fromLogs(c.run().inputs(TableHistory.class), c.policy()));

  /** For {@link java.util.ServiceLoader}. */
  public HistoryChecks() {}

  @Override
  public int order() {
    return 300;
  }

  @Override
  public List<Check> checks(BacktestRun run) {
    return List.of(LATE_WRITES_CHECK, HISTORY_CHECK, TABLE_LOG_CHECK);
  }

  /** The run's late-write reports, manifest checks and table logs, when it recorded any. */
  @Override
  public List<EvidencePart<?>> evidence(CheckContext context) {
    BacktestRun run = context.run();
    HistoryEvidence part = new HistoryEvidence(run.inputs(LateWriteReport.class),
        run.inputs(HistoryCheckResult.class), run.inputs(TableHistory.class));
    return part.isEmpty() ? List.of() : List.of(part);
  }

  /** The same rules on the evidence's tables. */
  @Override
  public List<Finding> judge(GateEvidence evidence, GatePolicy policy) {
    return evidence.part(HistoryEvidence.class).map(part -> {
      List<Finding> found = new ArrayList<>(lateWrites(part.lateWrites(), policy));
      found.addAll(rewritten(part.historyChecks()));
      found.addAll(fromLogs(part.tableHistories(), policy));
      return found;
    }).orElse(List.of());
  }

  @Override
  public List<Setting<?>> settings() {
    return List.of(LATE_WRITES);
  }

  @Override
  public List<FindingKind> kinds() {
    return List.of(
        new FindingKind(LateWritesFinding.KIND, "Late writes into closed partitions",
            "Events were recorded long after they became valid without declaring what they correct: a backfill "
                + "edited closed history, so a backtest on it sees values nobody knew at the time. Declared "
                + "corrections are listed by reason code and never fail."),
        new FindingKind(RewrittenHistoryFinding.KIND, "History rewritten in place",
            "Closed partitions differ from the committed history manifest: old rows now carry values nobody knew "
                + "at the time. Restore the history or review and accept a new manifest "
                + "(mvn backtest-gate:accept-history)."),
        HISTORY_WRITERS);
  }

  /**
   * The kind of the audits of who can or did write a table's history (the PostgreSQL grants and guard audits,
   * a lakehouse table's writers): reported by backtest-gate-jdbc and backtest-gate-lakehouse, stated here once.
   */
  public static final FindingKind HISTORY_WRITERS = new FindingKind("history-writers",
      "Who can rewrite or has rewritten a table's history",
      "Roles or engines able to update, delete or overwrite closed history, or that did: each is a way for "
          + "old rows to take on values nobody knew at the time. Revoke the grants, guard the table, or name "
          + "the break-glass role; the finding lists each writer and how it got the right.");

  /** The late-writes rule, for a run and for evidence computed elsewhere alike. */
  @API(status = INTERNAL, since = "0.1")
  public static List<Finding> lateWrites(List<LateWriteReport> reports, GatePolicy policy) {
    LateWritePolicy lateWrites = policy.settings(LateWritePolicy.DEFAULT);
    List<Finding> found = new ArrayList<>();
    for (LateWriteReport report : reports) {
      if (!report.clean()) {
        found.add(new LateWritesFinding(report, lateWrites));
      }
    }
    return found;
  }

  /** The rewritten-history rule, for a run and for evidence computed elsewhere alike. */
  @API(status = INTERNAL, since = "0.1")
  public static List<Finding> rewritten(List<HistoryCheckResult> results) {
    List<Finding> found = new ArrayList<>();
    for (HistoryCheckResult history : results) {
      if (!history.clean()) {
        found.add(new RewrittenHistoryFinding(history));
      }
    }
    return found;
  }

  /** The rules on histories read from table logs: unreadable windows fail, then rewrites, then late writes. */
  @API(status = INTERNAL, since = "0.1")
  public static List<Finding> fromLogs(List<TableHistory> histories, GatePolicy policy) {
    List<Finding> found = new ArrayList<>();
    for (TableHistory history : histories) {
      for (String reason : history.unreadable()) {
        found.add(new Finding.CheckFailed("history of '" + history.table() + "'", reason));
      }
      found.addAll(rewritten(List.of(history.rewrites())));
      found.addAll(lateWrites(List.of(history.lateWrites()), policy));
    }
    return found;
  }
}
