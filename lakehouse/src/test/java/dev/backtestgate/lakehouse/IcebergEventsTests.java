package dev.backtestgate.lakehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.time.EventLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.hadoop.HadoopTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The transaction-time events of real Iceberg tables (HadoopTables in a temporary directory, Parquet files written
 * through Iceberg's Java API): each value recorded at the commit time of the snapshot that made it visible,
 * compactions silent, and each refusal naming the table and the fix.
 */
class IcebergEventsTests {
  private static final LocalDate DAY = LocalDate.parse("2024-01-01");

  @TempDir
  Path dir;

  private static IcebergEvents events(IcebergTables t) {
    return IcebergEvents.of(t.location).entityColumn("id").validTimeColumn("day");
  }

  private static long millis(LocalDate day) {
    return day.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
  }

  private static long time(IcebergTables t) {
    t.table.refresh();
    return t.table.currentSnapshot().timestampMillis();
  }

  /** The events as "entity validFrom@recordedAt=value" strings, valid and recorded time as offsets. */
  private static List<String> describe(EventLog log, List<Long> commits) {
    List<String> events = new ArrayList<>();
    for (int i = 0; i < log.size(); i++) {
      events.add(log.entity()[i] + " day" + (log.validFrom()[i] - millis(DAY)) / 86_400_000L + "@commit"
          + commits.indexOf(log.recordedAt()[i]) + "=" + log.values()[i]);
    }
    return events;
  }

  @ParameterizedTest(name = "format version {0}")
  @ValueSource(ints = {1, 2, 3})
  void appendsAndACopyOnWriteUpdateAreRecordedAtTheirCommitTimesAndACompactionAddsNothing(int formatVersion) {
    IcebergTables t = IcebergTables.scores(dir, "scores", formatVersion);
    List<Long> commits = new ArrayList<>();
    DataFile first = t.writeScores(DAY, new long[] {1, 2}, new double[] {10, 20});
    t.table.newAppend().appendFile(first).commit();
    commits.add(time(t));
    DataFile second = t.writeScores(DAY.plusDays(1), new long[] {1}, new double[] {11});
    t.table.newAppend().appendFile(second).commit();
    commits.add(time(t));
    DataFile updated = t.writeScores(DAY, new long[] {1, 2}, new double[] {10, 25});
    t.table.newOverwrite().deleteFile(first).addFile(updated).commit();
    commits.add(time(t));
    DataFile compacted = t.writeScores(DAY, new long[] {2, 1}, new double[] {25, 10});
    t.table.newRewrite().deleteFile(updated).addFile(compacted).commit();

    EventLog log = events(t).numeric("score");

    assertThat(log.name()).isEqualTo("score");
    assertThat(describe(log, commits)).containsExactly("1 day0@commit0=10.0", "2 day0@commit0=20.0",
        "1 day1@commit1=11.0", "2 day0@commit2=25.0");
  }

  @Test
  void aMergeOnReadDeleteFallsBackToTheRowBeforeAndAnUpsertByEqualityDeleteReplacesTheValue() {
    IcebergTables t = IcebergTables.scores(dir, "scores", 2);
    List<Long> commits = new ArrayList<>();
    t.table.newAppend().appendFile(t.writeScores(DAY, new long[] {1}, new double[] {10})).commit();
    commits.add(time(t));
    DataFile later = t.writeScores(DAY.plusDays(1), new long[] {1, 2}, new double[] {11, Double.NaN});
    t.table.newAppend().appendFile(later).commit();
    commits.add(time(t));
    t.table.newRowDelta().addDeletes(t.deleteRow(later, 0)).commit();
    commits.add(time(t));
    t.table.newRowDelta().addRows(t.writeScores(DAY, new long[] {1}, new double[] {12}))
        .addDeletes(t.deleteByColumns(DAY, new long[] {1}, "id", "day")).commit();
    commits.add(time(t));

    List<String> events = describe(events(t).numeric("score"), commits);

    assertThat(events).containsExactly("1 day0@commit0=10.0", "1 day1@commit1=11.0", "2 day1@commit1=NaN",
        "1 day1@commit2=10.0", "1 day0@commit3=12.0", "1 day1@commit3=12.0");
  }

  @Test
  void aDeleteFileRemovedWithoutAReplacementBringsItsRowsBack() {
    IcebergTables t = IcebergTables.scores(dir, "scores", 2);
    List<Long> commits = new ArrayList<>();
    DataFile file = t.writeScores(DAY, new long[] {1}, new double[] {10});
    t.table.newAppend().appendFile(file).commit();
    commits.add(time(t));
    org.apache.iceberg.DeleteFile delete = t.deleteRow(file, 0);
    t.table.newRowDelta().addDeletes(delete).commit();
    commits.add(time(t));
    t.table.newRowDelta().removeDeletes(delete).commit();
    commits.add(time(t));

    assertThat(describe(events(t).numeric("score"), commits)).containsExactly("1 day0@commit0=10.0",
        "1 day0@commit1=NaN", "1 day0@commit2=10.0");
  }

  @Test
  void aDeletionVectorHidesItsRowsInFormatVersion3() {
    IcebergTables t = IcebergTables.scores(dir, "scores", 3);
    List<Long> commits = new ArrayList<>();
    DataFile file = t.writeScores(DAY, new long[] {1, 2, 3}, new double[] {10, 20, 30});
    t.table.newAppend().appendFile(file).commit();
    commits.add(time(t));
    t.table.newRowDelta().addDeletes(t.deletionVector(file, 1)).commit();
    commits.add(time(t));

    assertThat(describe(events(t).numeric("score"), commits)).containsExactly("1 day0@commit0=10.0",
        "2 day0@commit0=20.0", "3 day0@commit0=30.0", "2 day0@commit1=NaN");
  }

  @Test
  void aFixedSnapshotIsReadAndALaterCommitIsNot() {
    IcebergTables t = IcebergTables.scores(dir, "scores", 2);
    t.table.newAppend().appendFile(t.writeScores(DAY, new long[] {1}, new double[] {10})).commit();
    long read = t.current();
    t.table.newAppend().appendFile(t.writeScores(DAY.plusDays(1), new long[] {1}, new double[] {11})).commit();

    EventLog log = events(t).atSnapshot(read).numeric("score");

    assertThat(log.size()).isEqualTo(1);
    assertThat(log.values()).containsExactly(10.0);
  }

  @Test
  void twoRowsAtOneEntityAndValidTimeAreRefusedNamingTheSnapshot() {
    IcebergTables t = IcebergTables.scores(dir, "scores", 2);
    t.table.newAppend().appendFile(t.writeScores(DAY, new long[] {1}, new double[] {10})).commit();
    t.table.newAppend().appendFile(t.writeScores(DAY, new long[] {1}, new double[] {11})).commit();
    long second = t.current();

    assertThatThrownBy(() -> events(t).numeric("score")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the Iceberg table 'file:", "holds two rows of entity 1 at valid time "
            + "2024-01-01T00:00:00Z at snapshot " + second, "Keep one row per entity and valid time");
  }

  @Test
  void aDeleteOfARowPositionTheDataFileDoesNotHaveIsRefusedNamingBothFiles() {
    IcebergTables t = IcebergTables.scores(dir, "scores", 2);
    DataFile file = t.writeScores(DAY, new long[] {1, 2}, new double[] {10, 11});
    t.table.newAppend().appendFile(file).commit();
    DeleteFile delete = t.deleteRow(file, 5);
    t.table.newRowDelta().addDeletes(delete).commit();
    long deleting = t.current();

    assertThatThrownBy(() -> events(t).numeric("score")).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("could not be replayed at snapshot " + deleting, "its delete file "
            + delete.location() + " deletes row position 5 of the data file " + file.location() + ", which holds 2 "
            + "rows", "Compare the table AS OF snapshot " + deleting + " with its parent");
  }

  @Test
  void aPathThatIsNotATableIsRefused() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("not-iceberg"));

    assertThatThrownBy(() -> IcebergEvents.of(empty.toString()).entityColumn("id").validTimeColumn("day")
        .numeric("score")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not an Iceberg table", "not-iceberg", "metadata/", "IcebergEvents.of(");
    assertThatThrownBy(() -> IcebergEvents.of(" ")).hasMessageContaining("location is blank");
  }

  @Test
  void missingOrMistypedColumnsAreRefusedNamingTheColumns() {
    IcebergTables t = IcebergTables.scores(dir, "scores", 2);
    t.table.newAppend().appendFile(t.writeScores(DAY, new long[] {1}, new double[] {10})).commit();

    assertThatThrownBy(() -> IcebergEvents.of(t.location).entityColumn("id").numeric("score"))
        .hasMessageContaining("need an entity column and a valid-time column named", ".validTimeColumn(");
    assertThatThrownBy(() -> events(t).numeric("balance")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'balance' is not a numeric value column", "no such column", "[id, day, score]");
    assertThatThrownBy(() -> IcebergEvents.of(t.location).entityColumn("id").validTimeColumn("score")
        .numeric("score")).hasMessageContaining("'score' is not a valid-time column (DATE or TIMESTAMP)",
            "it is a double", "validTimeColumn(...)");
    assertThatThrownBy(() -> IcebergEvents.of(t.location).entityColumn("day").validTimeColumn("day")
        .numeric("score")).hasMessageContaining("'day' is not an entity column");
  }

  @Test
  void expiredSnapshotsAreRefusedNamingTheRetentionSetting() {
    IcebergTables t = IcebergTables.scores(dir, "scores", 2);
    t.table.newAppend().appendFile(t.writeScores(DAY, new long[] {1}, new double[] {10})).commit();
    long first = t.current();
    t.table.newAppend().appendFile(t.writeScores(DAY.plusDays(1), new long[] {1}, new double[] {11})).commit();
    t.table.expireSnapshots().expireSnapshotId(first).commit();

    assertThatThrownBy(() -> events(t).numeric("score")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("snapshot expiry removed the snapshots before snapshot " + t.current(),
            "history.expire.max-snapshot-age-ms", "Nothing was built");
  }

  @Test
  void aRollbackIsRefusedNamingTheMove() {
    IcebergTables t = IcebergTables.scores(dir, "scores", 2);
    t.table.newAppend().appendFile(t.writeScores(DAY, new long[] {1}, new double[] {10})).commit();
    long first = t.current();
    t.table.newAppend().appendFile(t.writeScores(DAY.plusDays(1), new long[] {1}, new double[] {11})).commit();
    long second = t.current();
    t.table.manageSnapshots().rollbackTo(first).commit();

    assertThatThrownBy(() -> events(t).numeric("score")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("moved from snapshot " + second + " to snapshot " + first, "a rollback");
  }

  @Test
  void formatVersion4IsRefused() {
    String v4 = dir.resolve("v4").toUri().toString();
    new HadoopTables(new Configuration()).create(IcebergTables.SCORES, PartitionSpec.unpartitioned(),
        Map.of(TableProperties.FORMAT_VERSION, "4"), v4);

    assertThatThrownBy(() -> IcebergEvents.of(v4).entityColumn("id").validTimeColumn("day").numeric("score"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("format version 4", "reads format versions 1 to 3");
  }

  @Test
  void equalityDeletesOfUnknownValidTimeAreRefused() {
    IcebergTables t = IcebergTables.scores(dir, "scores", 2);
    t.table.newAppend().appendFile(t.writeScores(DAY, new long[] {1}, new double[] {10})).commit();
    t.table.newRowDelta().addDeletes(t.deleteByColumns(DAY, new long[] {1}, "id")).commit();
    long delete = t.current();

    assertThatThrownBy(() -> events(t).numeric("score")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("equality delete file added by snapshot " + delete, "deletes rows by [id]",
            "the valid time of the rows it deletes is unknown", "delete by (id, day)");
  }

  @Test
  void aTableWithNoSnapshotHasNoEvents() {
    IcebergTables t = IcebergTables.scores(dir, "scores", 2);

    assertThat(events(t).numeric("score").size()).isZero();
  }
}
