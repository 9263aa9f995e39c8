package dev.backtestgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.review.ReviewStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.types.Types;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code backtest-gate tripwire} reads the same production decisions from every source (CSV, Parquet, a Delta or an
 * Iceberg table, a DuckDB table or query) and says the same; its settings as {@code -D} options; bad sources refused.
 */
class TripwireOutcomesTests {
  private static final Instant JAN_1 = Instant.parse("2026-01-01T00:00:00Z");
  private static final Instant JULY_1 = Instant.parse("2026-07-01T00:00:00Z");
  private static final long DAY = 86_400_000L;
  private static final int N = 2_000;

  @TempDir
  Path dir;

  private Path claim;
  private final boolean[] labels = new boolean[N];
  private final double[] candidate = new double[N];
  private final double[] baseline = new double[N];
  private final long[] decided = new long[N];

  @BeforeEach
  void claimAndProduction() throws IOException {
    Random random = new Random(5);
    int n = 3_000;
    boolean[] y = new boolean[n];
    double[] c = new double[n];
    double[] b = new double[n];
    long[] t = new long[n];
    for (int i = 0; i < n; i++) {
      y[i] = random.nextDouble() < 0.3;
      double shared = random.nextGaussian();
      c[i] = shared + random.nextGaussian() + (y[i] ? 2.3 : 0);   // a backtest that saw the future
      b[i] = shared + random.nextGaussian() + (y[i] ? 1.0 : 0);
      t[i] = JAN_1.toEpochMilli() + (long) (random.nextDouble() * 180 * DAY);
    }
    BacktestRun run = BacktestRun.builder("churn-v7").labels(y).candidate("gbm", c).baseline("logreg", b)
        .decisionTimes(t).timelessFeature("tenure", "fixed at signup").build();
    claim = Files.writeString(dir.resolve("churn-v7.json"), ClaimJson.write(Claim.of(BacktestGate.evaluate(run,
        GatePolicy.defaults(), ReviewStore.directory(dir.resolve("r")), Clock.fixed(JULY_1, ZoneOffset.UTC)), run)));
    for (int i = 0; i < N; i++) {
      labels[i] = random.nextDouble() < 0.3;
      double shared = random.nextGaussian();
      candidate[i] = shared + random.nextGaussian() + (labels[i] ? 1.3 : 0);
      baseline[i] = shared + random.nextGaussian() + (labels[i] ? 1.0 : 0);
      decided[i] = JULY_1.toEpochMilli() + (i * 120L * DAY) / N;
    }
  }

  /** Rows decided in the last 30 days have no label yet. */
  private boolean known(int i) {
    return decided[i] + 30 * DAY <= JULY_1.toEpochMilli() + 120 * DAY;
  }

  private ToolRun tripwire(String outcomes, String... more) {
    return ToolRun.of(Stream.concat(Stream.of("tripwire", "--claim", claim.toString(), outcomes, "--at",
        "2026-10-29T00:00:00Z"), Stream.of(more)).toArray(String[]::new));
  }

  private Path csv() throws IOException {
    StringBuilder csv = new StringBuilder("decidedAt,candidateScore,label,labelKnownAt,baselineScore,decisionId\n");
    for (int i = 0; i < N; i++) {
      csv.append(Instant.ofEpochMilli(decided[i])).append(',').append(candidate[i]).append(',')
          .append(known(i) ? (labels[i] ? "1" : "0") : "").append(',')
          .append(known(i) ? Instant.ofEpochMilli(decided[i] + 30 * DAY).toString() : "").append(',')
          .append(baseline[i]).append(",d").append(i).append('\n');
    }
    return Files.writeString(dir.resolve("outcomes.csv"), csv.toString());
  }

  private Path parquet() throws IOException {
    Path file = dir.resolve("outcomes.parquet");
    MessageType schema = MessageTypeParser.parseMessageType("message outcomes { required int64 decidedAt "
        + "(TIMESTAMP(MICROS,true)); required double candidateScore; optional boolean label; optional int64 "
        + "labelKnownAt (TIMESTAMP(MILLIS,true)); required double baselineScore; required binary decisionId (STRING); }");
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED).build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      for (int i = 0; i < N; i++) {
        Group row = groups.newGroup().append("decidedAt", decided[i] * 1000).append("candidateScore", candidate[i]);
        if (known(i)) {
          row.append("label", labels[i]).append("labelKnownAt", decided[i] + 30 * DAY);
        }
        writer.write(row.append("baselineScore", baseline[i]).append("decisionId", "d" + i));
      }
    }
    return file;
  }

  private Path iceberg() throws IOException {
    Schema schema = new Schema(
        Types.NestedField.required(1, "decidedAt", Types.TimestampType.withZone()),
        Types.NestedField.required(2, "candidateScore", Types.DoubleType.get()),
        Types.NestedField.optional(3, "label", Types.BooleanType.get()),
        Types.NestedField.optional(4, "labelKnownAt", Types.TimestampType.withZone()),
        Types.NestedField.required(5, "baselineScore", Types.DoubleType.get()),
        Types.NestedField.required(6, "decisionId", Types.StringType.get()));
    Path location = dir.resolve("warehouse/decisions");
    Table table = new HadoopTables(new Configuration()).create(schema, PartitionSpec.unpartitioned(), Map.of(),
        location.toUri().toString());
    DataWriter<Record> writer = org.apache.iceberg.parquet.Parquet.writeData(table.io().newOutputFile(
            location.resolve("data/" + UUID.randomUUID() + ".parquet").toUri().toString())).forTable(table)
        .withSpec(table.spec()).createWriterFunc(GenericParquetWriter::create).overwrite().build();
    try (writer) {
      for (int i = 0; i < N; i++) {
        GenericRecord row = GenericRecord.create(schema);
        row.setField("decidedAt", OffsetDateTime.ofInstant(Instant.ofEpochMilli(decided[i]), ZoneOffset.UTC));
        row.setField("candidateScore", candidate[i]);
        row.setField("label", known(i) ? labels[i] : null);
        row.setField("labelKnownAt", known(i)
            ? OffsetDateTime.ofInstant(Instant.ofEpochMilli(decided[i] + 30 * DAY), ZoneOffset.UTC) : null);
        row.setField("baselineScore", baseline[i]);
        row.setField("decisionId", "d" + i);
        writer.write(row);
      }
    }
    table.newAppend().appendFile(writer.toDataFile()).commit();
    return location;
  }

  /**
   * A real Delta table written as Delta's protocol says (Parquet data files, a JSON commit log): commit 0 adds the
   * first half of the decisions and a file of other rows, commit 1 removes that file and adds the second half.
   */
  private Path delta() throws IOException {
    Path root = Files.createDirectories(dir.resolve("lake/decisions/_delta_log")).getParent();
    MessageType schema = MessageTypeParser.parseMessageType("message outcomes { required int64 decidedAt "
        + "(TIMESTAMP(MICROS,true)); required double candidateScore; optional boolean label; optional int64 "
        + "labelKnownAt (TIMESTAMP(MICROS,true)); required double baselineScore; required binary decisionId "
        + "(STRING); }");
    deltaFile(root.resolve("part-0.parquet"), schema, 0, N / 2, "d");
    deltaFile(root.resolve("part-removed.parquet"), schema, 0, 10, "gone");
    deltaFile(root.resolve("part-1.parquet"), schema, N / 2, N, "d");
    String fields = Stream.of("decidedAt:timestamp", "candidateScore:double", "label:boolean",
        "labelKnownAt:timestamp", "baselineScore:double", "decisionId:string").map(f -> f.split(":"))
        .map(f -> "{\\\"name\\\":\\\"" + f[0] + "\\\",\\\"type\\\":\\\"" + f[1]
            + "\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}}")
        .collect(java.util.stream.Collectors.joining(","));
    Files.writeString(root.resolve("_delta_log/00000000000000000000.json"), String.join("\n",
        "{\"commitInfo\":{\"timestamp\":" + JULY_1.toEpochMilli() + ",\"operation\":\"WRITE\"}}",
        "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}",
        "{\"metaData\":{\"id\":\"decisions\",\"format\":{\"provider\":\"parquet\",\"options\":{}},"
            + "\"schemaString\":\"{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":[" + fields + "]}\","
            + "\"partitionColumns\":[],\"configuration\":{},\"createdTime\":" + JULY_1.toEpochMilli() + "}}",
        add("part-0.parquet", N / 2), add("part-removed.parquet", 10)) + "\n");
    Files.writeString(root.resolve("_delta_log/00000000000000000001.json"), String.join("\n",
        "{\"commitInfo\":{\"timestamp\":" + (JULY_1.toEpochMilli() + DAY) + ",\"operation\":\"WRITE\"}}",
        "{\"remove\":{\"path\":\"part-removed.parquet\",\"deletionTimestamp\":" + (JULY_1.toEpochMilli() + DAY)
            + ",\"dataChange\":true}}", add("part-1.parquet", N - N / 2)) + "\n");
    return root;
  }

  private static String add(String path, long rows) {
    return "{\"add\":{\"path\":\"" + path + "\",\"partitionValues\":{},\"size\":1,\"modificationTime\":"
        + JULY_1.toEpochMilli() + ",\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":" + rows + "}\"}}";
  }

  private void deltaFile(Path file, MessageType schema, int from, int to, String id) throws IOException {
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
        .withCompressionCodec(CompressionCodecName.UNCOMPRESSED).build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      for (int i = from; i < to; i++) {
        Group row = groups.newGroup().append("decidedAt", decided[i] * 1000).append("candidateScore", candidate[i]);
        if (known(i)) {
          row.append("label", labels[i]).append("labelKnownAt", (decided[i] + 30 * DAY) * 1000);
        }
        writer.write(row.append("baselineScore", baseline[i]).append("decisionId", id + i));
      }
    }
  }

  private String duckdb() throws SQLException {
    Path file = dir.resolve("prod.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE decisions (decided_at TIMESTAMPTZ, score DOUBLE, churned BOOLEAN, churn_known_at "
          + "TIMESTAMP, base DOUBLE, id VARCHAR)");
      try (PreparedStatement insert = c.prepareStatement("INSERT INTO decisions VALUES (?, ?, ?, ?, ?, ?)")) {
        for (int i = 0; i < N; i++) {
          insert.setObject(1, OffsetDateTime.ofInstant(Instant.ofEpochMilli(decided[i]), ZoneOffset.UTC));
          insert.setDouble(2, candidate[i]);
          insert.setObject(3, known(i) ? labels[i] : null);
          insert.setObject(4, known(i) ? java.time.LocalDateTime.ofInstant(Instant.ofEpochMilli(decided[i]
              + 30 * DAY), ZoneOffset.UTC) : null);
          insert.setDouble(5, baseline[i]);
          insert.setString(6, "d" + i);
          insert.addBatch();
        }
        insert.executeBatch();
      }
      s.execute("CREATE VIEW outcomes AS SELECT decided_at AS decidedAt, score AS candidateScore, churned AS label, "
          + "churn_known_at AS labelKnownAt, base AS baselineScore, id AS decisionId FROM decisions");
    }
    return "jdbc:duckdb:" + file;
  }

  @Test
  void everySourceOfTheSameDecisionsTripsAlike() throws IOException, SQLException {
    ToolRun fromCsv = tripwire(csv().toString());
    String url = duckdb();
    List<ToolRun> others = List.of(tripwire(parquet().toString()), tripwire("iceberg:" + iceberg()),
        tripwire("delta:" + delta()),
        tripwire(url + "#outcomes"), tripwire(url, "--sql", "SELECT decided_at AS decidedAt, score AS "
            + "candidateScore, churned AS label, churn_known_at AS labelKnownAt, base AS baselineScore, id AS "
            + "decisionId FROM decisions"));

    assertThat(fromCsv.code()).as(fromCsv.err()).isEqualTo(Main.FINDINGS);
    assertThat(fromCsv.out()).startsWith("Tripwire TRIPPED: churn-v7").contains("Production's lift");
    for (ToolRun other : others) {
      assertThat(other.code()).as(other.err()).isEqualTo(Main.FINDINGS);
      assertThat(other.out()).isEqualTo(fromCsv.out());
    }
  }

  @Test
  void theSettingsAreDOptionsReadAsEveryKeyAndAMisspellingIsNamed() throws IOException {
    String outcomes = csv().toString();

    ToolRun lenient = tripwire(outcomes, "-Dbacktestgate.tripwire-min-gap=0.9");
    ToolRun misspelt = tripwire(outcomes, "-Dbacktestgate.tripwire-alfa=0.005");
    ToolRun invalid = tripwire(outcomes, "-Dbacktestgate.tripwire-alpha=0.9");

    assertThat(lenient.code()).as(lenient.err()).isEqualTo(Main.OK);
    assertThat(misspelt.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(misspelt.err()).contains("-Dbacktestgate.tripwire-alfa is not a setting: did you mean "
        + "backtestgate.tripwire-alpha?");
    assertThat(invalid.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(invalid.err()).contains("backtestgate.tripwire-alpha", "0.9");
  }

  static Stream<Arguments> badSources() {
    return Stream.of(
        Arguments.of("outcomes.parquet", "decidedAt,candidateScore,label,labelKnownAt\n", List.of(
            "does not start with PAR1", "a CSV file named .parquet?", "Rename a CSV file to .csv")),
        Arguments.of("outcomes.parquet", "PAR1", List.of("is not a readable Parquet file")),
        Arguments.of("outcomes.json", "{}", List.of("neither the extension .csv nor .parquet")),
        Arguments.of("outcomes.csv", "\u0000\u0000\u0000\u0000x\n", List.of("holds NUL bytes")));
  }

  @ParameterizedTest
  @MethodSource("badSources")
  void anOutcomesFileThatIsNotWhatItsNameSaysCannotBeChecked(String name, String content, List<String> words)
      throws IOException {
    Path file = Files.writeString(dir.resolve(name), content);

    ToolRun run = tripwire(file.toString());

    assertThat(run.code()).as(run.out()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains(words);
  }

  @Test
  void aDeltaTableWithDeletionVectorsIsRefusedNotReadInPart() throws IOException {
    Path table = delta();
    Files.writeString(table.resolve("_delta_log/00000000000000000002.json"), String.join("\n",
        "{\"commitInfo\":{\"timestamp\":" + (JULY_1.toEpochMilli() + 2 * DAY) + ",\"operation\":\"DELETE\"}}",
        "{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,\"readerFeatures\":[\"deletionVectors\"],"
            + "\"writerFeatures\":[\"deletionVectors\"]}}",
        "{\"remove\":{\"path\":\"part-1.parquet\",\"deletionTimestamp\":0,\"dataChange\":true}}",
        "{\"add\":{\"path\":\"part-1.parquet\",\"partitionValues\":{},\"size\":1,\"modificationTime\":0,"
            + "\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":1000}\",\"deletionVector\":{\"storageType\":\"u\","
            + "\"pathOrInlineDv\":\"ab^-aqEH.-t@S}K{vb[*k^\",\"offset\":1,\"sizeInBytes\":36,\"cardinality\":2}}}")
        + "\n");

    ToolRun run = tripwire("delta:" + table);

    assertThat(run.code()).as(run.out()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("at version 2", "part-1.parquet has a deletion vector", "OPTIMIZE",
        "SparkTripwire");
  }

  @Test
  void aSqlSourceNeedsATableOrAQueryAndATableMustBeOne() throws IOException {
    ToolRun noTable = tripwire("jdbc:duckdb:" + dir.resolve("x.duckdb"));
    ToolRun both = tripwire("jdbc:duckdb:" + dir.resolve("x.duckdb") + "#t", "--sql", "SELECT 1");
    ToolRun sqlOnFile = tripwire(csv().toString(), "--sql", "SELECT 1");
    ToolRun notIceberg = tripwire("iceberg:" + dir);
    ToolRun delta = tripwire("delta:" + dir);

    assertThat(noTable.err()).contains("names no table", "#");
    assertThat(both.err()).contains("name a table and --sql a query");
    assertThat(sqlOnFile.err()).contains("are not a JDBC URL");
    assertThat(notIceberg.err()).contains("is not an Iceberg table");
    assertThat(delta.err()).contains("is not a Delta table", "_delta_log");
    assertThat(List.of(noTable.code(), both.code(), sqlOnFile.code(), notIceberg.code(), delta.code()))
        .containsOnly(Main.CANNOT_CHECK);
  }
}
