package dev.backtestgate.spark;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * PlacedModels gives SparkAuc.of's and SparkDeLong.compare's numbers to the last bit (records equal, so within any
 * tolerance), with the placements looked up, with every model over the collect bound (all measured by SparkAuc and
 * SparkDeLong on the cluster) and with some over it; on data with heavy ties and -0.0 beside 0.0. Rows that changed
 * between the count of the placements and the scan are refused, never compared.
 */
class PlacedModelsTests {
  private static final List<String> NAMES = List.of("model 0", "model 1", "model 2");

  private final SparkSession spark = SparkTests.session();

  @Property(tries = 6)
  void givesSparkAucsAndSparkDeLongsNumbers(@ForAll long seed, @ForAll @IntRange(min = 4, max = 300) int n) {
    Random random = new Random(seed);
    boolean[] labels = labels(random, n);
    double[][] models = {scores(random, n), scores(random, n), scores(random, n)};
    double[] candidate = random.nextInt(4) == 0 ? models[0].clone() : scores(random, n);
    Dataset<Row> data = frame(labels, models, candidate);
    double[] aucs = new double[3];
    for (int m = 0; m < 3; m++) {
      aucs[m] = SparkAuc.of(data, "label", "m" + m);
    }
    AucComparison twoAgainstZero = SparkDeLong.compare(data, "label", "m2", "m0", 0.95);
    List<AucComparison> candidateAgainst = List.of(SparkDeLong.compare(data, "label", "w", "m0", 0.95),
        SparkDeLong.compare(data, "label", "w", "m2", 0.95));
    assertThat(twoAgainstZero).isEqualTo(DeLong.compare(labels, models[2], models[0], 0.95));
    LabelledScores scored = LabelledScores.of(data, "label", List.of("m0", "m1", "m2"),
        List.of(col("id").as("__id")), 1, "AUC");
    Dataset<Row> pair = scored.rows.join(
        data.select(col("id").as("__id"), LabelledScores.scoreColumn(data, "w").as("w")), "__id");

    // every model looked up; none (all on the cluster); model 0 or the candidate over the bound and the others not
    long[] bounds = {Long.MAX_VALUE, 0, Math.min(distinct(models[0]), distinct(candidate)) - 1};
    for (long bound : bounds) {
      PlacedModels placed = PlacedModels.of(scored, NAMES, bound);
      for (int m = 0; m < 3; m++) {
        assertThat(placed.auc(m)).as("AUC of model %d, bound %d", m, bound).isEqualTo(aucs[m]);
      }
      assertThat(placed.compare(2, 0, 0.95)).as("bound %d", bound).isEqualTo(twoAgainstZero);
      assertThat(placed.against(pair, "w", "the candidate", new int[] {0, 2}, 0.95)).as("bound %d", bound)
          .isEqualTo(candidateAgainst);
    }
  }

  @Test
  void rowsThatLostAPositiveAreRefusedWhenTheCandidateIsCounted() {
    PlacedModels placed = PlacedModels.of(scoredRows(), NAMES, Long.MAX_VALUE);
    Dataset<Row> pair = candidateRows().filter(col("__id").notEqual(0));   // row 0 is a positive

    assertThatThrownBy(() -> placed.against(pair, "w", "the candidate", new int[] {0, 2}, 0.95))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("score column 'the candidate' was counted over 3 positive row(s) where the rows "
            + "validated one scan before have 4")
        .hasMessageContaining("Cache or checkpoint the frame first.");
  }

  @Test
  void rowsThatLostANegativeAreRefusedByTheScan() {
    PlacedModels placed = PlacedModels.of(scoredRows(), NAMES, Long.MAX_VALUE);
    Dataset<Row> pair = candidateRows().filter(col("__id").notEqual(1));   // row 1 is a negative

    assertThatThrownBy(() -> placed.against(pair, "w", "the candidate", new int[] {0, 2}, 0.95))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("the comparison of the candidate, model 0 or model 2 scanned 7 rows where the "
            + "placements were counted over 8")
        .hasMessageContaining("Cache or checkpoint the frame first.");
  }

  @Test
  void aConfidenceLevelOutsideZeroToOneIsRefusedAsSparkDeLongRefusesIt() {
    PlacedModels placed = PlacedModels.of(scoredRows(), NAMES, Long.MAX_VALUE);

    assertThatThrownBy(() -> placed.compare(2, 0, 95))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("confidence level must be strictly between 0 and 1, got 95.0. Pass a fraction such as 0.95 "
            + "(not 95).");
  }

  /** Eight rows, four of each class (rows 0, 2, 4, 6 positive), with ties. */
  private LabelledScores scoredRows() {
    return LabelledScores.of(smallFrame(), "label", List.of("m0", "m1", "m2"), List.of(col("id").as("__id")), 1,
        "AUC");
  }

  private Dataset<Row> candidateRows() {
    Dataset<Row> data = smallFrame();
    return scoredRows().rows.join(data.select(col("id").as("__id"), col("w")), "__id");
  }

  private Dataset<Row> smallFrame() {
    boolean[] labels = {true, false, true, false, true, false, true, false};
    double[][] models = {{1, 0, 1, 1, 2, 0, 3, 1}, {0.5, 0.5, 0.7, 0.1, 0.9, 0.2, 0.4, 0.3}, {2, 2, 1, 1, 0, 0, 1, 2}};
    double[] candidate = {0.9, 0.1, 0.8, 0.8, 0.7, 0.3, 0.6, 0.2};
    return frame(labels, models, candidate);
  }

  private static long distinct(double[] scores) {
    return Arrays.stream(scores).map(s -> s == 0.0 ? 0.0 : s).distinct().count();
  }

  private static boolean[] labels(Random random, int n) {
    boolean[] labels = new boolean[n];
    for (int i = 0; i < n; i++) {
      labels[i] = i < 2 || (i >= 4 && random.nextBoolean());
    }
    return labels;
  }

  private static double[] scores(Random random, int n) {
    return ScoredFrames.scores(random, n);
  }

  private Dataset<Row> frame(boolean[] labels, double[][] models, double[] candidate) {
    StructType schema = new StructType()
        .add("id", DataTypes.LongType, false)
        .add("label", DataTypes.BooleanType, false)
        .add("m0", DataTypes.DoubleType, false)
        .add("m1", DataTypes.DoubleType, false)
        .add("m2", DataTypes.DoubleType, false)
        .add("w", DataTypes.DoubleType, false);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < labels.length; i++) {
      rows.add(RowFactory.create((long) i, labels[i], models[0][i], models[1][i], models[2][i], candidate[i]));
    }
    return spark.createDataFrame(rows, schema);
  }
}
