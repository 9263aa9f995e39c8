package dev.backtestgate.lakehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.Finding;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Verdict;
import dev.backtestgate.history.HistoryFinding;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.TableHistory;
import dev.backtestgate.review.ReviewStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * History read from real Delta tables written through Spark local[2]: rewrites of closed partitions caught and
 * named, late appends reported, maintenance silent, an expired log failing closed, bad input refused.
 */
class DeltaHistoryTests {
  private static final String OLD = "2024-01-01";
  private static final String OLDER = "2024-01-02";
  private static SparkSession spark;
  private static String today;

  @BeforeAll
  static void start() {
    spark = DeltaTests.session();
    today = LocalDate.now(ZoneOffset.UTC).toString();
  }

  /** A status table with CDF on: version 0 creates it, version 1 loads two closed days and today. */
  private static Path statusTable(String name, String properties) {
    Path dir = DeltaTests.freshDir(name);
    spark.sql("CREATE TABLE " + t(dir) + " (id BIGINT, day DATE, status STRING) USING delta PARTITIONED BY (day) "
        + "TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true'" + properties + ")");
    spark.sql("INSERT INTO " + t(dir) + " VALUES (1, DATE'" + OLD + "', 'open'), (2, DATE'" + OLD + "', 'open'), "
        + "(3, DATE'" + OLDER + "', 'open'), (4, DATE'" + today + "', 'open')");
    return dir;
  }

  private static String t(Path dir) {
    return "delta.`" + dir + "`";
  }

  private static DeltaHistory history(Path dir) {
    return DeltaHistory.of(spark, dir.toString()).partitionColumn("day").validTimeColumn("day").keyColumn("id");
  }

  @Test
  void anInPlaceUpdateOfAClosedPartitionIsARewriteNamingTheCommitAndTheRows() {
    Path dir = statusTable("update", "");
    spark.sql("UPDATE " + t(dir) + " SET status = 'closed' WHERE id = 1");

    TableHistory history = history(dir).sinceVersion(2);

    assertThat(history.version()).isEqualTo(2);
    assertThat(history.unreadable()).isEmpty();
    assertThat(history.lateWrites().clean()).isTrue();
    assertThat(history.rewrites().findings()).singleElement().satisfies(f -> {
      HistoryFinding.Rewritten r = (HistoryFinding.Rewritten) f;
      assertThat(r.partition()).isEqualTo("day=" + OLD);
      assertThat(r.commit().version()).isEqualTo(2);
      assertThat(r.commit().operation()).isEqualTo("UPDATE");
      assertThat(r.commit().engine()).contains("Delta-Lake");
      assertThat(r.rowsRemoved()).isPositive();
      assertThat(r.rowsAdded()).isEqualTo(r.rowsRemoved());
      assertThat(r.examples()).singleElement().asString().contains("id 1", "status=open", "status=closed");
    });
  }

  @Test
  void aCommitThatRewritesTwoPartitionsShowsEachWithItsOwnRows() {
    Path dir = statusTable("two", "");
    spark.sql("UPDATE " + t(dir) + " SET status = 'closed' WHERE id IN (1, 3)");   // one commit, days OLD and OLDER

    List<HistoryFinding> rewrites = history(dir).sinceVersion(2).rewrites().findings();

    assertThat(rewrites).extracting(HistoryFinding::partition).containsExactlyInAnyOrder("day=" + OLD, "day=" + OLDER);
    for (HistoryFinding f : rewrites) {
      HistoryFinding.Rewritten r = (HistoryFinding.Rewritten) f;
      String day = r.partition().substring("day=".length());
      assertThat(r.examples()).as("the rows listed under %s", r.partition()).singleElement().asString()
          .contains("day=" + day).doesNotContain("day=" + (day.equals(OLD.toString()) ? OLDER : OLD))
          .contains(day.equals(OLD.toString()) ? "id 1" : "id 3");
    }
  }

  @Test
  void anUpdateOfTodaysOpenPartitionIsNoRewrite() {
    Path dir = statusTable("open", "");
    spark.sql("UPDATE " + t(dir) + " SET status = 'closed' WHERE id = 4");

    assertThat(history(dir).sinceVersion(2).clean()).isTrue();
  }

  @Test
  void aMergeAndADeleteWithDeletionVectorsAreRewritesOfTheirPartitions() {
    Path dir = statusTable("merge", ", 'delta.enableDeletionVectors' = 'true'");
    spark.sql("MERGE INTO " + t(dir) + " AS s USING (SELECT 3 AS id, 'CLOSED' AS status) AS u ON s.id = u.id "
        + "WHEN MATCHED THEN UPDATE SET s.status = u.status");
    spark.sql("DELETE FROM " + t(dir) + " WHERE id = 2");

    List<HistoryFinding> rewrites = history(dir).sinceVersion(2).rewrites().findings();

    assertThat(rewrites).extracting(f -> ((HistoryFinding.Rewritten) f).commit().operation() + " " + f.partition())
        .containsExactly("MERGE day=" + OLDER, "DELETE day=" + OLD);
    HistoryFinding.Rewritten delete = (HistoryFinding.Rewritten) rewrites.get(1);
    assertThat(delete.rowsRemoved() - delete.rowsAdded()).isEqualTo(1);
    assertThat(delete.examples()).anySatisfy(e -> assertThat(e).contains("deleted", "id=2"));
  }

  @Test
  void appendingIntoAClosedPartitionIsALateWriteAndIntoAnOpenOneIsNothing() {
    Path dir = statusTable("late", "");
    spark.sql("INSERT INTO " + t(dir) + " VALUES (5, DATE'" + today + "', 'open')");
    spark.sql("INSERT INTO " + t(dir) + " VALUES (6, DATE'" + OLD + "', 'open'), (7, DATE'" + OLD + "', 'open')");

    TableHistory history = history(dir).sinceVersion(2);

    assertThat(history.rewrites().clean()).isTrue();
    assertThat(history.lateWrites().lateEvents()).isEqualTo(2);
    assertThat(history.lateWrites().events()).isEqualTo(3);
    LateWriteReport.Batch batch = history.lateWrites().batches().get(0);
    assertThat(batch.commit().version()).isEqualTo(3);
    assertThat(batch.commit().operation()).isEqualTo("WRITE");
    assertThat(batch.minValidFrom()).isEqualTo(Instant.parse(OLD + "T00:00:00Z"));
    assertThat(history.lateWrites().problems()).singleElement().asString()
        .contains("2 row(s) appended to closed partitions", "commit 3 (WRITE");
  }

  @Test
  void compactionZOrderRearrangingWritesPropertiesAndVacuumNeverAlarm() {
    Path dir = statusTable("maintenance", "");
    spark.sql("INSERT INTO " + t(dir) + " VALUES (5, DATE'" + today + "', 'open')");   // version 2: open partition
    spark.sql("OPTIMIZE " + t(dir));
    spark.sql("OPTIMIZE " + t(dir) + " ZORDER BY (id)");
    spark.read().format("delta").load(dir.toString()).repartition(1).write().format("delta").mode("overwrite")
        .option("dataChange", "false").save(dir.toString());
    spark.sql("ALTER TABLE " + t(dir) + " SET TBLPROPERTIES ('delta.logRetentionDuration' = 'interval 60 days')");
    spark.conf().set("spark.databricks.delta.retentionDurationCheck.enabled", "false");
    spark.sql("VACUUM " + t(dir) + " RETAIN 0 HOURS");

    TableHistory history = history(dir).sinceVersion(2);

    assertThat(history.version()).isGreaterThanOrEqualTo(7);
    assertThat(history.clean()).as("%s", history).isTrue();
  }

  @Test
  void aWindowTheLogNoLongerHoldsFailsClosedNamingTheTableTheWindowAndTheSetting() throws IOException {
    Path dir = statusTable("retention", "");
    for (int i = 0; i < 10; i++) {   // versions 2..11; Delta writes a checkpoint at version 10
      spark.sql("INSERT INTO " + t(dir) + " VALUES (" + (10 + i) + ", DATE'" + today + "', 'open')");
    }
    expireCommitsBefore(dir, 5);   // what log cleanup does after delta.logRetentionDuration
    spark.sql("UPDATE " + t(dir) + " SET status = 'closed' WHERE id = 3");   // version 12, file from version 1

    TableHistory whole = history(dir).sinceVersion(0);
    TableHistory kept = history(dir).sinceVersion(5);

    assertThat(whole.unreadable()).singleElement().asString().contains(dir.toString(), "since version 0",
        "delta.logRetentionDuration = interval 30 days (the default)", "before version 5");
    assertThat(kept.unreadable()).isEmpty();
    assertThat(kept.rewrites().findings()).singleElement().satisfies(f -> {
      assertThat(f.partition()).isEqualTo("day=" + OLDER);
      assertThat(((HistoryFinding.Rewritten) f).rowsRemoved()).as("row count from the checkpoint").isEqualTo(1);
    });
    assertThat(history(dir).since(Instant.EPOCH).unreadable()).hasSize(1);
    GateResult gate = gate(whole);
    assertThat(gate.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(gate.findings()).extracting(Finding::kind).contains("check-failed", "rewritten-history");
  }

  @Test
  void aGatedRunIsBlockedByTheMergeCommitAndPassesOnAppendedCorrections() {
    Path rewritten = statusTable("gate-merge", "");
    spark.sql("MERGE INTO " + t(rewritten) + " AS s USING (SELECT 1 AS id, 'CLOSED' AS status) AS u ON s.id = u.id "
        + "WHEN MATCHED THEN UPDATE SET s.status = u.status");
    Path appended = statusTable("gate-append", "");
    spark.sql("INSERT INTO " + t(appended) + " VALUES (1, DATE'" + today + "', 'CLOSED')");

    GateResult blocked = gate(history(rewritten).sinceVersion(2));
    GateResult passed = gate(history(appended).sinceVersion(2));

    assertThat(blocked.verdict()).isEqualTo(Verdict.FAILED);
    Finding finding = blocked.findings().stream().filter(f -> f.kind().equals("rewritten-history")).findFirst()
        .orElseThrow();
    assertThat(String.join("\n", finding.render().lines())).contains("commit 2 (MERGE", "day=" + OLD,
        "what the table's log first recorded");
    assertThat(finding.render().fix()).contains("RESTORE TABLE");
    assertThat(passed.verdict()).isEqualTo(Verdict.PASSED);
  }

  @Test
  void badInputIsRefusedNamingTheTableAndTheFix() throws IOException {
    Path empty = DeltaTests.freshDir("not-delta");
    assertThatThrownBy(() -> history(empty).sinceVersion(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not a Delta table", "_delta_log");
    Path dir = statusTable("columns", "");
    assertThatThrownBy(() -> DeltaHistory.of(spark, dir.toString()).since(Instant.EPOCH))
        .hasMessageContaining("needs a partition column named", ".partitionColumn(");
    assertThatThrownBy(() -> history(dir).partitionColumn("status").sinceVersion(0))
        .hasMessageContaining("'status' is not a partition column", "[day]");
    assertThatThrownBy(() -> history(dir).validTimeColumn("valid_from").sinceVersion(0))
        .hasMessageContaining("'valid_from' is not a column");
    Path mapped = DeltaTests.freshDir("column-mapping");
    spark.sql("CREATE TABLE " + t(mapped) + " (id BIGINT, day DATE) USING delta PARTITIONED BY (day) "
        + "TBLPROPERTIES ('delta.columnMapping.mode' = 'name')");
    assertThatThrownBy(() -> history(mapped).sinceVersion(0)).hasMessageContaining("column mapping",
        "Nothing was checked");
  }

  @Test
  void theLogReadWithoutSparkGivesTheSameFindingsAndRowsAndSaysWhereTheRowsCameFrom() throws IOException {
    Path dir = statusTable("no-spark", "");
    spark.sql("UPDATE " + t(dir) + " SET status = 'closed' WHERE id = 1");   // version 2: a rewrite of day OLD
    spark.sql("INSERT INTO " + t(dir) + " VALUES (6, DATE'" + OLDER + "', 'open')");   // version 3: a late write
    List<long[]> progress = new java.util.ArrayList<>();

    TableHistory withSpark = history(dir).sinceVersion(2);
    TableHistory logAlone = DeltaHistory.of(dir.toString()).partitionColumn("day").validTimeColumn("day")
        .keyColumn("id").progress((read, total, rows) -> progress.add(new long[] {read, total, rows}))
        .sinceVersion(2);

    assertThat(logAlone.binding()).isEqualTo(withSpark.binding());
    assertThat(logAlone.rewrites().findings()).extracting(f -> ((HistoryFinding.Rewritten) f).commit().version()
        + " " + f.partition() + " " + ((HistoryFinding.Rewritten) f).rowsRemoved())
        .isEqualTo(withSpark.rewrites().findings().stream().map(f -> ((HistoryFinding.Rewritten) f).commit()
            .version() + " " + f.partition() + " " + ((HistoryFinding.Rewritten) f).rowsRemoved()).toList())
        .containsExactly("2 day=" + OLD + " 2");
    assertThat(((HistoryFinding.Rewritten) logAlone.rewrites().findings().get(0)).examples())
        .as("the rows read from the change-data files without Spark")
        .isEqualTo(((HistoryFinding.Rewritten) withSpark.rewrites().findings().get(0)).examples())
        .singleElement().asString().startsWith("id 1: {id=1, day=" + OLD + ", status=open} -> ");
    assertThat(logAlone.window()).as("how the example rows were obtained").endsWith("; example rows from the "
        + "rewriting commits' change-data files, read without Spark (version 2, 1 rewriting commit, 1 file)");
    assertThat(withSpark.window()).endsWith("; example rows from one read of the change data feed (version 2, 1 "
        + "rewriting commit)");
    assertThat(logAlone.lateWrites().batches()).extracting(b -> b.commit().version()).containsExactly(3L);
    assertThat(logAlone.lateWrites().lateEvents()).isEqualTo(withSpark.lateWrites().lateEvents());
    assertThat(progress).extracting(p -> p[0] + "/" + p[1]).containsExactly("1/4", "2/4", "3/4", "4/4");
    assertThat(progress.get(3)[2]).as("rows of every file the commits added or removed").isPositive();

  }

  @Test
  void aCleanedUpLogIsReadWithoutSparkFromItsCheckpoint() throws IOException {
    Path dir = statusTable("no-spark-checkpoint", "");
    for (int i = 0; i < 10; i++) {   // versions 2..11; Delta writes a checkpoint at version 10
      spark.sql("INSERT INTO " + t(dir) + " VALUES (" + (10 + i) + ", DATE'" + today + "', 'open')");
    }
    expireCommitsBefore(dir, 5);   // what log cleanup does after delta.logRetentionDuration
    spark.sql("UPDATE " + t(dir) + " SET status = 'closed' WHERE id = 3");   // version 12, file from version 1

    TableHistory withSpark = history(dir).sinceVersion(5);
    TableHistory logAlone = DeltaHistory.of(dir.toString()).partitionColumn("day").validTimeColumn("day")
        .sinceVersion(5);

    assertThat(logAlone.unreadable()).isEmpty();
    assertThat(logAlone.rewrites().findings()).singleElement().satisfies(f -> {
      assertThat(f.partition()).isEqualTo("day=" + OLDER);
      assertThat(((HistoryFinding.Rewritten) f).commit().version()).isEqualTo(12);
      assertThat(((HistoryFinding.Rewritten) f).rowsRemoved()).as("row count from the checkpoint").isEqualTo(1);
    });
    assertThat(logAlone.rewrites().findings()).extracting(HistoryFinding::partition)
        .isEqualTo(withSpark.rewrites().findings().stream().map(HistoryFinding::partition).toList());
    assertThat(DeltaHistory.of(dir.toString()).partitionColumn("day").validTimeColumn("day").sinceVersion(0)
        .unreadable()).singleElement().asString().contains("before version 5", "delta.logRetentionDuration");
  }

  @Test
  void theLogIsReadAtOneFixedVersion() {
    Path dir = statusTable("fixed", "");
    spark.sql("UPDATE " + t(dir) + " SET status = 'closed' WHERE id = 1");   // version 2

    TableHistory before = history(dir).atVersion(1).sinceVersion(0);

    assertThat(before.version()).isEqualTo(1);
    assertThat(before.rewrites().clean()).isTrue();
    assertThat(before.binding()).endsWith("@1");
    String atOne = BacktestGate.fingerprint(run(before));
    assertThat(BacktestGate.fingerprint(run(history(dir).atVersion(1).sinceVersion(0)))).isEqualTo(atOne);
    assertThat(BacktestGate.fingerprint(run(history(dir).sinceVersion(0))))
        .as("a sign-off of the run at version 1 does not cover the table after the rewrite").isNotEqualTo(atOne);
    assertThat(BacktestGate.fingerprint(run(null))).isNotEqualTo(atOne);
  }

  @Test
  void theGuardAuditNamesTheCommitThatTurnedAppendOnlyOffAndTheFix() {
    Path dir = statusTable("guard", ", 'delta.appendOnly' = 'true'");
    DeltaHistory status = DeltaHistory.of(spark, dir.toString());
    assertThat(gate(null, status.appendOnlyAudit()).findings()).extracting(Finding::kind)
        .doesNotContain("history-writers");
    spark.sql("ALTER TABLE " + t(dir) + " SET TBLPROPERTIES ('delta.appendOnly' = 'false')");   // version 2

    GateResult audited = gate(null, status.appendOnlyAudit());

    assertThat(audited.verdict()).isEqualTo(Verdict.FAILED);
    DeltaAppendOnly finding = (DeltaAppendOnly) audited.findings().stream()
        .filter(f -> f.kind().equals("history-writers")).findFirst().orElseThrow();
    assertThat(finding.turnedOff()).extracting(c -> c.version() + " " + c.operation())
        .containsExactly("2 SET TBLPROPERTIES");
    assertThat(finding.render().fix()).contains("ALTER TABLE delta.`" + finding.table()
        + "` SET TBLPROPERTIES ('delta.appendOnly' = 'true')");
    assertThat(status.auditAppendOnly()).as("the same audit, outside a run").contains(finding);
    spark.sql("ALTER TABLE " + t(dir) + " SET TBLPROPERTIES ('delta.appendOnly' = 'true')");
    assertThat(status.auditAppendOnly()).as("guarded again").isEmpty();
  }

  private static void expireCommitsBefore(Path dir, int version) throws IOException {
    for (int v = 0; v < version; v++) {
      Files.delete(dir.resolve("_delta_log").resolve(String.format("%020d.json", v)));
      Files.deleteIfExists(dir.resolve("_delta_log").resolve(String.format("%020d.crc", v)));
    }
  }

  private static GateResult gate(TableHistory history) {
    return gate(history, null);
  }

  private static GateResult gate(TableHistory history, Check check) {
    BacktestRun.Builder run = builder(history);
    return BacktestGate.evaluate((check == null ? run : run.check(check)).build(), GatePolicy.defaults(),
        ReviewStore.directory(DeltaTests.freshDir("reviews")), Clock.systemUTC());
  }

  private static BacktestRun run(TableHistory history) {
    return builder(history).build();
  }

  private static BacktestRun.Builder builder(TableHistory history) {
    boolean[] labels = {true, false, true, false};
    BacktestRun.Builder run = BacktestRun.builder("dev.backtestgate.lakehouse.DeltaHistoryTests#gate")
        .labels(labels)
        .candidate("candidate", new double[] {0.6, 0.5, 0.4, 0.7})
        .baseline("baseline", new double[] {0.6, 0.7, 0.5, 0.2})
        .decisionTimes(new long[] {1, 2, 3, 4})
        .timelessFeature("status", "a test of the table's history, not of its values");
    return history == null ? run : run.input(history);
  }
}
