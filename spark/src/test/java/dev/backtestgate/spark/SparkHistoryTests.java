package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.history.HistoryCheck;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.LateWriteDetector;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.time.Corrections;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.MissingValues;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * History manifests and late writes on Spark against the in-memory ones: manifests byte for byte (both
 * granularities, numeric and categorical values, NaN, -0.0, missing categories, times before 1970), a
 * manifest from either engine checked on the other, and equal late-write reports.
 */
class SparkHistoryTests {
  private static final long DAY = 86_400_000L;

  private final SparkSession spark = SparkTests.session();

  @Property(tries = 10)
  void manifestsAndLateWriteReportsEqualTheInMemoryOnes(
      @ForAll long seed, @ForAll boolean categorical, @ForAll boolean monthly,
      @ForAll @IntRange(min = 0, max = 5) int windowDays) {
    Random random = new Random(seed);
    EventLog log = randomLog(random, categorical, 1 + random.nextInt(400));
    PartitionGranularity granularity = monthly ? PartitionGranularity.MONTH : PartitionGranularity.DAY;
    Instant closedBefore = Instant.ofEpochMilli((random.nextInt(120) - 20) * DAY + random.nextInt(1000));
    SparkEventLog frame = JoinData.logFrame(spark, log);

    HistoryManifest memory = HistoryManifest.of(log, granularity, closedBefore);
    HistoryManifest cluster = SparkHistoryManifest.of("f", frame.events(), granularity, closedBefore);
    assertThat(cluster.toJson()).isEqualTo(memory.toJson());
    assertThat(HistoryCheck.compare(cluster, log).clean()).isTrue();

    LateWriteDetector settings = LateWriteDetector.builder().closingWindow(Duration.ofDays(windowDays))
        .maxExamples(3).build();
    LateWriteReport expected = settings.detect(log);
    LateWriteReport actual = SparkLateWriteDetector.of(settings).detect(frame);
    assertThat(actual).isEqualTo(expected);
  }

  @Test
  void anInMemoryManifestCatchesARewriteDoneOnSpark() {
    EventLog log = randomLog(new Random(7), false, 300);
    Instant closedBefore = Instant.ofEpochMilli(100 * DAY);
    HistoryManifest committed = HistoryManifest.of(log, PartitionGranularity.DAY, closedBefore);
    Dataset<Row> rewritten = JoinData.logFrame(spark, log).events()
        .selectExpr("entity", "validFrom", "recordedAt", "eventId",
            "IF(eventId = 5, value + 1, value) AS value");

    HistoryCheckResult result = HistoryCheck.compare(
        committed, SparkHistoryManifest.of("f", rewritten, PartitionGranularity.DAY, closedBefore));

    assertThat(result.clean()).isFalse();
    assertThat(result.findings()).hasSize(1);
    assertThat(result.problems().get(0)).contains(PartitionGranularity.DAY.key(
        java.time.LocalDate.ofEpochDay(Math.floorDiv(log.validFrom()[5], DAY))));
  }

  @Property(tries = 6, seed = "24")
  void declaredCorrectionsAreListedByReasonCodeAsInMemory(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 5) int windowDays) {
    Random random = new Random(seed);
    EventLog plain = randomLog(random, false, 1 + random.nextInt(400));
    int n = plain.size();
    long[] corrects = new long[n];
    String[] reasons = new String[n];
    java.util.Arrays.fill(corrects, Corrections.NONE);
    for (int i = 0; i < n; i++) {
      int target = random.nextInt(n);
      if (random.nextInt(3) > 0 && plain.entity()[target] == plain.entity()[i]
          && plain.recordedAt()[target] < plain.recordedAt()[i]) {
        corrects[i] = target;
        reasons[i] = "r" + random.nextInt(3);
      }
    }
    EventLog log = plain.withCorrections(null, corrects, reasons);
    SparkEventLog frame = declared(plain, corrects, reasons);

    LateWriteDetector settings = LateWriteDetector.builder().closingWindow(Duration.ofDays(windowDays))
        .maxExamples(3).build();
    LateWriteReport expected = settings.detect(log);
    LateWriteReport actual = SparkLateWriteDetector.of(settings).detect(frame);
    assertThat(actual).isEqualTo(expected);
  }

  @Test
  void badDeclarationsAreRefusedOnSparkNamingTheEvent() {
    EventLog log = EventLog.numeric("status", new long[] {7, 7, 8}, new long[] {0, 0, DAY},
        new long[] {10, 40 * DAY, DAY + 5}, new double[3]);
    long none = Corrections.NONE;
    SparkLateWriteDetector detector = SparkLateWriteDetector.of(LateWriteDetector.withDefaults());
    assertThatThrownBy(() -> detector.detect(declared(log, new long[] {none, 5, none},
        new String[] {null, "fix", null})))
        .hasMessage("event log 'status': event 1 (entity 7) corrects event 5, which is not in the log; fix the "
            + "pointer, or load the corrected event too (a correction must point at a real event)");
    assertThatThrownBy(() -> detector.detect(declared(log, new long[] {1, none, none},
        new String[] {"fix", null, null})))
        .hasMessageContaining("event log 'status': event 0 (entity 7) is recorded at 1970-01-01T00:00:00.010Z, at "
            + "or before event 1 it corrects");
    assertThatThrownBy(() -> detector.detect(declared(log, new long[] {0, none, none},
        new String[] {"self", null, null})))
        .hasMessageContaining("event 0 (entity 7) is part of a correction cycle (0 corrects 0)");
    assertThatThrownBy(() -> detector.detect(declared(log, new long[] {none, 0, none},
        new String[] {null, " ", null})))
        .hasMessageContaining("event 1 (entity 7) declares that it corrects event 0, but its reason code is empty");
    assertThatThrownBy(() -> detector.detect(declared(log, new long[] {none, 0, none},
        new String[] {null, "x".repeat(65), null})))
        .hasMessageContaining("more than the limit of 64");
    assertThatThrownBy(() -> detector.detect(declared(log, new long[] {none, none, none},
        new String[] {null, "fix", null})))
        .hasMessageContaining("event 1 (entity 7) has reason code 'fix' but corrects no event");
    assertThatThrownBy(() -> detector.detect(declared(log, new long[] {none, none, 0},
        new String[] {null, null, "fix"})))
        .hasMessageContaining("event 2 (entity 8) corrects event 0 of entity 7");
  }

  /** The log's frame with the declarations in columns named {@code fixes} and {@code why}. */
  private SparkEventLog declared(EventLog log, long[] corrects, String[] reasons) {
    List<Row> rows = new java.util.ArrayList<>();
    for (int i = 0; i < log.size(); i++) {
      rows.add(org.apache.spark.sql.RowFactory.create((long) i,
          corrects[i] == Corrections.NONE ? null : corrects[i], reasons[i]));
    }
    org.apache.spark.sql.types.StructType schema = new org.apache.spark.sql.types.StructType()
        .add("declaredId", org.apache.spark.sql.types.DataTypes.LongType, false)
        .add("fixes", org.apache.spark.sql.types.DataTypes.LongType, true)
        .add("why", org.apache.spark.sql.types.DataTypes.StringType, true);
    Dataset<Row> declarations = spark.createDataFrame(rows, schema);
    Dataset<Row> events = JoinData.logFrame(spark, log).events();
    Dataset<Row> joined = events.join(declarations, events.col("eventId").equalTo(declarations.col("declaredId")))
        .drop("declaredId");
    return SparkEventLog.of(log.name(), joined).withCorrections("fixes", "why");
  }

  private static EventLog randomLog(Random random, boolean categorical, int n) {
    long[] entity = new long[n];
    long[] validFrom = new long[n];
    long[] recordedAt = new long[n];
    for (int i = 0; i < n; i++) {
      entity[i] = random.nextInt(20) - 3;
      validFrom[i] = (random.nextInt(100) - 30) * DAY + random.nextInt((int) DAY);
      recordedAt[i] = validFrom[i] + (random.nextInt(4) == 0 ? random.nextInt(20) * DAY : random.nextInt(3_600_000))
          - (random.nextInt(10) == 0 ? 2 * DAY : 0);
    }
    if (categorical) {
      int[] codes = new int[n];
      for (int i = 0; i < n; i++) {
        codes[i] = random.nextInt(10) - 1;
      }
      return EventLog.categorical("f", entity, validFrom, recordedAt, codes,
          List.of("a", "b", "ü", "", "premium", "x y", "12345678", "123456789", "z"), MissingValues.KEEP);
    }
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = switch (random.nextInt(5)) {
        case 0 -> Double.NaN;
        case 1 -> -0.0;
        case 2 -> 0.0;
        default -> random.nextGaussian();
      };
    }
    return EventLog.numeric("f", entity, validFrom, recordedAt, values, MissingValues.KEEP);
  }
}
