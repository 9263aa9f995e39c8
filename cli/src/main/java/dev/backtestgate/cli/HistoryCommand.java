package dev.backtestgate.cli;

import dev.backtestgate.Finding;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.cli.workflow.CannotCheck;
import dev.backtestgate.history.HistoryChecks;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.TableHistory;
import dev.backtestgate.jdbc.HistoryTable;
import dev.backtestgate.jdbc.SqlHistory;
import dev.backtestgate.lakehouse.DeltaHistory;
import dev.backtestgate.lakehouse.IcebergHistory;
import dev.backtestgate.report.HistoryReport;
import dev.backtestgate.report.ReportFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code backtest-gate history <table>}: a table's history read from its own log with nothing prepared in advance,
 * judged by the gate's own history rules ({@link HistoryChecks#fromLogs}): rewrites of closed partitions, late
 * writes into them, a window the log no longer holds. Exit 0 clean, 1 findings, 2 when it could not check.
 */
@Command(name = "history", mixinStandardHelpOptions = true,
    description = "Reads a table's history from its own log (Delta Lake, Iceberg) or its rows (SQL), with nothing "
        + "prepared in advance, and prints what the gate would find: closed partitions rewritten in place, rows "
        + "written late into them, a window the log no longer holds. Exit 0 nothing found, 1 findings, 2 could not "
        + "check.",
    footer = {"%nExamples:", "  backtest-gate history delta:<project>/lake/status --partition day --valid-time day",
        "  backtest-gate history iceberg:<project>/warehouse/status --partition day --valid-time day --since "
            + "2026-01-01T00:00:00Z",
        "  backtest-gate history 'jdbc:postgresql://db/lake#ledger.status_events' --valid-time valid_from "
            + "--recorded-at recorded_at --key account_id --classpath postgresql.jar"})
final class HistoryCommand implements Callable<Integer> {
  @ParentCommand
  Root root;

  @Option(names = "--module", paramLabel = "DIR", defaultValue = ".",
      description = "The project directory: relative table paths and --classpath resolve against it. Default: the "
          + "current directory.")
  Path module;

  @Option(names = "--reports", paramLabel = "DIR",
      description = "Where the JSON report and the page go (under table-history/). Default: "
          + "<module>/target/backtest-gate, where the gates write theirs.")
  Path reports;

  @Parameters(index = "0", paramLabel = "<table>",
      description = "delta:<path>, iceberg:<path> or jdbc:<url>#<table>. A relative path resolves against --module.")
  String table;

  @Option(names = "--partition", paramLabel = "COL",
      description = "The partition column that names a partition in findings (Delta, Iceberg), e.g. day.")
  String partition;

  @Option(names = "--valid-time", paramLabel = "COL", required = true,
      description = "The DATE or TIMESTAMP column that says when a row's value became valid, e.g. day.")
  String validTime;

  @Option(names = "--key", paramLabel = "COL",
      description = "The row key (e.g. account_id): pairs a changed row's values in the examples (Delta with "
          + "Spark, Iceberg); the entity column of a SQL table (default: entity).")
  String key;

  @Option(names = "--recorded-at", paramLabel = "COL", defaultValue = "recorded_at",
      description = "SQL tables: the column that says when each row was recorded. Default: ${DEFAULT-VALUE}.")
  String recordedAt;

  @ArgGroup(exclusive = true)
  WindowStart window;

  @Option(names = "--closed-after-days", paramLabel = "N", defaultValue = "7",
      description = "A UTC day's partition is closed once it ended at least N days before a commit. Default: "
          + "${DEFAULT-VALUE}.")
  int closedAfterDays;

  @Option(names = "--classpath", paramLabel = "PATHS", split = "${sys:path.separator}",
      description = "SQL tables: the JDBC driver's jar(s), when the driver is not on this tool's class path. "
          + "Separated by '${sys:path.separator}'.")
  List<Path> classpath = new ArrayList<>();

  /** Where the window starts: at most one of the two. */
  static final class WindowStart {
    @Option(names = "--since", paramLabel = "INSTANT",
        description = "Only commits at or after this time (ISO instant, e.g. 2026-01-01T00:00:00Z, or a UTC date "
            + "2026-01-01). Default: the whole log.")
    String since;

    @Option(names = "--since-version", paramLabel = "N",
        description = "Only commits from this table version on (Delta: a version; Iceberg: a snapshot id).")
    Long sinceVersion;
  }

  @Override
  public Integer call() throws CannotCheck {
    Path module = this.module.toAbsolutePath().normalize();
    if (!Files.isDirectory(module)) {
      throw new CannotCheck("The module directory " + module + " does not exist.",
          "Pass the project's directory with --module, or run the command from it.");
    }
    HistoryTarget target = HistoryTarget.parse(table, module);
    Instant since = window == null || window.since == null ? null : parseSince(window.since, ", or a table version with --since-version");
    Long sinceVersion = window == null ? null : window.sinceVersion;
    if (closedAfterDays < 0 || closedAfterDays > 36_500) {
      throw new CannotCheck("--closed-after-days " + closedAfterDays + " is out of range.",
          "Give a number of days from 0 to 36500 (default 7).");
    }
    if (target.kind() != HistoryTarget.Kind.JDBC && partition == null) {
      throw new CannotCheck("history of " + target.describe() + " needs --partition: the partition column that "
          + "names a partition in findings.", "Add --partition <column>, e.g. --partition day (often the same "
          + "column as --valid-time).");
    }
    GatePolicy policy = GatePolicy.defaults();
    Main.Output output = root.output;
    List<Finding> findings;
    List<String> notes = new ArrayList<>();
    String read;
    ProgressLine progress = ProgressLine.onStderr(output.err(), target.kind() == HistoryTarget.Kind.ICEBERG
        ? "snapshots" : "commits");
    try {
      if (target.kind() == HistoryTarget.Kind.JDBC) {
        if (sinceVersion != null) {
          throw new CannotCheck("--since-version names a log version, and a SQL table has none.",
              "Leave --since-version out (the whole table is read), or use --since for the record of a Delta or "
                  + "Iceberg table.");
        }
        LateWriteReport report = readSql(target, module);
        findings = HistoryChecks.lateWrites(List.of(report), policy);
        read = report.events() + " rows";
        notes.add("A SQL table keeps no log of its changes: rows written late into closed days are found, an "
            + "in-place UPDATE or DELETE of closed history is not. To catch those, commit a history manifest "
            + "(SqlHistory.manifest) and check against it, or guard the table (AppendOnlyGuard).");
      } else {
        TableHistory history = target.kind() == HistoryTarget.Kind.DELTA
            ? readDelta(target, since, sinceVersion, progress) : readIceberg(target, since, sinceVersion, progress);
        findings = HistoryChecks.fromLogs(List.of(history), policy);
        read = history.window();
      }
    } finally {
      progress.finish();
    }
    Path reportDir = module.resolve(reports == null ? Path.of("target/backtest-gate") : reports).normalize();
    HistoryReport.Written written = HistoryReport.write(new ReportFiles(reportDir), table, read, Instant.now(),
        findings, notes);
    int code = print(output, target, read, findings, notes);
    output.info("report: " + written.html() + " (JSON: " + written.json().getFileName() + ")");
    return code;
  }

  private int print(Main.Output output, HistoryTarget target, String read, List<Finding> findings,
      List<String> notes) {
    boolean cannotCheck = findings.stream().anyMatch(f -> f instanceof Finding.CheckFailed);
    if (findings.isEmpty()) {
      output.info("history of " + target.describe() + " (" + read + "): no closed partition was rewritten or "
          + "written late.");
    } else {
      output.info("history of " + target.describe() + " (" + read + "): " + findings.size() + " finding"
          + (findings.size() == 1 ? "" : "s") + ".");
    }
    Set<String> whys = new LinkedHashSet<>();
    Set<String> fixes = new LinkedHashSet<>();
    for (Finding finding : findings) {
      Finding.Rendering rendering = finding.render();
      rendering.lines().forEach(output::info);
      if (!rendering.why().isEmpty()) {
        whys.add(rendering.why());
      }
      if (!rendering.fix().isEmpty()) {
        fixes.add(rendering.fix());
      }
    }
    whys.forEach(why -> output.info("Why it matters: " + why));
    fixes.forEach(fix -> output.info("Next step: " + fix));
    notes.forEach(output::info);
    if (cannotCheck) {
      output.error("the history of " + target.describe() + " could not be checked whole (the check-failed "
          + "finding above says which part and how to fix it): not a pass.");
      return Main.CANNOT_CHECK;
    }
    return findings.isEmpty() ? Main.OK : Main.FINDINGS;
  }

  private TableHistory readDelta(HistoryTarget target, Instant since, Long sinceVersion, ProgressLine progress) {
    DeltaHistory delta = DeltaHistory.of(target.location()).partitionColumn(partition).validTimeColumn(validTime)
        .closedAfterDays(closedAfterDays).progress(progress);
    if (key != null) {
      delta = delta.keyColumn(key);
    }
    return since != null ? delta.since(since) : delta.sinceVersion(sinceVersion == null ? 0 : sinceVersion);
  }

  private TableHistory readIceberg(HistoryTarget target, Instant since, Long sinceVersion, ProgressLine progress) {
    IcebergHistory iceberg = IcebergHistory.of(Path.of(target.location()).toUri().toString())
        .partitionColumn(partition).validTimeColumn(validTime).closedAfterDays(closedAfterDays).progress(progress);
    if (key != null) {
      iceberg = iceberg.keyColumn(key);
    }
    return sinceVersion != null ? iceberg.sinceSnapshot(sinceVersion)
        : iceberg.since(since == null ? Instant.EPOCH : since);
  }

  private LateWriteReport readSql(HistoryTarget target, Path module) throws CannotCheck {
    HistoryTable sql = HistoryTable.of(target.table()).withColumns(key == null ? "entity" : key, validTime,
        recordedAt, "value");
    try (Connection connection = JdbcDrivers.connect(target.location(), classpath, module)) {
      return SqlHistory.lateWrites(connection, sql, Duration.ofDays(closedAfterDays));
    } catch (SQLException e) {
      throw new CannotCheck("Reading " + target.describe() + " failed: " + e.getMessage(),
          "Check the URL, the table and the columns (--valid-time, --recorded-at, --key), and that this user may "
              + "read the table.");
    }
  }

  /** {@code text} as an instant: an ISO instant, or a UTC date's start; {@code otherwise} ends the fix. */
  static Instant parseSince(String text, String otherwise) throws CannotCheck {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException notInstant) {
      try {
        return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
      } catch (DateTimeParseException notDate) {
        throw new CannotCheck("--since '" + text + "' is neither an ISO instant nor a date.",
            "Give a UTC instant such as 2026-01-01T00:00:00Z or a date such as 2026-01-01" + otherwise + ".");
      }
    }
  }
}
