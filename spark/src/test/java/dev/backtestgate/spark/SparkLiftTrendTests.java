package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.lifttrend.LiftPeriods;
import dev.backtestgate.lifttrend.LiftTrend;
import dev.backtestgate.lifttrend.LiftTrendSettings;
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

/** The lift trend over a DataFrame equals the in-memory one: the same periods, comparisons and statistics. */
class SparkLiftTrendTests {
  private static final long START = Instant.parse("2025-01-01T00:00:00Z").toEpochMilli();
  private static final long DAY = 86_400_000L;

  private final SparkSession spark = SparkTests.session();

  /** Five months of rows in shuffled order; a thin third month; the candidate's edge falls after month 3. */
  private record Data(boolean[] labels, double[] candidate, double[] baseline, long[] times) {
    static Data draw(long seed) {
      Random random = new Random(seed);
      int n = 2_400;
      boolean[] labels = new boolean[n];
      double[] candidate = new double[n];
      double[] baseline = new double[n];
      long[] times = new long[n];
      for (int i = 0; i < n; i++) {
        int day = random.nextInt(240);   // eight months: enough measured periods to be tested
        boolean thin = day >= 59 && day < 90;
        labels[i] = random.nextDouble() < (thin ? 0.02 : 0.3);
        double shared = Math.round(random.nextGaussian() * 10) / 10.0; // ties
        baseline[i] = (labels[i] ? 0.8 : 0) + shared;
        candidate[i] = (labels[i] ? (day < 90 ? 1.6 : 0.9) : 0) + shared + 0.5 * random.nextGaussian();
        times[i] = START + day * DAY + random.nextInt(86_400_000);
      }
      return new Data(labels, candidate, baseline, times);
    }

    Dataset<Row> frame(SparkSession spark) {
      StructType schema = new StructType().add("label", DataTypes.BooleanType, false)
          .add("candidate", DataTypes.DoubleType, false).add("baseline", DataTypes.DoubleType, false)
          .add("decided", DataTypes.LongType, false);
      List<Row> rows = new ArrayList<>();
      for (int i = 0; i < labels.length; i++) {
        rows.add(RowFactory.create(labels[i], candidate[i], baseline[i], times[i]));
      }
      return spark.createDataFrame(rows, schema).repartition(3);
    }

    LiftTrend inMemory(LiftTrendSettings settings) {
      return LiftTrend.measure(labels, candidate, baseline, times, settings, 0.9);
    }
  }

  @Test
  void theTrendEqualsTheInMemoryTrend() {
    Data data = Data.draw(1);
    LiftTrendSettings settings = LiftTrendSettings.defaults().withMinClass(20);

    LiftTrend onSpark = SparkLiftTrend.measure(data.frame(spark), "label", "candidate", "baseline", "decided",
        settings, 0.9);
    LiftTrend inMemory = data.inMemory(settings);

    assertThat(inMemory.periods()).hasSize(8);
    assertThat(inMemory.skipped()).hasSize(1);
    assertThat(inMemory.fails()).isTrue();
    assertThat(onSpark).isEqualTo(inMemory);
  }

  @Test
  void thePeriodsLookedUpAndComparedOneByOneGiveTheSameTrend() {
    Data data = Data.draw(4);
    LiftTrendSettings settings = LiftTrendSettings.defaults().withMinClass(20);
    Dataset<Row> frame = data.frame(spark);

    LiftTrend lookedUp = SparkLiftTrend.measure(frame, "label", "candidate", "baseline", "decided", settings, 0.9,
        Long.MAX_VALUE);
    LiftTrend oneByOne = SparkLiftTrend.measure(frame, "label", "candidate", "baseline", "decided", settings, 0.9, 0);

    assertThat(lookedUp.periods()).hasSizeGreaterThan(5);
    assertThat(lookedUp).isEqualTo(oneByOne).isEqualTo(data.inMemory(settings));
  }

  @Test
  void anUntestedTrendIsUntestedAlikeAndTimestampsWork() {
    Data data = Data.draw(2);
    LiftTrendSettings quarters = LiftTrendSettings.defaults().withPeriods(LiftPeriods.QUARTER);
    Dataset<Row> frame = data.frame(spark).selectExpr("label", "candidate", "baseline",
        "timestamp_millis(decided) AS decided");

    LiftTrend onSpark = SparkLiftTrend.measure(frame.filter("decided < timestamp'2025-03-01 00:00:00Z'"), "label",
        "candidate", "baseline", "decided", quarters, 0.9);

    assertThat(onSpark.tested()).isFalse();
    assertThat(onSpark.untested()).startsWith("all ").contains("fall in one period (2025-Q1)");
  }

  @Test
  void periodsFinerThanTheDataAreRefusedBeforeAnyComparison() {
    Data data = Data.draw(3);
    LiftTrendSettings minutes = LiftTrendSettings.defaults().withPeriods(LiftPeriods.parse("PT1M"));

    assertThatThrownBy(() -> SparkLiftTrend.measure(data.frame(spark), "label", "candidate", "baseline", "decided",
        minutes, 0.9)).hasMessageContaining("more than the cap of 1,000");
  }
}
