package dev.backtestgate.lakehouse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import org.apache.iceberg.DataFile;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snippets of docs/lakehouse.md that need no gated test: the audits asked directly, and the transaction-time
 * event logs of a Delta and an Iceberg table joined as of each decision. Real tables, written as the module's other
 * tests write them.
 */
class LakehouseSnippetsTests {
  private static final LocalDate DAY = LocalDate.now(ZoneOffset.UTC).minusDays(30);
  private static SparkSession spark;

  @TempDir
  Path dir;

  @BeforeAll
  static void start() {
    spark = DeltaTests.session();
  }

  @Test
  void theAuditsAnswerDirectly() {
    String accountStatus = DeltaTests.freshDir("audited").toString();
    spark.sql("CREATE TABLE delta.`" + accountStatus + "` (account_id BIGINT, day DATE, status STRING) USING delta"
        + " TBLPROPERTIES ('delta.appendOnly' = 'true')");
    spark.sql("ALTER TABLE delta.`" + accountStatus + "` SET TBLPROPERTIES ('delta.appendOnly' = 'false')");
    IcebergTables iceberg = IcebergTables.daily(dir, 2, 3);
    LocalDate closed = IcebergTables.TODAY.minusDays(2);
    DataFile rewritten = iceberg.write(closed, new long[] {1, 2}, "closed");
    iceberg.table.newOverwrite().deleteFile(iceberg.files.get(closed)).addFile(rewritten).commit();
    String icebergStatus = iceberg.location;

    // tag::audits[]
    DeltaHistory.of(spark, accountStatus).auditAppendOnly().ifPresent(finding -> {
      System.out.println(finding.render().headline());            // what was found, in one sentence
      finding.turnedOff().forEach(commit -> System.out.println(    // each commit that lifted the guard
          "  version " + commit.version() + ", " + commit.operation() + " at " + commit.time() + " by " + commit.user()));
      System.out.println("fix: " + finding.fixStatement());       // ALTER TABLE ... SET TBLPROPERTIES (...)
    });
    IcebergHistory.of(icebergStatus).auditNonAppends(Instant.parse("2026-01-01T00:00:00Z"))
        .ifPresent(finding -> finding.writers().forEach(commit ->
            System.out.println(commit.version() + " " + commit.operation() + " " + commit.time())));
    // end::audits[]

    Optional<DeltaAppendOnly> delta = DeltaHistory.of(spark, accountStatus).auditAppendOnly();
    assertThat(delta).hasValueSatisfying(finding -> {
      assertThat(finding.turnedOff()).extracting(c -> c.version() + " " + c.operation())
          .containsExactly("1 SET TBLPROPERTIES");
      assertThat(finding.fixStatement()).contains("SET TBLPROPERTIES ('delta.appendOnly' = 'true')");
    });
    assertThat(IcebergHistory.of(icebergStatus).auditNonAppends(Instant.parse("2026-01-01T00:00:00Z")))
        .hasValueSatisfying(finding -> assertThat(finding.writers()).extracting(c -> c.operation())
            .containsExactly("overwrite"));
  }

  @Test
  void aDeltaTablesLogGivesEachValueItsCommitTime() {
    String riskScores = DeltaTests.freshDir("risk-scores").toString();
    spark.sql("CREATE TABLE delta.`" + riskScores + "` (account_id BIGINT, day DATE, score DOUBLE) USING delta");
    spark.sql("INSERT INTO delta.`" + riskScores + "` VALUES (1, DATE'" + DAY + "', 10.0)");
    spark.sql("UPDATE delta.`" + riskScores + "` SET score = 25.0 WHERE account_id = 1");   // a later cleanup
    Spine spine = decisions();

    // tag::delta-events[]
    EventLog score = DeltaEvents.of(spark, riskScores).entityColumn("account_id").validTimeColumn("day")
        .numeric("score");
    FeatureTable features = PointInTimeJoin.builder().build().join(spine, score);
    // end::delta-events[]

    assertThat(features.numeric("score").values()).as("nothing known the day after, the rewrite's value now")
        .containsExactly(Double.NaN, 25.0);
  }

  @Test
  void anIcebergTablesSnapshotLogGivesEachValueItsCommitTime() {
    IcebergTables t = IcebergTables.scores(dir, "risk_scores", 2);
    DataFile first = t.writeScores(DAY, new long[] {1}, new double[] {10});
    t.table.newAppend().appendFile(first).commit();
    t.table.newOverwrite().deleteFile(first).addFile(t.writeScores(DAY, new long[] {1}, new double[] {25})).commit();
    String riskScores = t.location;
    Spine spine = decisions();

    // tag::iceberg-events[]
    EventLog score = IcebergEvents.of(riskScores)                   // or IcebergEvents.of(catalog.loadTable(id))
        .entityColumn("id")                                         // INT or BIGINT
        .validTimeColumn("day")                                     // DATE or TIMESTAMP
        .numeric("score");                                          // .atSnapshot(id) to read a fixed snapshot
    FeatureTable features = PointInTimeJoin.builder().build().join(spine, score);
    // end::iceberg-events[]

    assertThat(features.numeric("score").values()).as("nothing known the day after, the rewrite's value now")
        .containsExactly(Double.NaN, 25.0);
  }

  /** Account 1 decided the day after {@link #DAY} (before any commit) and now (after every commit). */
  private static Spine decisions() {
    return Spine.of(new long[] {1, 1}, new long[] {DAY.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant()
        .toEpochMilli(), System.currentTimeMillis()});
  }
}
