package dev.backtestgate.lakehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.OutcomesCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tripwire's outcomes read from a real Iceberg table (HadoopTables, Parquet written by Iceberg's API). */
class IcebergOutcomesTests {
  private static final Schema OUTCOMES = new Schema(
      Types.NestedField.required(1, "decidedAt", Types.TimestampType.withZone()),
      Types.NestedField.required(2, "candidateScore", Types.DoubleType.get()),
      Types.NestedField.optional(3, "label", Types.BooleanType.get()),
      Types.NestedField.optional(4, "labelKnownAt", Types.TimestampType.withoutZone()),
      Types.NestedField.optional(5, "baselineScore", Types.FloatType.get()),
      Types.NestedField.optional(6, "region", Types.StringType.get()));
  private static final String CSV = """
      decidedAt,candidateScore,label,labelKnownAt,baselineScore,region
      2026-07-02T09:30:00Z,0.81,1,2026-08-01T00:00:00Z,0.75,north
      2026-07-03T00:00:00Z,0.2,0,2026-08-02T12:00:00Z,0.25,
      2026-07-04T10:00:00Z,0.55,,,0.5,south
      """;

  @TempDir
  Path dir;

  private Table table(Schema schema, List<Record> rows) throws IOException {
    String location = dir.resolve("decisions").toUri().toString();
    Table table = new HadoopTables(new Configuration()).create(schema, PartitionSpec.unpartitioned(), Map.of(),
        location);
    DataWriter<Record> writer = Parquet.writeData(table.io().newOutputFile(location + "/data/" + UUID.randomUUID()
            + ".parquet")).forTable(table).withSpec(table.spec()).createWriterFunc(GenericParquetWriter::create)
        .overwrite().build();
    try (writer) {
      rows.forEach(writer::write);
    }
    table.newAppend().appendFile(writer.toDataFile()).commit();
    return table;
  }

  private static Record row(String decided, double score, Boolean label, String known, float base, String region) {
    GenericRecord row = GenericRecord.create(OUTCOMES);
    row.setField("decidedAt", OffsetDateTime.parse(decided));
    row.setField("candidateScore", score);
    row.setField("label", label);
    row.setField("labelKnownAt", known == null ? null : LocalDateTime.parse(known));
    row.setField("baselineScore", base);
    row.setField("region", region);
    return row;
  }

  @Test
  void anIcebergTableReadsTheSameOutcomesAsTheSameRowsInCsv() throws IOException {
    table(OUTCOMES, List.of(row("2026-07-02T09:30:00Z", 0.81, true, "2026-08-01T00:00:00", 0.75f, "north"),
        row("2026-07-03T00:00:00Z", 0.2, false, "2026-08-02T12:00:00", 0.25f, null),
        row("2026-07-04T10:00:00Z", 0.55, null, null, 0.5f, "south")));

    String location = dir.resolve("decisions").toString();
    // tag::iceberg[]
    Outcomes iceberg = IcebergOutcomes.read(location);   // the current snapshot; or IcebergOutcomes.read(table)
    // end::iceberg[]
    Outcomes csv = OutcomesCsv.read(Files.writeString(dir.resolve("o.csv"), CSV));

    assertThat(iceberg.rows()).isEqualTo(3);
    assertThat(iceberg.decidedAt()).containsExactly(csv.decidedAt());
    assertThat(iceberg.candidateScores()).containsExactly(csv.candidateScores());
    assertThat(iceberg.labels()).containsExactly(csv.labels());
    assertThat(iceberg.labelKnownAt()).containsExactly(csv.labelKnownAt());
    assertThat(iceberg.labelKnownAt()[2]).isEqualTo(Outcomes.NOT_KNOWN);
    assertThat(iceberg.baselineScores().orElseThrow()).containsExactly(csv.baselineScores().orElseThrow());
    assertThat(iceberg.servedFeatures()).isEqualTo(csv.servedFeatures());
  }

  @Test
  void aTableWithoutARequiredColumnOrNotATableIsRefusedWithTheFix() throws IOException {
    Schema noLabelTime = new Schema(OUTCOMES.columns().subList(0, 3));
    GenericRecord row = GenericRecord.create(noLabelTime);
    row.setField("decidedAt", OffsetDateTime.parse("2026-07-02T09:30:00Z"));
    row.setField("candidateScore", 0.4);
    row.setField("label", true);
    table(noLabelTime, List.of(row));

    Throwable missing = catchThrowable(() -> IcebergOutcomes.read(dir.resolve("decisions").toString()));
    Throwable notATable = catchThrowable(() -> IcebergOutcomes.read(dir.toString()));

    assertThat(missing).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("has no column labelKnownAt").hasMessageContaining("the Iceberg table");
    assertThat(notATable).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not an Iceberg table");
  }
}
