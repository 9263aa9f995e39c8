package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.backtestgate.Comparison;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.OutcomesCsv;
import dev.backtestgate.tripwire.Tripwire;
import dev.backtestgate.tripwire.TripwireResult;
import dev.backtestgate.tripwire.TripwireSettings;
import dev.backtestgate.tripwire.TripwireText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tripwire on a DataFrame: the same outcomes and the same result as from the same rows in CSV. */
class SparkTripwireTests {
  private static final long JULY = Instant.parse("2026-07-01T00:00:00Z").toEpochMilli();
  private static final long DAY = 86_400_000L;
  private static final Instant CHECKED = Instant.parse("2026-12-01T00:00:00Z");
  private static final Claim CLAIM = new Claim("churn-v7", "sha256-v2:" + "a".repeat(64),
      Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-06-30T00:00:00Z"), "gbm", "logreg", 0.90, 0.75,
      new Claim.Variances(1e-4, 1.2e-4, 0.8e-4), Comparison.Interval.PAIRED_DELONG, 0.90 - 0.75, 0.13, 0.17, 0.95,
      4_000, 1_000, null, List.of(), List.of("tenure"), List.of(new Claim.TableRead("events", null, "a manifest")));
  private static final StructType SCHEMA = new StructType()
      .add("decidedAt", DataTypes.TimestampType, false)
      .add("candidateScore", DataTypes.DoubleType, false)
      .add("label", DataTypes.IntegerType, true)
      .add("labelKnownAt", DataTypes.LongType, true)
      .add("baselineScore", DataTypes.DoubleType, false)
      .add("decisionId", DataTypes.StringType, false)
      .add("region", DataTypes.StringType, true);

  private final SparkSession spark = SparkTests.session();

  @TempDir
  Path dir;

  @Test
  void aDataFrameGivesTheSameOutcomesAndTheSameTripAsTheSameRowsInCsv() throws IOException {
    Random random = new Random(11);
    List<Row> rows = new ArrayList<>();
    StringBuilder csv = new StringBuilder("decidedAt,candidateScore,label,labelKnownAt,baselineScore,decisionId,"
        + "region\n");
    for (int i = 0; i < 3_000; i++) {
      boolean label = random.nextDouble() < 0.3;
      boolean known = i % 10 != 0;
      double shared = random.nextGaussian();
      double candidate = shared + random.nextGaussian() + (label ? 1.3 : 0);
      double baseline = shared + random.nextGaussian() + (label ? 1.0 : 0);
      long decided = JULY + i * 3_600_000L;
      rows.add(RowFactory.create(new Timestamp(decided), candidate, known ? (label ? 1 : 0) : null,
          known ? decided + 30 * DAY : null, baseline, "d" + i, "north"));
      csv.append(Instant.ofEpochMilli(decided)).append(',').append(candidate).append(',')
          .append(known ? (label ? "1" : "0") : "").append(',').append(known ? decided + 30 * DAY : "").append(',')
          .append(baseline).append(",d").append(i).append(",north\n");
    }
    Dataset<Row> frame = spark.createDataFrame(rows, SCHEMA).repartition(3);
    Outcomes fromCsv = OutcomesCsv.read(Files.writeString(dir.resolve("o.csv"), csv.toString()));

    Outcomes fromSpark = SparkTripwire.outcomes(frame.orderBy("decidedAt"));
    Dataset<Row> decisions = frame.orderBy("decidedAt");
    // tag::spark[]
    TripwireResult result = SparkTripwire.check(CLAIM, decisions, CHECKED, TripwireSettings.defaults());
    // end::spark[]

    assertThat(fromSpark.decidedAt()).containsExactly(fromCsv.decidedAt());
    assertThat(fromSpark.candidateScores()).containsExactly(fromCsv.candidateScores());
    assertThat(fromSpark.labels()).containsExactly(fromCsv.labels());
    assertThat(fromSpark.labelKnownAt()).containsExactly(fromCsv.labelKnownAt());
    assertThat(fromSpark.baselineScores().orElseThrow()).containsExactly(fromCsv.baselineScores().orElseThrow());
    assertThat(fromSpark.servedFeatures()).isEmpty();
    assertThat(result).isInstanceOf(TripwireResult.Tripped.class);
    assertThat(TripwireText.render(CLAIM, result)).isEqualTo(TripwireText.render(CLAIM,
        Tripwire.check(CLAIM, fromCsv, CHECKED, TripwireSettings.defaults())));
  }

  @Test
  void aMisspeltColumnOrALabelThatIsNotZeroOrOneIsNamed() {
    Dataset<Row> frame = spark.createDataFrame(List.of(RowFactory.create(new Timestamp(JULY), 0.4, 2, JULY + DAY,
        0.3, "d0", null)), SCHEMA);

    Throwable misspelt = catchThrowable(() -> SparkTripwire.outcomes(frame.withColumnRenamed("candidateScore",
        "candidatescore")));
    Throwable badLabel = catchThrowable(() -> SparkTripwire.outcomes(frame));

    assertThat(misspelt).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the DataFrame has the column 'candidatescore'")
        .hasMessageContaining("rename it to 'candidateScore'");
    assertThat(badLabel).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("row 0, column 'label' holds the label '2'");
  }
}
