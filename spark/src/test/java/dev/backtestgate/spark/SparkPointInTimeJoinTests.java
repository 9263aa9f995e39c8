package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.JoinedFeature;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

class SparkPointInTimeJoinTests {
  private final SparkSession spark = SparkTests.session();

  @Test
  void passOneFindsTheRangeShuffleUnderTheSortSoBothPassesShareIt() {
    JavaRDD<Row> sorted = spark.range(1_000).toDF("x")
        .repartitionByRange(4, col("x")).sortWithinPartitions(col("x")).javaRDD();

    RDD<InternalRow> unsorted = AsOfScan.shuffleOutput(sorted.rdd());

    assertThat(unsorted).as("the shuffle reader under the sort").isNotNull();
    assertThat(unsorted.getNumPartitions()).isEqualTo(sorted.getNumPartitions());
    assertThat(unsorted.toJavaRDD().count()).isEqualTo(1_000);
  }

  @Test
  void fingerprintsRepeatOnlyForEqualFields() {
    AsOfScan.Fingerprints seen = new AsOfScan.Fingerprints();
    for (long i = 0; i < 10_000; i++) {
      assertThat(seen.add(AsOfScan.Fingerprints.of(i % 7, i, i + 1, i))).as("event %d", i).isTrue();
    }
    assertThat(seen.add(AsOfScan.Fingerprints.of(3, 3, 4, 3))).isFalse();
    assertThat(seen.add(0)).isTrue();
    assertThat(seen.add(0)).isFalse();
  }

  @Test
  void hotEntitySpreadsOverPartitionsAndCarriesItsStateAcross() {
    int events = 2_000;
    long[] entity = new long[events + 2];
    long[] validFrom = new long[events + 2];
    long[] recordedAt = new long[events + 2];
    double[] values = new double[events + 2];
    for (int i = 0; i < events; i++) { // entity 0 holds almost everything; the best event comes early
      validFrom[i] = i == 7 ? 5_000 : i;
      recordedAt[i] = i == 7 ? 10 : i + 1;
      values[i] = i;
    }
    entity[events] = 1;
    entity[events + 1] = 2;
    EventLog log = EventLog.numeric("f", entity, validFrom, recordedAt, values);
    Spine spine = Spine.of(new long[] {0, 0, 0, 1, 2, 3}, new long[] {9_000, 4_999, 1_500, 3, 0, 9});

    List<Row> rows = SparkPointInTimeJoin.builder().partitions(8).build()
        .join(JoinData.spineFrame(spark, spine), JoinData.logFrame(spark, log))
        .orderBy("rowId").collectAsList();

    JoinedFeature.Numeric expected = PointInTimeJoin.builder().build().join(spine, log).numeric("f");
    assertThat(expected.sourceIndex()).containsExactly(7, 1_999, 1_499, events, events + 1, -1);
    for (int r = 0; r < spine.size(); r++) {
      Object source = rows.get(r).getAs("f_sourceId");
      assertThat(source).as("row %d", r)
          .isEqualTo(expected.sourceIndex()[r] < 0 ? null : (long) expected.sourceIndex()[r]);
    }
  }

  @Test
  void stringEntitiesTimestampsAndOtherSpineColumnsPassThrough() {
    StructType spineSchema = new StructType()
        .add("customer", DataTypes.StringType)
        .add("decidedAt", DataTypes.TimestampType)
        .add("label", DataTypes.BooleanType);
    Dataset<Row> spine = spark.createDataFrame(List.of(
        RowFactory.create("alice", Timestamp.valueOf("2024-03-02 00:00:00"), true),
        RowFactory.create("bob", Timestamp.valueOf("2024-03-02 00:00:00"), false)), spineSchema);
    StructType eventSchema = new StructType()
        .add("entity", DataTypes.StringType)
        .add("validFrom", DataTypes.TimestampType)
        .add("recordedAt", DataTypes.TimestampType)
        .add("eventId", DataTypes.IntegerType)
        .add("value", DataTypes.StringType);
    Dataset<Row> events = spark.createDataFrame(List.of(
        RowFactory.create("alice", Timestamp.valueOf("2024-03-01 00:00:00"),
            Timestamp.valueOf("2024-03-01 12:00:00"), 1, "premium"),
        RowFactory.create("alice", Timestamp.valueOf("2024-03-01 00:00:00"),
            Timestamp.valueOf("2024-03-05 00:00:00"), 2, "basic")), eventSchema);

    List<Row> rows = SparkPointInTimeJoin.builder().spineColumns("customer", "decidedAt").build()
        .join(spine, SparkEventLog.of("plan", events)).orderBy("customer").collectAsList();

    assertThat(rows.get(0).<String>getAs("plan")).isEqualTo("premium"); // the correction came later
    assertThat(rows.get(0).<Boolean>getAs("label")).isTrue();
    assertThat(rows.get(0).<Long>getAs("plan_knownAt"))
        .isEqualTo(Timestamp.valueOf("2024-03-01 12:00:00").getTime());
    assertThat(rows.get(1).<String>getAs("plan")).isNull();
    assertThat(rows.get(1).<Long>getAs("plan_sourceId")).isNull();
  }

  @Test
  void rejectsEventsThatShareAnIdAndTimes() {
    EventLog log = EventLog.numeric("f", new long[] {0, 0}, new long[] {1, 1}, new long[] {2, 2}, new double[] {1, 2});
    Dataset<Row> events = JoinData.logFrame(spark, log).events().selectExpr(
        "entity", "validFrom", "recordedAt", "0L AS eventId", "value");
    Dataset<Row> spine = JoinData.spineFrame(spark, Spine.of(new long[] {0}, new long[] {5}));

    assertThatThrownBy(() -> SparkPointInTimeJoin.builder().build().join(spine, SparkEventLog.of("f", events)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1 event(s) repeating another's entity, validFrom, recordedAt and eventId")
        .hasMessageContaining("share id 0");
  }

  @Test
  void rejectsNullEntitiesAndUnrepresentableEffectiveTimes() {
    Dataset<Row> spine = JoinData.spineFrame(spark, Spine.of(new long[] {0, 1}, new long[] {Long.MIN_VALUE + 1, 5}))
        .selectExpr("rowId", "IF(entity = 1, NULL, entity) AS entity", "decisionTime");
    EventLog log = EventLog.numeric("f", new long[] {0}, new long[] {1}, new long[] {2}, new double[] {1});

    assertThatThrownBy(() -> SparkPointInTimeJoin.builder().availabilityLag(Duration.ofMillis(2)).build()
            .join(spine, JoinData.logFrame(spark, log)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1 row(s) without an entity")
        .hasMessageContaining("1 spine row(s) whose decision time minus the lag of 2 ms is not representable");
  }

  @Test
  void namesAMissingColumnAndTheFix() {
    Dataset<Row> events = spark.range(3).selectExpr("id AS entity", "id AS validFrom", "id AS recordedAt", "id AS value");

    assertThatThrownBy(() -> SparkEventLog.of("f", events))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("event log 'f' has no column 'eventId'")
        .hasMessageContaining("withColumnRenamed");
  }

  @Test
  void rejectsAPerFeatureTtlForAnUnknownFeature() {
    Dataset<Row> spine = JoinData.spineFrame(spark, Spine.of(new long[] {0}, new long[] {5}));
    EventLog log = EventLog.numeric("f", new long[] {0}, new long[] {1}, new long[] {2}, new double[] {1});

    assertThatThrownBy(() -> SparkPointInTimeJoin.builder().ttl("g", Duration.ofDays(1)).build()
            .join(spine, JoinData.logFrame(spark, log)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no event log has that name");
  }
}
