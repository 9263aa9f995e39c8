package dev.backtestgate.lakehouse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.claim.Claim;
import dev.backtestgate.tripwire.trace.TableTrace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trace of a claimed Delta or Iceberg table from its log alone: the commits up to the version read that removed
 * rows with example rows, the commits since, and every table that cannot be read said, never thrown. The Delta log is
 * written by hand, line by line as Delta writes it (protocol, metaData, commitInfo, add, remove and cdc actions with
 * their statistics); the Iceberg table is a real one written through Iceberg's API ({@link IcebergTables}).
 */
class ClaimTablesTests {
  private static final String SCHEMA = "{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":[{\\\"name\\\":\\\"id\\\","
      + "\\\"type\\\":\\\"long\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}},{\\\"name\\\":\\\"day\\\","
      + "\\\"type\\\":\\\"date\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}}]}";

  @TempDir
  Path dir;

  @Test
  void theMergeBeforeTheReadIsNamedAndTheCommitsSinceAreListedCompactionIsNoRewrite() throws IOException {
    Path table = statusTable();
    TableTrace trace = ClaimTables.trace(read(table, 3));
    assertThat(trace.read()).isTrue();
    assertThat(trace.notHeld()).isEmpty();
    assertThat(trace.rewroteBeforeRead()).singleElement().satisfies(c -> {
      assertThat(c.describe()).isEqualTo("commit 2 (MERGE at 2025-08-15T02:00:00Z)");
      assertThat(c.partitions()).containsExactly("day=2024-01-01");
      assertThat(c.removed()).isEqualTo(10);
      assertThat(c.added()).isEqualTo(10);
    });
    assertThat(trace.since()).singleElement().satisfies(c -> {
      assertThat(c.version()).isEqualTo(4);
      assertThat(c.operation()).isEqualTo("WRITE");
      assertThat(c.partitions()).containsExactly("day=2024-01-03");
    });
    assertThat(ClaimTables.trace(read(table, 1)).rewroteBeforeRead()).as("read before the MERGE").isEmpty();
    assertThat(ClaimTables.trace(read(table, 1)).since()).extracting(TableTrace.Commit::operation)
        .containsExactly("MERGE", "OPTIMIZE", "WRITE");
  }

  @Test
  void aTableThatIsGoneIsSaidAndNotThrown() throws IOException {
    Path table = statusTable();
    try (var files = Files.list(table.resolve("_delta_log"))) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    Files.delete(table.resolve("_delta_log"));
    TableTrace trace = ClaimTables.trace(read(table, 3));
    assertThat(trace.read()).isFalse();
    assertThat(trace.unreadable()).contains("_delta_log");
  }

  @Test
  void aLogWhoseEarlyCommitsWereCleanedUpWithoutACheckpointIsSaid() throws IOException {
    Path table = statusTable();
    Files.delete(table.resolve("_delta_log").resolve(String.format("%020d.json", 0)));
    TableTrace trace = ClaimTables.trace(read(table, 3));
    assertThat(trace.read()).isFalse();
    assertThat(trace.unreadable()).contains("the commits before 1 are gone and no checkpoint");
  }

  @Test
  void aVersionLaterThanTheLogIsATableReplaced() throws IOException {
    TableTrace trace = ClaimTables.trace(read(statusTable(), 9));
    assertThat(trace.unreadable()).contains("now ends at version 4, before the version read 9");
  }

  @Test
  void aTableWithoutAVersionOrOfAnotherFormatIsSaid() {
    assertThat(ClaimTables.trace(new Claim.TableRead("statements", null, "declared by a manifest")).unreadable())
        .startsWith("the claim records no version read (declared by a manifest)");
    assertThat(ClaimTables.trace(new Claim.TableRead("statements", "manifest:statements", "")).unreadable())
        .contains("the trace reads Delta and Iceberg logs");
    assertThat(ClaimTables.trace(new Claim.TableRead("db.status", "iceberg:db.status@x", "")).unreadable())
        .contains("'x' is not a snapshot id");
    assertThat(ClaimTables.trace(new Claim.TableRead("gone", "iceberg:" + dir.resolve("gone").toUri() + "@8812",
        "")).unreadable()).contains("is not an Iceberg table");
    assertThat(ClaimTables.trace(new Claim.TableRead("s3", "delta:s3://bucket/status@3", "")).unreadable())
        .contains("not on the local file system");
  }

  @Test
  void theMergeBeforeTheReadShowsTheRowsItChangedFromTheChangeDataFiles() throws IOException {
    Path table = statusTable();
    Path log = table.resolve("_delta_log");
    Files.delete(log.resolve(String.format("%020d.json", 2)));
    Path cdc = Files.createDirectories(table.resolve("_change_data/day=2024-01-01")).resolve("cdc-2.parquet");
    MessageType schema = MessageTypeParser.parseMessageType("message cdc { required int64 id; required binary "
        + "_change_type (STRING); }");
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(cdc)).withType(schema)
        .build()) {
      SimpleGroupFactory rows = new SimpleGroupFactory(schema);
      writer.write(rows.newGroup().append("id", 7L).append("_change_type", "update_preimage"));
      writer.write(rows.newGroup().append("id", 8L).append("_change_type", "update_postimage"));
    }
    commit(log, 2, "2025-08-15T02:00:00Z", "MERGE",
        "{\"metaData\":{\"id\":\"t\",\"format\":{\"provider\":\"parquet\",\"options\":{}},\"schemaString\":\""
            + SCHEMA + "\",\"partitionColumns\":[\"day\"],\"configuration\":{\"delta.enableChangeDataFeed\":"
            + "\"true\"},\"createdTime\":0}}",
        remove("a", "2024-01-01", true), add("a2", "2024-01-01", 10, true),
        "{\"cdc\":{\"path\":\"_change_data/day=2024-01-01/cdc-2.parquet\",\"partitionValues\":{\"day\":"
            + "\"2024-01-01\"},\"size\":100,\"dataChange\":false}}");

    TableTrace trace = ClaimTables.trace(read(table, 3));

    assertThat(trace.rewroteBeforeRead()).singleElement().satisfies(c -> {
      assertThat(c.unit()).isEqualTo("commit");
      assertThat(c.examples()).isNotEmpty().allSatisfy(e -> assertThat(e).startsWith("day=2024-01-01: "));
      assertThat(String.join("\n", c.examples())).contains("id=7", "id=8", "day=2024-01-01");
    });
    assertThat(trace.since()).allSatisfy(c -> assertThat(c.examples()).isEmpty());
  }

  @Test
  void aDeltaTableWithoutTheChangeDataFeedSaysWhyItShowsNoRows() throws IOException {
    assertThat(ClaimTables.trace(read(statusTable(), 3)).rewroteBeforeRead()).singleElement()
        .satisfies(c -> assertThat(c.examples()).singleElement().asString().contains("change data feed is off"));
  }

  @Test
  void anIcebergOverwriteBeforeTheSnapshotReadIsNamedWithItsRowsAndTheAppendsSinceAreListed() {
    IcebergTables t = IcebergTables.daily(dir, 2, 12);
    java.time.LocalDate closed = IcebergTables.TODAY.minusDays(10);
    t.table.newOverwrite().deleteFile(t.files.get(closed)).addFile(t.write(closed, new long[] {3, 4}, "closed",
        "open")).commit();
    long overwrite = t.current();
    t.table.newAppend().appendFile(t.write(IcebergTables.TODAY, new long[] {90}, "open")).commit();
    long read = t.current();
    t.table.newAppend().appendFile(t.write(IcebergTables.TODAY, new long[] {91}, "open")).commit();
    long since = t.current();
    String name = IcebergHistory.of(t.location).partitionColumn("day").validTimeColumn("day").atSnapshot(read)
        .sinceSnapshot(read).binding();

    TableTrace trace = ClaimTables.trace(new Claim.TableRead(t.location, name, ""));

    assertThat(trace.unreadable()).isEmpty();
    assertThat(trace.rewroteBeforeRead()).singleElement().satisfies(c -> {
      assertThat(c.version()).isEqualTo(overwrite);
      assertThat(c.describe()).startsWith("snapshot " + overwrite + " (overwrite at ");
      assertThat(c.partitions()).containsExactly("day=" + closed);
      assertThat(c.removed()).isEqualTo(2);
      assertThat(String.join("\n", c.examples())).startsWith("day=" + closed + ": ").contains("status=closed",
          "status=open");
    });
    assertThat(trace.since()).singleElement().satisfies(c -> {
      assertThat(c.version()).isEqualTo(since);
      assertThat(c.operation()).isEqualTo("append");
      assertThat(c.examples()).isEmpty();
    });
  }

  @Test
  void anIcebergSnapshotRolledBackPastOrExpiredIsSaid() {
    IcebergTables t = IcebergTables.daily(dir, 2, 3);
    long kept = t.current();
    t.table.newAppend().appendFile(t.write(IcebergTables.TODAY, new long[] {90}, "open")).commit();
    long later = t.current();
    t.table.manageSnapshots().rollbackTo(kept).commit();

    assertThat(ClaimTables.trace(new Claim.TableRead("s", "iceberg:" + t.location + "@" + later, "")).unreadable())
        .contains("is no ancestor of the current snapshot " + kept);
    assertThat(ClaimTables.trace(new Claim.TableRead("s", "iceberg:" + t.location + "@42", "")).unreadable())
        .contains("keeps no snapshot 42");
  }

  private static Claim.TableRead read(Path table, long version) {
    String name = "file:" + table.toAbsolutePath().normalize();
    return new Claim.TableRead(name, "delta:" + name + "@" + version, "");
  }

  private Path statusTable() throws IOException {
    Path table = dir.resolve("status");
    Path log = Files.createDirectories(table.resolve("_delta_log"));
    commit(log, 0, "2024-01-01T06:00:00Z", "CREATE TABLE",
        "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}",
        "{\"metaData\":{\"id\":\"t\",\"format\":{\"provider\":\"parquet\",\"options\":{}},\"schemaString\":\""
            + SCHEMA + "\",\"partitionColumns\":[\"day\"],\"configuration\":{},\"createdTime\":0}}",
        add("a", "2024-01-01", 10, true));
    commit(log, 1, "2024-01-02T06:00:00Z", "WRITE", add("b", "2024-01-02", 5, true));
    commit(log, 2, "2025-08-15T02:00:00Z", "MERGE", remove("a", "2024-01-01", true), add("a2", "2024-01-01", 10, true));
    commit(log, 3, "2025-08-16T02:00:00Z", "OPTIMIZE", remove("b", "2024-01-02", false),
        add("b2", "2024-01-02", 5, false));
    commit(log, 4, "2025-09-01T06:00:00Z", "WRITE", add("c", "2024-01-03", 7, true));
    return table;
  }

  private static String add(String path, String day, int rows, boolean dataChange) {
    return "{\"add\":{\"path\":\"day=" + day + "/" + path + ".parquet\",\"partitionValues\":{\"day\":\"" + day
        + "\"},\"size\":100,\"modificationTime\":0,\"dataChange\":" + dataChange + ",\"stats\":\"{\\\"numRecords\\\":"
        + rows + "}\"}}";
  }

  private static String remove(String path, String day, boolean dataChange) {
    return "{\"remove\":{\"path\":\"day=" + day + "/" + path + ".parquet\",\"partitionValues\":{\"day\":\"" + day
        + "\"},\"deletionTimestamp\":0,\"dataChange\":" + dataChange + "}}";
  }

  private static void commit(Path log, int version, String time, String operation, String... actions)
      throws IOException {
    StringBuilder lines = new StringBuilder("{\"commitInfo\":{\"timestamp\":" + Instant.parse(time).toEpochMilli()
        + ",\"operation\":\"" + operation + "\"}}\n");
    for (String action : actions) {
      lines.append(action).append('\n');
    }
    Files.writeString(log.resolve(String.format("%020d.json", version)), lines, StandardCharsets.UTF_8);
  }
}
