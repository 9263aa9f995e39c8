package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.CannotCheck;
import dev.backtestgate.jdbc.GrantsAudit;
import dev.backtestgate.jdbc.GrantsReport;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code backtest-gate who-can}: the jdbc module's grants audit of one PostgreSQL table, as it renders it. */
@Command(name = "who-can", mixinStandardHelpOptions = true,
    description = "Lists every role that can UPDATE, DELETE or TRUNCATE a PostgreSQL table's history, with where "
        + "the right comes from, and the statements that leave it with the break-glass role alone. Exit 0 clean, "
        + "1 another role can rewrite history, 2 it cannot check (no connection, no #<table>).",
    footer = {"%nExample:", "  backtest-gate who-can 'jdbc:postgresql://db/lake?user=auditor#ledger.status_events' "
        + "--classpath postgresql-42.7.4.jar"})
final class WhoCanCommand implements Callable<Integer> {
  @ParentCommand
  Root root;

  @Mixin
  SqlTableOptions sql;

  @Option(names = "--break-glass-role", paramLabel = "ROLE", defaultValue = GrantsAudit.DEFAULT_BREAK_GLASS_ROLE,
      description = "The one role meant to hold write rights on closed history. Default: ${DEFAULT-VALUE}.")
  String breakGlassRole;

  @Override
  public Integer call() throws CannotCheck {
    HistoryTarget table = sql.table("who-can");
    GrantsAudit audit = GrantsAudit.of(table.table()).breakGlassRole(breakGlassRole);
    GrantsReport report;
    try (Connection connection = sql.connect(table)) {
      report = audit.run(connection);
    } catch (SQLException | IllegalStateException e) {
      throw SqlTableOptions.unreadable(table, e);
    }
    root.output.info(report.summary());
    return report.clean() ? Main.OK : Main.FINDINGS;
  }
}
