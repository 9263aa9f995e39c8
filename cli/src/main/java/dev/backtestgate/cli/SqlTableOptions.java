package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.CannotCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The PostgreSQL table who-can and who-did audit, {@code jdbc:<url>#<table>}, and where its driver comes from. */
final class SqlTableOptions {
  @Parameters(index = "0", paramLabel = "jdbc:<url>#<table>",
      description = "The PostgreSQL table, e.g. 'jdbc:postgresql://db/lake?user=auditor#ledger.status_events'.")
  String target;

  @Option(names = "--module", paramLabel = "DIR", defaultValue = ".",
      description = "The project directory: --classpath resolves against it. Default: the current directory.")
  Path module;

  @Option(names = "--classpath", paramLabel = "PATHS", split = "${sys:path.separator}",
      description = "The PostgreSQL JDBC driver's jar(s), when the driver is not on this tool's class path. "
          + "Separated by '${sys:path.separator}'.")
  List<Path> classpath = new ArrayList<>();

  /** The table, checked before anything connects; {@code command} names the command in the message. */
  HistoryTarget table(String command) throws CannotCheck {
    if (!target.startsWith(HistoryTarget.Kind.JDBC.prefix)) {
      throw new CannotCheck("'" + target + "' is not a JDBC URL: " + command + " audits a PostgreSQL table.",
          "Name it as jdbc:postgresql://<host>/<database>#<table> (a name, or schema.name).");
    }
    return HistoryTarget.jdbc(target, command + " audits one table");
  }

  /** A connection to the table's database. */
  Connection connect(HistoryTarget table) throws CannotCheck, SQLException {
    Path dir = module.toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) {
      throw new CannotCheck("The module directory " + dir + " does not exist.",
          "Pass the project's directory with --module, or run the command from it.");
    }
    return JdbcDrivers.connect(table.location(), classpath, dir);
  }

  /** A failed read, as a refusal to check: what failed and what to check. */
  static CannotCheck unreadable(HistoryTarget table, Exception e) {
    return new CannotCheck("Auditing " + table.describe() + " failed: " + e.getMessage(),
        "Check the URL (host, database, user and password), that the server is PostgreSQL and reachable, and "
            + "that this user may read its catalog and the guard's audit table.");
  }
}
