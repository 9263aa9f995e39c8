package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.CannotCheck;
import dev.backtestgate.jdbc.SqlOutcomes;
import dev.backtestgate.jdbc.SqlQuery;
import dev.backtestgate.lakehouse.DeltaOutcomes;
import dev.backtestgate.lakehouse.IcebergOutcomes;
import dev.backtestgate.tripwire.OutcomeColumns;
import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.OutcomesCsv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Where the tripwire's production outcomes come from, as typed: a {@code .csv} or {@code .parquet} file, a Delta or
 * Iceberg table ({@code delta:<path>}, {@code iceberg:<path>}: its latest version or current snapshot, the forms of
 * {@code history}), or a SQL table or query ({@code jdbc:<url>#<table>}, or {@code jdbc:<url>} with {@code --sql}).
 * Every reader follows one column rule ({@link OutcomeColumns}).
 */
final class OutcomesSource {
  static final String FORMS = "a .csv or .parquet file, delta:<path>, iceberg:<path>, jdbc:<url>#<table>, or "
      + "jdbc:<url> with --sql";

  @Parameters(index = "0", paramLabel = "OUTCOMES", description = "The production outcomes: " + FORMS + ". "
      + "Columns by name: decidedAt, candidateScore, label, labelKnownAt, optionally baselineScore, decisionId, "
      + "entity; any other column is a served feature.")
  String outcomes;

  @Option(names = "--sql", paramLabel = "QUERY", description = "With a jdbc:<url> outcomes argument: the SELECT "
      + "that returns the outcomes (name the columns with AS, e.g. decided_at AS decidedAt).")
  String sql;

  @Option(names = "--classpath", paramLabel = "PATHS", split = "${sys:path.separator}",
      description = "SQL outcomes: the JDBC driver's jar(s), when the driver is not on this tool's class path. "
          + "Separated by '${sys:path.separator}'.")
  List<Path> classpath = new ArrayList<>();

  /** The outcomes read, or a refusal naming what is wrong and the fix. */
  Outcomes read() throws CannotCheck {
    if (sql != null && !outcomes.startsWith(HistoryTarget.Kind.JDBC.prefix)) {
      throw new CannotCheck("--sql is given, but the outcomes '" + outcomes + "' are not a JDBC URL.",
          "Pass the database as jdbc:<url> with --sql, or leave --sql out to read " + outcomes + ".");
    }
    try {
      if (outcomes.startsWith(HistoryTarget.Kind.JDBC.prefix)) {
        return sql();
      }
      if (outcomes.startsWith(HistoryTarget.Kind.ICEBERG.prefix)) {
        HistoryTarget table = HistoryTarget.parse(outcomes, Path.of("").toAbsolutePath());
        return IcebergOutcomes.read(Path.of(table.location()).toUri().toString());
      }
      if (outcomes.startsWith(HistoryTarget.Kind.DELTA.prefix)) {
        return DeltaOutcomes.read(HistoryTarget.parse(outcomes, Path.of("").toAbsolutePath()).location());
      }
      return file(Path.of(outcomes));
    } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
      String message = e.getMessage().strip();
      throw new CannotCheck("The outcomes cannot be read: " + message + (message.endsWith(".") ? "" : "."),
          "Fix the outcomes as the message says, then run the tripwire again.");
    }
  }

  private static Outcomes file(Path file) throws CannotCheck {
    String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".csv")) {
      return OutcomesCsv.read(file);
    }
    if (!name.endsWith(".parquet")) {
      throw new CannotCheck("The outcomes " + file + " have neither the extension .csv nor .parquet, nor a table "
          + "prefix, so their format is unknown.", "Pass " + FORMS + " (rename a file to its format's extension).");
    }
    if (!Files.isRegularFile(file)) {
      throw new CannotCheck("The outcomes file " + file + (Files.isDirectory(file) ? " is a directory" : " does not "
          + "exist") + ".", "Pass the Parquet file of production decisions and their outcomes, or " + FORMS + ".");
    }
    OutcomeColumns.Rows[] rows = new OutcomeColumns.Rows[1];
    ParquetTables.scan(file, "Write the outcomes with a Parquet writer (pandas: df.to_parquet(\"outcomes.parquet\"))"
        + ", or as CSV.", new ParquetTables.Scan() {
          @Override
          public void header(List<String> header) {
            rows[0] = OutcomeColumns.rows(file.toString(), header);
          }

          @Override
          public void row(long index, java.util.function.IntFunction<String> cells) {
            rows[0].add("row " + index, cells);
          }
        });
    return rows[0].build();
  }

  private Outcomes sql() throws CannotCheck {
    String url = outcomes;
    String table = null;
    if (sql == null) {
      HistoryTarget target = HistoryTarget.jdbc(outcomes, "the tripwire reads one table, or the query of --sql");
      url = target.location();
      table = target.table();
    } else if (outcomes.contains("#")) {
      throw new CannotCheck("The outcomes '" + outcomes + "' name a table and --sql a query: the tripwire reads one.",
          "Leave out '#<table>' to run the query, or --sql to read the table.");
    }
    try (Connection connection = JdbcDrivers.connect(url, classpath, Path.of("").toAbsolutePath())) {
      return table != null ? SqlOutcomes.readTable(connection, table) : SqlOutcomes.read(connection, SqlQuery.of(sql));
    } catch (SQLException e) {
      throw new CannotCheck("Reading the outcomes from " + url + " failed: " + e.getMessage(),
          "Check the URL (host, database, user and password), the " + (table != null ? "table" : "query")
              + ", and that this user may read it.");
    }
  }
}
