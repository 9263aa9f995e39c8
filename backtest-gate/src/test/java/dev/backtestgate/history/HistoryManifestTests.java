package dev.backtestgate.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.time.EventLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryManifestTests {
  private static final long DAY = 86_400_000L;
  private static final long MAR_1 = Instant.parse("2024-03-01T00:00:00Z").toEpochMilli();
  private static final Instant APR_1 = Instant.parse("2024-04-01T00:00:00Z");

  private static EventLog log(long[][] rows) {
    EventLog.NumericBuilder builder = EventLog.numericBuilder("balance");
    for (long[] row : rows) {
      builder.add(row[0], row[1], row[2], row[3]);
    }
    return builder.build();
  }

  @Test
  void writesCanonicalJson() {
    EventLog log = log(new long[][] {
      {1, MAR_1, MAR_1, 10}, {2, MAR_1 + 1, MAR_1 + 5, 20}, {1, MAR_1 + DAY, MAR_1 + DAY, 30}});

    String json = HistoryManifest.of(log, PartitionGranularity.DAY, APR_1).toJson();

    assertThat(json)
        .matches(
            "\\{\n"
                + "  \"schema\": 1,\n"
                + "  \"table\": \"balance\",\n"
                + "  \"granularity\": \"day\",\n"
                + "  \"closedBefore\": \"2024-04-01\",\n"
                + "  \"hash\": \"sum128-murmur3fmix-v1\",\n"
                + "  \"partitions\": \\[\n"
                + "    \\{\n"
                + "      \"partition\": \"2024-03-01\",\n"
                + "      \"rows\": 2,\n"
                + "      \"hash\": \"[0-9a-f]{32}\"\n"
                + "    \\},\n"
                + "    \\{\n"
                + "      \"partition\": \"2024-03-02\",\n"
                + "      \"rows\": 1,\n"
                + "      \"hash\": \"[0-9a-f]{32}\"\n"
                + "    \\}\n"
                + "  \\]\n"
                + "\\}\n");
    assertThat(HistoryManifest.parse(json, "test").toJson()).isEqualTo(json);
  }

  @Test
  void anEmptyManifestIsCanonicalToo() {
    EventLog empty = log(new long[0][]);

    String json = HistoryManifest.of(empty, PartitionGranularity.MONTH, APR_1).toJson();

    assertThat(json).endsWith("  \"partitions\": []\n}\n");
    assertThat(HistoryManifest.parse(json, "test").partitions()).isEmpty();
  }

  @Test
  void coversOnlyRowsValidAndRecordedBeforeTheRoundedCutOff() {
    EventLog log = log(new long[][] {
      {1, MAR_1, MAR_1, 1}, // covered
      {1, MAR_1, APR_1.toEpochMilli(), 2}, // recorded on the cut-off: a later append
      {1, APR_1.toEpochMilli() - 1, MAR_1, 3}, // valid in March, known early: covered
      {1, APR_1.toEpochMilli(), MAR_1, 4}}); // valid in April: open partition

    HistoryManifest manifest =
        HistoryManifest.of(log, PartitionGranularity.MONTH, APR_1.plusSeconds(3 * 86_400 + 5));

    assertThat(manifest.closedBefore()).isEqualTo(LocalDate.parse("2024-04-01"));
    assertThat(manifest.partitions()).hasSize(1);
    assertThat(manifest.partitions().get(0).partition()).isEqualTo("2024-03");
    assertThat(manifest.partitions().get(0).rows()).isEqualTo(2);
  }

  @Test
  void aDuplicatedRowChangesTheHashAndTheCount() {
    long[] row = {1, MAR_1, MAR_1, 5};
    HistoryManifest once = HistoryManifest.of(log(new long[][] {row}), PartitionGranularity.DAY, APR_1);
    HistoryManifest twice = HistoryManifest.of(log(new long[][] {row, row}), PartitionGranularity.DAY, APR_1);

    assertThat(twice.partitions().get(0).rows()).isEqualTo(2);
    assertThat(twice.partitions().get(0).hash()).isNotEqualTo(once.partitions().get(0).hash());
  }

  @Test
  void categoriesHashByNameSoRenumberingCodesChangesNothing() {
    EventLog a = EventLog.categorical("plan", new long[] {1, 2}, new long[] {MAR_1, MAR_1},
        new long[] {MAR_1, MAR_1}, new int[] {0, 1}, List.of("basic", "premium"));
    EventLog b = EventLog.categorical("plan", new long[] {1, 2}, new long[] {MAR_1, MAR_1},
        new long[] {MAR_1, MAR_1}, new int[] {1, 0}, List.of("premium", "basic"));

    assertThat(HistoryManifest.of(a, PartitionGranularity.DAY, APR_1))
        .isEqualTo(HistoryManifest.of(b, PartitionGranularity.DAY, APR_1));
  }

  @Test
  void aMonthIsTheSumOfItsDays() {
    EventLog log = log(new long[][] {{1, MAR_1, MAR_1, 1}, {2, MAR_1 + 3 * DAY, MAR_1, 2}, {3, MAR_1 + 9 * DAY, MAR_1, 3}});

    HistoryManifest days = HistoryManifest.of(log, PartitionGranularity.DAY, APR_1);
    HistoryManifest month = HistoryManifest.of(log, PartitionGranularity.MONTH, APR_1);

    assertThat(days.partitions()).hasSize(3);
    assertThat(month.partitions()).hasSize(1);
    java.math.BigInteger sum = java.math.BigInteger.ZERO;
    for (HistoryManifest.Partition day : days.partitions()) {
      sum = sum.add(new java.math.BigInteger(day.hash(), 16));
    }
    String expected = String.format("%032x", sum.mod(java.math.BigInteger.ONE.shiftLeft(128)));
    assertThat(month.partitions().get(0).hash()).isEqualTo(expected);
  }

  @Test
  void readErrorsNameTheJsonPath() {
    String valid = HistoryManifest.of(log(new long[][] {{1, MAR_1, MAR_1, 1}}), PartitionGranularity.DAY, APR_1).toJson();

    assertReadFails(valid.replace("\"rows\": 1", "\"rows\": 0"), "$.partitions[0].rows: must be at least 1");
    assertReadFails(valid.replace("\"rows\": 1", "\"rows\": \"1\""), "$.partitions[0].rows: expected a whole number");
    assertReadFails(valid.replace("2024-03-01\"", "2024-3-1\""), "$.partitions[0].partition: '2024-3-1' is not a day key");
    assertReadFails(valid.replace("\"schema\": 1", "\"schema\": 2"), "$.schema: unsupported schema 2");
    assertReadFails(valid.replace("\"granularity\": \"day\"", "\"granularity\": \"week\""),
        "$.granularity: 'week' is not one of [day, month]");
    assertReadFails(valid.replace("\"table\"", "\"tabel\""), "$.tabel: unknown field");
    assertReadFails(valid.replace("sum128-murmur3fmix-v1", "sha256"), "$.hash: manifest hashes were computed with 'sha256'");
    assertReadFails(valid.replace("\"closedBefore\": \"2024-04-01\"", "\"closedBefore\": \"2024-03-01\""),
        "$.partitions[0].partition: '2024-03-01' is not closed before 2024-03-01");
    assertReadFails(valid.substring(0, 40), "$: not valid JSON at line ");
    assertReadFails(valid + "{}", "nothing after it");
  }

  @Test
  void aMissingManifestSaysHowToCreateOne(@TempDir Path dir) {
    assertThatThrownBy(() -> HistoryManifest.read(dir.resolve("status.json")))
        .isInstanceOf(java.nio.file.NoSuchFileException.class)
        .hasMessageContaining("status.json")
        .hasMessageContaining("writeProposed");
  }

  @Test
  void readErrorsCatchUnsortedPartitions() {
    EventLog log = log(new long[][] {{1, MAR_1, MAR_1, 1}, {1, MAR_1 + DAY, MAR_1, 1}});
    String json = HistoryManifest.of(log, PartitionGranularity.DAY, APR_1).toJson();
    String swapped = json.replace("2024-03-01", "TMP").replace("2024-03-02", "2024-03-01").replace("TMP", "2024-03-02");

    assertReadFails(swapped, "$.partitions[1].partition: '2024-03-01' does not come after '2024-03-02'");
  }

  private static void assertReadFails(String json, String message) {
    assertThatThrownBy(() -> HistoryManifest.parse(json, "history/balance.json"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("history manifest history/balance.json")
        .hasMessageContaining(message);
  }

  @Test
  void proposesUnderTheReportDirectoryAndNeverOverTheCommittedFile(@TempDir Path dir) throws IOException {
    Path committed = dir.resolve("history/balance.json");
    Files.createDirectories(committed.getParent());
    Files.writeString(committed, "committed", StandardCharsets.UTF_8);
    HistoryManifest manifest = HistoryManifest.of(log(new long[][] {{1, MAR_1, MAR_1, 1}}), PartitionGranularity.DAY, APR_1);

    Path written = manifest.writeProposed(dir.resolve("target/backtest-gate"), committed);

    assertThat(written).isEqualTo(dir.resolve("target/backtest-gate/history-manifests/balance.json").toAbsolutePath());
    assertThat(HistoryManifest.read(written)).isEqualTo(manifest);
    assertThat(Files.readString(committed)).isEqualTo("committed");
    try (var files = Files.list(written.getParent())) {
      assertThat(files).containsExactly(written); // no temporary file left behind
    }
    Path committedInReportDir = dir.resolve("reports/history-manifests/balance.json");
    assertThatThrownBy(() -> manifest.writeProposed(dir.resolve("reports"), committedInReportDir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("would overwrite the committed one");
  }
}
