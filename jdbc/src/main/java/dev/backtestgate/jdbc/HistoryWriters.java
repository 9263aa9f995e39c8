package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.history.HistoryChecks;
import dev.backtestgate.Check;
import dev.backtestgate.Finding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Roles other than the break-glass role can rewrite the history a backtest reads: the {@code history-writers}
 * finding of a {@link GrantsReport}, so a gated backtest includes the grants audit as it includes late-write
 * reports. Only revoking the rights resolves it (resolution {@code fix}); a sign-off cannot.
 *
 * <pre>{@code
 * GrantsReport grants = GrantsAudit.of("statements").breakGlassRole("history_break_glass").run(connection);
 * backtest.check(HistoryWriters.check(grants));     // the JUnit Backtest, or BacktestRun.Builder
 * }</pre>
 *
 * @param report the grants audit
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record HistoryWriters(GrantsReport report) implements Finding {
  /** The check that reports {@code report}'s offending roles, if any. */
  public static Check check(GrantsReport report) {
    return Check.of("grants audit of " + String.join(", ", report.tables()),
        context -> report.clean() ? List.of() : List.of(new HistoryWriters(report)));
  }

  @Override
  public String kind() {
    return HistoryChecks.HISTORY_WRITERS.kind();
  }

  @Override
  public String subject() {
    return String.join(", ", report.tables());
  }

  @Override
  public Resolution resolution() {
    return Resolution.FIX;
  }

  @Override
  public Rendering render() {
    List<String> roles = report.offendingRoles();
    List<String> lines = new ArrayList<>();
    lines.add("Roles " + String.join(", ", roles) + " can UPDATE, DELETE or TRUNCATE " + subject()
        + " in place, besides the break-glass role " + report.breakGlassRole() + ".");
    for (GrantsReport.Holder holder : report.offenders()) {
      lines.add("  - " + holder.describe());
    }
    String risk = GuardAuditReport.standingRisk(report.superusers());
    if (!risk.isEmpty()) {
      lines.add(risk);
    }
    List<Map<String, Object>> holders = new ArrayList<>();
    for (GrantsReport.Holder holder : report.offenders()) {
      Map<String, Object> h = new LinkedHashMap<>();
      h.put("table", holder.table());
      h.put("role", holder.role());
      h.put("privilege", holder.privilege());
      h.put("source", holder.source().name().toLowerCase(java.util.Locale.ROOT));
      h.put("via", holder.via());
      holders.add(h);
    }
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("tables", report.tables());
    evidence.put("breakGlassRole", report.breakGlassRole());
    evidence.put("offenders", holders);
    evidence.put("fixStatements", report.fixStatements());
    evidence.put("superusersCanSkipTriggers", report.superusers());
    return new Rendering(roles.size() + " role(s) besides " + report.breakGlassRole() + " can rewrite "
        + subject() + " in place.", lines, "Whoever can UPDATE closed history can hand the next backtest the "
        + "answer key, and nothing would announce it.", "Leave write rights with the break-glass role: "
        + String.join("; ", report.fixStatements()) + ".", evidence);
  }
}
