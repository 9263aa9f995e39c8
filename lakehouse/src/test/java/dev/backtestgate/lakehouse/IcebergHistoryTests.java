package dev.backtestgate.lakehouse;

import static dev.backtestgate.lakehouse.IcebergTables.TODAY;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.hadoop.HadoopTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * History read from real Iceberg tables (HadoopTables in a temporary directory, Parquet files written through
 * Iceberg's Java API): a daily table written over 12 days, then overwrites, deletes, late appends, compaction,
 * snapshot expiry and a rollback, each judged from the snapshot log.
 */
class IcebergHistoryTests {
  private static final int DAYS = 12;
  private static final LocalDate CLOSED = TODAY.minusDays(10);

  @TempDir
  Path dir;

  private IcebergTables daily(int formatVersion) {
    return IcebergTables.daily(dir, formatVersion, DAYS);
  }

  private static IcebergHistory history(IcebergTables t) {
    return IcebergHistory.of(t.location).partitionColumn("day").validTimeColumn("day").keyColumn("id");
  }

  @ParameterizedTest(name = "format version {0}")
  @ValueSource(ints = {1, 2, 3})
  void anOverwriteOfAClosedPartitionIsARewriteNamingTheSnapshotAndTheRows(int formatVersion) {
    IcebergTables t = daily(formatVersion);
    DataFile old = t.files.get(CLOSED);
    t.table.newOverwrite().deleteFile(old).addFile(t.write(CLOSED, new long[] {3, 4}, "closed", "open"))
        .commit();
    long overwrite = t.current();

    TableHistory history = history(t).sinceSnapshot(overwrite);

    assertThat(history.format()).isEqualTo("iceberg");
    assertThat(history.version()).isEqualTo(overwrite);
    assertThat(history.binding()).startsWith("iceberg:file:").endsWith("@" + overwrite);
    assertThat(history.unreadable()).isEmpty();
    assertThat(history.lateWrites().clean()).isTrue();
    assertThat(history.window()).contains("since snapshot " + overwrite, "read at snapshot " + overwrite);
    assertThat(history.rewrites().findings()).singleElement().satisfies(f -> {
      HistoryFinding.Rewritten r = (HistoryFinding.Rewritten) f;
      assertThat(r.partition()).isEqualTo("day=" + CLOSED);
      assertThat(r.commit().version()).isEqualTo(overwrite);
      assertThat(r.commit().operation()).isEqualTo("overwrite");
      assertThat(r.commit().engine()).contains("Iceberg");
      assertThat(r.rowsRemoved()).isEqualTo(2);
      assertThat(r.rowsAdded()).isEqualTo(2);
      assertThat(r.examples()).singleElement().asString().contains("id 3:", "status=open", "status=closed");
    });
  }

  @Test
  void anOverwriteOfTwoPartitionsShowsEachWithItsOwnRows() {
    IcebergTables t = daily(2);
    LocalDate before = CLOSED.minusDays(1);   // ids 1, 2; CLOSED holds ids 3, 4
    t.table.newOverwrite().deleteFile(t.files.get(CLOSED)).deleteFile(t.files.get(before))
        .addFile(t.write(CLOSED, new long[] {3, 4}, "closed", "open"))
        .addFile(t.write(before, new long[] {1, 2}, "closed", "open")).commit();
    long overwrite = t.current();

    List<HistoryFinding> rewrites = history(t).sinceSnapshot(overwrite).rewrites().findings();

    assertThat(rewrites).extracting(HistoryFinding::partition).containsExactlyInAnyOrder("day=" + CLOSED,
        "day=" + before);
    for (HistoryFinding f : rewrites) {
      HistoryFinding.Rewritten r = (HistoryFinding.Rewritten) f;
      boolean closed = r.partition().equals("day=" + CLOSED);
      assertThat(r.examples()).as("the rows listed under %s", r.partition()).singleElement().asString()
          .contains(closed ? "id 3:" : "id 1:").doesNotContain(closed ? "id 1:" : "id 3:");
    }
  }

  @Test
  void theWholeHistoryShowsTheLoadAsLateWritesAndTheOverwriteAsARewrite() {
    IcebergTables t = daily(2);
    t.table.newOverwrite().deleteFile(t.files.get(CLOSED))
        .addFile(t.write(CLOSED, new long[] {3, 4}, "closed", "open")).commit();

    TableHistory history = history(t).since(Instant.EPOCH);

    assertThat(history.unreadable()).as("the log holds every snapshot since the table was created").isEmpty();
    assertThat(history.rewrites().findings()).extracting(HistoryFinding::partition).containsExactly("day=" + CLOSED);
    assertThat(history.lateWrites().batches()).as("one append a day into days closed at commit time")
        .hasSize(DAYS - 7 - 1);
    assertThat(history.window()).startsWith("since 1970-01-01T00:00:00Z, read at snapshot ");
  }

  @Test
  void deletesOfClosedRowsAreRewritesWhetherFilesOrRowsAreDeleted() {
    IcebergTables t = daily(2);
    t.table.newDelete().deleteFile(t.files.get(CLOSED)).commit();
    long fileDelete = t.current();
    t.table.newRowDelta().addDeletes(t.deleteRow(t.files.get(CLOSED.minusDays(1)), 0)).commit();
    long rowDelete = t.current();

    List<HistoryFinding> rewrites = history(t).sinceSnapshot(fileDelete).rewrites().findings();

    assertThat(rewrites).extracting(f -> ((HistoryFinding.Rewritten) f).commit().version() + " "
        + ((HistoryFinding.Rewritten) f).commit().operation() + " " + f.partition())
        .containsExactly(fileDelete + " delete day=" + CLOSED, rowDelete + " delete day=" + CLOSED.minusDays(1));
    HistoryFinding.Rewritten files = (HistoryFinding.Rewritten) rewrites.get(0);
    assertThat(files.rowsRemoved()).isEqualTo(2);
    assertThat(files.examples()).anySatisfy(e -> assertThat(e).startsWith("deleted {id=3"));
    HistoryFinding.Rewritten rows = (HistoryFinding.Rewritten) rewrites.get(1);
    assertThat(rows.rowsRemoved()).isEqualTo(1);
    assertThat(rows.examples()).anySatisfy(e -> assertThat(e).contains("1 row(s) removed by delete files"));
  }

  @Test
  void appendingIntoAClosedPartitionIsALateWriteAndIntoAnOpenOneIsNothing() {
    IcebergTables t = daily(2);
    t.table.newAppend().appendFile(t.write(TODAY, new long[] {100}, "open")).commit();
    long open = t.current();
    t.table.newAppend().appendFile(t.write(CLOSED, new long[] {101, 102}, "open")).commit();
    long late = t.current();

    TableHistory history = history(t).sinceSnapshot(open);

    assertThat(history.rewrites().clean()).isTrue();
    assertThat(history.lateWrites().lateEvents()).isEqualTo(2);
    assertThat(history.lateWrites().events()).isEqualTo(3);
    LateWriteReport.Batch batch = history.lateWrites().batches().get(0);
    assertThat(batch.commit().version()).isEqualTo(late);
    assertThat(batch.commit().operation()).isEqualTo("append");
    assertThat(batch.minValidFrom()).isEqualTo(CLOSED.atStartOfDay(ZoneOffset.UTC).toInstant());
    assertThat(history.lateWrites().problems()).singleElement().asString()
        .contains("2 row(s) appended to closed partitions", "commit " + late + " (append");
  }

  @Test
  void compactionWithTheSameRowsAndSnapshotExpiryAreSilentButACompactionThatLosesRowsIsNot() {
    IcebergTables t = daily(2);
    t.table.newAppend().appendFile(t.write(CLOSED, new long[] {101}, "open")).commit();   // a second file
    long late = t.current();
    DataFile extra = t.table.currentSnapshot().addedDataFiles(t.table.io()).iterator().next();
    DataFile compacted = t.write(CLOSED, new long[] {3, 4, 101}, "open");
    t.table.newRewrite().rewriteFiles(Set.of(t.files.get(CLOSED), extra), Set.of(compacted)).commit();
    long compaction = t.current();
    assertThat(IcebergHistory.of(t.location).auditNonAppends(Instant.EPOCH)).as("appends and compaction")
        .isEmpty();
    t.table.expireSnapshots().expireSnapshotId(late).commit();

    TableHistory history = history(t).sinceSnapshot(compaction);

    assertThat(history.version()).isEqualTo(compaction);
    assertThat(history.clean()).as("%s", history).isTrue();

    DataFile lossy = t.write(CLOSED, new long[] {3, 4}, "open");   // "compaction" that drops id 101
    t.table.newRewrite().validateFromSnapshot(compaction).rewriteFiles(Set.of(compacted), Set.of(lossy))
        .commit();
    long lost = t.current();
    assertThat(history(t).sinceSnapshot(lost).rewrites().findings()).singleElement().satisfies(f -> {
      HistoryFinding.Rewritten r = (HistoryFinding.Rewritten) f;
      assertThat(r.commit().operation()).isEqualTo("replace");
      assertThat(r.rowsRemoved() - r.rowsAdded()).isEqualTo(1);
      assertThat(r.examples()).anySatisfy(e -> assertThat(e).startsWith("deleted {id=101"));
    });
  }

  @Test
  void aWindowWhoseSnapshotsWereExpiredFailsClosedNamingTheTableTheWindowAndTheSetting() {
    IcebergTables t = daily(2);
    List<Long> seed = new java.util.ArrayList<>();
    t.table.snapshots().forEach(s -> seed.add(s.snapshotId()));
    for (Long id : seed.subList(0, 5)) {
      t.table.expireSnapshots().expireSnapshotId(id).commit();
    }
    long kept = seed.get(5);

    TableHistory whole = history(t).since(Instant.EPOCH);
    TableHistory fromExpired = history(t).sinceSnapshot(seed.get(3));
    TableHistory fromKept = history(t).sinceSnapshot(kept);

    assertThat(whole.unreadable()).singleElement().asString().contains(whole.table(), "since 1970-01-01T00:00:00Z",
        "history.expire.max-snapshot-age-ms = 432000000 (5 days, the default)", "before snapshot " + kept);
    assertThat(fromExpired.unreadable()).singleElement().asString().contains(whole.table(),
        "since snapshot " + seed.get(3), "history.expire.max-snapshot-age-ms", "is not among the ancestors");
    assertThat(fromKept.unreadable()).isEmpty();
    GateResult gate = gate(whole, null);
    assertThat(gate.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(gate.findings()).extracting(Finding::kind).contains("check-failed");
    GateResult audit = gate(null, IcebergHistory.of(t.location).nonAppendAudit(Instant.EPOCH));
    assertThat(audit.verdict()).as("an audit that cannot see the whole window does not pass").isEqualTo(Verdict.FAILED);
    assertThat(audit.findings()).singleElement().satisfies(f -> {
      assertThat(f.kind()).isEqualTo("check-failed");
      assertThat(String.join("\n", f.render().lines())).contains("history.expire.max-snapshot-age-ms");
    });
  }

  @Test
  void aTimestampValidTimeIsReadFromADayTransformOrFromTheFilesLowerBounds() {
    OffsetDateTime noon = CLOSED.atTime(12, 0).atOffset(ZoneOffset.UTC);
    IcebergTables byDay = IcebergTables.events(dir, "by-day", spec -> spec.day("ts"));
    byDay.table.newAppend().appendFile(byDay.writeEvents((int) CLOSED.toEpochDay(), noon)).commit();
    IcebergTables byBucket = IcebergTables.events(dir, "by-bucket", spec -> spec.bucket("id", 4));
    DataFile bucketed = byBucket.writeEvents(0, noon, noon.plusHours(1));
    byBucket.table.newAppend().appendFile(bucketed).commit();
    long append = byBucket.current();
    byBucket.table.newRowDelta().addDeletes(byBucket.deleteRow(bucketed, 0)).commit();

    TableHistory days = IcebergHistory.of(byDay.location).partitionColumn("ts_day").validTimeColumn("ts")
        .since(Instant.EPOCH);
    TableHistory buckets = IcebergHistory.of(byBucket.location).partitionColumn("id").validTimeColumn("ts")
        .sinceSnapshot(append);

    assertThat(days.lateWrites().batches()).singleElement().satisfies(b ->
        assertThat(b.minValidFrom()).as("the start of the partition's day").isEqualTo(noon.toLocalDate()
            .atStartOfDay(ZoneOffset.UTC).toInstant()));
    assertThat(buckets.lateWrites().batches()).singleElement().satisfies(b ->
        assertThat(b.minValidFrom()).as("the file's lower bound").isEqualTo(noon.toInstant()));
    assertThat(buckets.unreadable()).as("a position delete says nothing of the valid time of the row it removes")
        .singleElement().asString().contains("earliest valid time the log does not record", "id_bucket=0",
            "write.metadata.metrics");
  }

  @Test
  void aRollbackInsideTheWindowFailsClosed() {
    IcebergTables t = daily(2);
    long before = t.current();
    t.table.newAppend().appendFile(t.write(TODAY, new long[] {100}, "open")).commit();
    long dropped = t.current();
    t.table.manageSnapshots().rollbackTo(before).commit();

    TableHistory history = history(t).sinceSnapshot(before);

    assertThat(history.unreadable()).singleElement().asString()
        .contains("moved from snapshot " + dropped + " to snapshot " + before, "rollback");
  }

  @Test
  void aGatedRunIsBlockedByTheOverwriteAndPassesOnAppendedCorrections() {
    IcebergTables t = daily(2);
    long first = t.current();
    t.table.newOverwrite().deleteFile(t.files.get(CLOSED))
        .addFile(t.write(CLOSED, new long[] {3, 4}, "closed", "open")).commit();
    long overwrite = t.current();

    GateResult blocked = gate(history(t).sinceSnapshot(overwrite), null);
    t.table.newAppend().appendFile(t.write(TODAY, new long[] {3}, "closed")).commit();   // a correction
    GateResult passed = gate(history(t).sinceSnapshot(t.current()), null);

    assertThat(blocked.verdict()).isEqualTo(Verdict.FAILED);
    Finding finding = blocked.findings().stream().filter(f -> f.kind().equals("rewritten-history")).findFirst()
        .orElseThrow();
    assertThat(String.join("\n", finding.render().lines())).contains("commit " + overwrite + " (overwrite",
        "day=" + CLOSED);
    assertThat(passed.verdict()).isEqualTo(Verdict.PASSED);
    assertThat(BacktestGate.fingerprint(run(history(t).atSnapshot(first).sinceSnapshot(first))))
        .isEqualTo(BacktestGate.fingerprint(run(history(t).atSnapshot(first).sinceSnapshot(first))))
        .as("a sign-off of the run at one snapshot does not cover the table after the overwrite")
        .isNotEqualTo(BacktestGate.fingerprint(run(history(t).sinceSnapshot(first))));
  }

  @Test
  void theAuditNamesTheSnapshotsThatWereNotAppendsAndTheFixesIcebergOffers() {
    IcebergTables t = daily(2);
    t.table.newOverwrite().deleteFile(t.files.get(CLOSED))
        .addFile(t.write(CLOSED, new long[] {3, 4}, "closed", "open")).commit();
    long overwrite = t.current();

    GateResult audited = gate(null, IcebergHistory.of(t.location).nonAppendAudit(Instant.EPOCH));

    assertThat(audited.verdict()).isEqualTo(Verdict.FAILED);
    IcebergNonAppends finding = (IcebergNonAppends) audited.findings().stream()
        .filter(f -> f.kind().equals("history-writers")).findFirst().orElseThrow();
    assertThat(finding.writers()).extracting(c -> c.version() + " " + c.operation())
        .containsExactly(overwrite + " overwrite");
    assertThat(finding.render().fix()).contains("no append-only table property", "write.wap.enabled",
        "fast_forward");
    assertThat(IcebergHistory.of(t.location).auditNonAppends(Instant.EPOCH)).as("the same audit, outside a run")
        .contains(finding);
  }

  @Test
  void badInputIsRefusedNamingTheTableAndTheFix() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("not-iceberg"));
    assertThatThrownBy(() -> IcebergHistory.of(empty.toString()).partitionColumn("day").validTimeColumn("day")
        .since(Instant.EPOCH)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not an Iceberg table", "not-iceberg", "metadata/");
    IcebergTables t = IcebergTables.daily(dir, 2, 1);
    assertThatThrownBy(() -> IcebergHistory.of(t.location).since(Instant.EPOCH))
        .hasMessageContaining("needs a partition column named", ".partitionColumn(");
    assertThatThrownBy(() -> history(t).partitionColumn("status").since(Instant.EPOCH))
        .hasMessageContaining("'status' is not a partition column", "day (identity of day)");
    assertThatThrownBy(() -> history(t).validTimeColumn("status").since(Instant.EPOCH))
        .hasMessageContaining("'status' is not a DATE or TIMESTAMP column", "it is a string");
    assertThatThrownBy(() -> history(t).atSnapshot(42).since(Instant.EPOCH))
        .hasMessageContaining("keeps no snapshot 42", "1 snapshot(s)", "atSnapshot(...)");
    TableHistory fromCatalog = IcebergHistory.of(t.table).partitionColumn("day").validTimeColumn("day")
        .since(Instant.EPOCH);
    assertThat(fromCatalog.clean()).as("a table a catalog loaded reads like a path: one append of today").isTrue();
    assertThat(fromCatalog.binding()).isEqualTo("iceberg:" + t.table.name() + "@" + t.current());
    String v4 = dir.resolve("v4").toUri().toString();
    new HadoopTables(new Configuration()).create(IcebergTables.SCHEMA, PartitionSpec.unpartitioned(),
        Map.of(TableProperties.FORMAT_VERSION, "4"), v4);
    assertThatThrownBy(() -> IcebergHistory.of(v4).partitionColumn("day").validTimeColumn("day")
        .since(Instant.EPOCH)).hasMessageContaining("format version 4", "Nothing was checked");
  }

  private GateResult gate(TableHistory history, Check check) {
    BacktestRun.Builder run = builder(history);
    try {
      return BacktestGate.evaluate((check == null ? run : run.check(check)).build(), GatePolicy.defaults(),
          ReviewStore.directory(Files.createTempDirectory(dir, "reviews")), Clock.systemUTC());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static BacktestRun run(TableHistory history) {
    return builder(history).build();
  }

  private static BacktestRun.Builder builder(TableHistory history) {
    BacktestRun.Builder run = BacktestRun.builder("dev.backtestgate.lakehouse.IcebergHistoryTests#gate")
        .labels(new boolean[] {true, false, true, false})
        .candidate("candidate", new double[] {0.6, 0.5, 0.4, 0.7})
        .baseline("baseline", new double[] {0.6, 0.7, 0.5, 0.2})
        .decisionTimes(new long[] {1, 2, 3, 4})
        .timelessFeature("status", "a test of the table's history, not of its values");
    return history == null ? run : run.input(history);
  }
}
