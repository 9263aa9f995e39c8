package dev.backtestgate.cli;

import static dev.backtestgate.cli.HistoryTables.CLOSED;
import static dev.backtestgate.cli.HistoryTables.OLDER;
import static dev.backtestgate.cli.HistoryTables.TODAY;
import static dev.backtestgate.cli.HistoryTables.delta;
import static dev.backtestgate.cli.HistoryTables.sql;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.Finding;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.history.HistoryChecks;
import dev.backtestgate.history.HistoryFinding;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.TableHistory;
import dev.backtestgate.lakehouse.DeltaHistory;
import dev.backtestgate.lakehouse.IcebergHistory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code backtest-gate history} on real tables: a Delta table written through Spark and read by the command without
 * it, an Iceberg path table, a DuckDB table; each bad input refused with exit 2, naming the problem and the fix.
 */
class HistoryCommandTests {


  private static ToolRun history(String table, String... more) {
    List<String> args = new ArrayList<>(List.of("history", table, "--partition", "day", "--valid-time", "day"));
    args.addAll(List.of(more));
    return ToolRun.of(args.toArray(String[]::new));
  }

  /** Every line of each finding the library gives, except the example rows only a Spark read shows. */
  private static void assertSameFindings(ToolRun cli, TableHistory library) {
    List<Finding> findings = HistoryChecks.fromLogs(List.of(library), GatePolicy.defaults());
    assertThat(findings).isNotEmpty();
    for (Finding finding : findings) {
      assertThat(cli.out()).contains(finding.render().lines().get(0));
    }
    for (HistoryFinding f : library.rewrites().findings()) {
      HistoryFinding.Rewritten r = (HistoryFinding.Rewritten) f;
      assertThat(cli.out()).contains("commit " + r.commit().version() + " (" + r.commit().operation(),
          r.partition());
    }
    for (LateWriteReport.Batch batch : library.lateWrites().batches()) {
      assertThat(cli.out()).contains(String.valueOf(batch.commit().version()));
    }
  }

  /** The JSON report and the page beside it name the library's findings, kind and headline, in order. */
  private static void assertSameReport(Path reports, String table, TableHistory library) {
    List<Finding> findings = HistoryChecks.fromLogs(List.of(library), GatePolicy.defaults());
    Path dir = reports.resolve("table-history");
    try (java.util.stream.Stream<Path> files = Files.list(dir)) {
      List<Path> all = files.sorted().toList();
      assertThat(all).extracting(p -> p.getFileName().toString().replaceAll(".*\\.", "")).containsExactly("html",
          "json");
      com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
          .readTree(all.get(1).toFile());
      assertThat(json.get("table").asText()).isEqualTo(table);
      assertThat(json.get("outcome").asText()).isEqualTo("findings");
      List<String> kinds = new ArrayList<>();
      List<String> headlines = new ArrayList<>();
      json.get("findings").forEach(f -> {
        kinds.add(f.get("kind").asText());
        headlines.add(f.get("headline").asText());
      });
      assertThat(kinds).containsExactlyElementsOf(findings.stream().map(Finding::kind).toList());
      assertThat(headlines).containsExactlyElementsOf(findings.stream().map(f -> f.render().headline()).toList());
      String page = Files.readString(all.get(0));
      for (Finding f : findings) {
        assertThat(page).contains("data-kind=\"" + f.kind() + "\"");
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aDeltaTableWithARewriteAndALateWriteGivesTheLibrarysFindingsWithoutSpark() {
    Path dir = HistoryTables.delta("rewrite");
    sql("UPDATE " + delta(dir) + " SET status = 'closed' WHERE id = 1");   // version 2: day CLOSED rewritten
    sql("INSERT INTO " + delta(dir) + " VALUES (9, DATE'" + OLDER + "', 'open')");   // version 3: late write

    Path reports = dir.resolveSibling(dir.getFileName() + "-reports");
    ToolRun cli = history("delta:" + dir, "--key", "id", "--reports", reports.toString());
    TableHistory library = DeltaHistory.of(HistoryTables.spark(), dir.toString()).partitionColumn("day")
        .validTimeColumn("day").keyColumn("id").sinceVersion(0);

    assertThat(cli.code()).as(cli.err()).isEqualTo(Main.FINDINGS);
    assertSameFindings(cli, library);
    assertSameReport(reports, "delta:" + dir, library);
    assertThat(cli.out()).contains("history of delta:" + dir, "read at version 3", "day=" + CLOSED,
        "example rows from the rewriting commits' change-data files, read without Spark (version 2, 1 rewriting "
            + "commit, ", "Next step: Restore the partitions");
    // the example rows the tool read from the change-data files are the ones Spark reads from the feed
    List<String> examples = ((HistoryFinding.Rewritten) library.rewrites().findings().get(0)).examples();
    assertThat(examples).singleElement().asString().startsWith("id 1: ");
    assertThat(cli.out().replaceAll("\\s+", " ")).contains("for example " + examples.get(0));
    assertThat(cli.err()).as("progress, plain lines without a terminal").contains("read 4 of 4 commits (100%)");
  }

  @Test
  void aCleanDeltaTableExitsZero() {
    Path dir = HistoryTables.delta("clean");
    sql("UPDATE " + delta(dir) + " SET status = 'closed' WHERE id = 4");   // today's open partition

    ToolRun cli = history("delta:" + dir, "--since-version", "2");

    assertThat(cli.code()).as(cli.out() + cli.err()).isEqualTo(Main.OK);
    assertThat(cli.out()).contains("no closed partition was rewritten or written late", "since version 2");
  }

  @Test
  void aCleanedUpDeltaLogIsReadFromItsCheckpointAndAWindowItNoLongerHoldsExitsTwo() throws IOException {
    Path dir = HistoryTables.delta("cleaned");
    for (int i = 0; i < 10; i++) {   // versions 2..11; Delta writes a checkpoint at version 10
      sql("INSERT INTO " + delta(dir) + " VALUES (" + (10 + i) + ", DATE'" + TODAY + "', 'open')");
    }
    for (int v = 0; v < 5; v++) {   // what log cleanup does after delta.logRetentionDuration
      Files.delete(dir.resolve("_delta_log").resolve(String.format("%020d.json", v)));
    }
    sql("UPDATE " + delta(dir) + " SET status = 'closed' WHERE id = 3");   // version 12, a file of version 1

    ToolRun kept = history("delta:" + dir, "--since-version", "5");
    ToolRun whole = history("delta:" + dir);

    assertThat(kept.code()).as(kept.out() + kept.err()).isEqualTo(Main.FINDINGS);
    assertThat(kept.out()).contains("day=" + OLDER + " rewritten in place by commit 12 (UPDATE", "1 row(s) removed");
    assertThat(whole.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(whole.out()).contains("no longer holds the whole window", "before version 5",
        "delta.logRetentionDuration", "the oldest commit kept is version 5, committed ",
        "; the table itself can be read as of version 10 and later only, its oldest checkpoint");
    assertThat(whole.err()).contains("could not be checked whole");
  }

  @Test
  void anIcebergTableWithAnInPlaceRewriteGivesTheLibrarysFindings() {
    HistoryTables.Iceberg t = HistoryTables.iceberg("iceberg", 12);
    LocalDate closed = LocalDate.now(ZoneOffset.UTC).minusDays(10);
    t.overwrite(closed, "closed");
    t.append(closed, 100);

    ToolRun cli = history("iceberg:" + t.dir(), "--key", "id");
    TableHistory library = IcebergHistory.of(t.dir().toUri().toString()).partitionColumn("day")
        .validTimeColumn("day").keyColumn("id").since(java.time.Instant.EPOCH);

    assertThat(cli.code()).as(cli.out() + cli.err()).isEqualTo(Main.FINDINGS);
    assertSameFindings(cli, library);
    assertThat(cli.out()).contains("day=" + closed);
    assertThat(cli.err()).contains("read 14 of 14 snapshots (100%)");
  }

  @Test
  void aCleanIcebergWindowExitsZero() {
    HistoryTables.Iceberg t = HistoryTables.iceberg("iceberg-clean", 3);
    t.table().refresh();
    long last = t.table().currentSnapshot().snapshotId();

    ToolRun cli = history("iceberg:" + t.dir(), "--since-version", String.valueOf(last));

    assertThat(cli.code()).as(cli.out() + cli.err()).isEqualTo(Main.OK);
  }

  @Test
  void anIcebergWindowWhoseSnapshotsWereExpiredIsPrintedAndExitsTwo() {
    HistoryTables.Iceberg t = HistoryTables.iceberg("expired", 3);
    t.table().expireSnapshots().expireOlderThan(System.currentTimeMillis() + 1).retainLast(1).commit();

    ToolRun cli = history("iceberg:" + t.dir());

    assertThat(cli.code()).as(cli.out() + cli.err()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(cli.out()).contains("no longer holds the whole window", "snapshot expiry", "Fix:");
    assertThat(cli.err()).contains("could not be checked whole", "not a pass");
  }

  @Test
  void aDuckDbTableWithARowWrittenLateIsAFinding() throws SQLException {
    Path file = HistoryTables.freshDir("duckdb").resolve("lake.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE status_events (entity BIGINT, valid_from TIMESTAMPTZ, recorded_at TIMESTAMPTZ, "
          + "value DOUBLE)");
      s.execute("INSERT INTO status_events VALUES (1, TIMESTAMPTZ '2026-01-01 00:00:00+00', "
          + "TIMESTAMPTZ '2026-01-01 01:00:00+00', 1.0), (2, TIMESTAMPTZ '2026-01-01 00:00:00+00', "
          + "TIMESTAMPTZ '2026-03-01 00:00:00+00', 2.0)");
    }

    ToolRun late = ToolRun.of("history", "jdbc:duckdb:" + file + "#status_events", "--valid-time", "valid_from");
    ToolRun onTime = ToolRun.of("history", "jdbc:duckdb:" + file + "#status_events", "--valid-time", "valid_from",
        "--closed-after-days", "90");

    assertThat(late.code()).as(late.out() + late.err()).isEqualTo(Main.FINDINGS);
    assertThat(late.out()).contains("Late writes to 'status_events'", "1 of 2 events", "an in-place UPDATE");
    assertThat(onTime.code()).as(onTime.out() + onTime.err()).isEqualTo(Main.OK);
  }

  @Test
  void eachBadInputExitsTwoNamingTheProblemAndTheFix() throws IOException {
    Path empty = HistoryTables.freshDir("not-a-table");
    Path missing = empty.resolve("nowhere");

    assertRefused(history("delta:" + missing), missing + " does not exist", "Pass the table's directory");
    assertRefused(history("delta:" + empty), "is not a Delta table", "_delta_log");
    assertRefused(history("iceberg:" + empty), "is not an Iceberg table", "metadata/");
    assertRefused(history("parquet:" + empty), "names no kind of table", "delta:<path>", "iceberg:<path>",
        "jdbc:<url>#<table>");
    assertRefused(history("jdbc:duckdb:/tmp/x.duckdb"), "names no table", "jdbc:duckdb:/tmp/x.duckdb#");
    assertRefused(history("jdbc:nosuchdb://h/db#t"), "No JDBC driver", "--classpath");
    assertRefused(history("jdbc:nosuchdb://h/db#t", "--classpath", "lib/driver.jar", "--module", empty.toString()),
        "The driver jar " + empty.resolve("lib/driver.jar") + " does not exist", "--classpath");
    Path dir = HistoryTables.delta("bad-since");
    assertRefused(history("delta:" + dir, "--since", "yesterday"), "--since 'yesterday'",
        "2026-01-01T00:00:00Z");
    assertRefused(history("delta:" + dir, "--since", "2026-01-01", "--since-version", "1"), "mutually exclusive");
    assertRefused(ToolRun.of("history", "delta:" + dir, "--valid-time", "day"), "needs --partition", "--partition day");
    assertRefused(ToolRun.of("history", "delta:" + dir, "--partition", "status", "--valid-time", "day"),
        "'status' is not a partition column");
  }

  private static void assertRefused(ToolRun run, String... said) {
    assertThat(run.code()).as(run.out() + run.err()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains(said);
  }
}
