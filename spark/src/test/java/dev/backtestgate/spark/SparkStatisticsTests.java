package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.metrics.Auc;
import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * SparkAuc and SparkDeLong against the in-memory Auc and DeLong on random data: heavy ties (scores from
 * a few values), -0.0 beside 0.0, unbalanced classes, identical models (standard error 0).
 */
class SparkStatisticsTests {
  private static final double EXACT = 1e-12;

  private final SparkSession spark = SparkTests.session();

  @Property(tries = 12)
  void aucEqualsTheInMemoryAuc(@ForAll long seed, @ForAll @IntRange(min = 2, max = 300) int n) {
    Random random = new Random(seed);
    boolean[] labels = labels(random, n, 1);
    double[] scores = scores(random, n);

    double spark = SparkAuc.of(frame(labels, scores, scores), "label", "candidate");

    assertThat(spark).isCloseTo(Auc.of(labels, scores), within(EXACT));
  }

  @Property(tries = 6)
  void aucFromCollectedCountsEqualsTheDistributedTable(@ForAll long seed, @ForAll @IntRange(min = 2, max = 300) int n) {
    Random random = new Random(seed);
    boolean[] labels = labels(random, n, 1);
    double[] scores = scores(random, n);
    Dataset<Row> data = frame(labels, scores, scores);

    double collected = SparkAuc.of(data, "label", "candidate");
    double distributed = SparkAuc.of(data, "label", "candidate", 0);

    assertThat(collected).isEqualTo(distributed).isEqualTo(Auc.of(labels, scores));
  }

  @Test
  void rejectsNullAndOtherLabelsWithCountsAndAnExample() {
    Dataset<Row> data = frame(new boolean[] {true, false, true, false}, new double[] {1, 2, 3, 4},
        new double[] {1, 2, 3, 4})
        .selectExpr("CASE WHEN candidate = 2 THEN NULL WHEN candidate = 3 THEN 7 ELSE CAST(label AS INT) END AS label",
            "candidate");

    assertThatThrownBy(() -> SparkAuc.of(data, "label", "candidate"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("label column 'label' has 1 null label(s) and 1 label(s) other than 0 and 1; "
            + "for example label ")
        .hasMessageContaining("Map the classes to true/false (or 1/0)");
  }

  @Test
  void doubleLabelsZeroAndOneAreSparkMlsConventionAndGiveTheBooleanAnswer() {
    Random random = new Random(5);
    boolean[] labels = labels(random, 200, 2);
    Dataset<Row> scored = frame(labels, scores(random, 200), scores(random, 200));
    AucComparison expected = SparkDeLong.compare(scored, "label", "candidate", "baseline", 0.95);
    for (String type : new String[] {"DOUBLE", "FLOAT"}) {
      Dataset<Row> numeric = scored.selectExpr("CAST(CAST(label AS INT) AS " + type + ") AS label", "candidate",
          "baseline");
      assertThat(SparkDeLong.compare(numeric, "label", "candidate", "baseline", 0.95)).as(type).isEqualTo(expected);
      assertThat(SparkAuc.of(numeric, "label", "candidate")).isEqualTo(expected.candidateAuc());
    }
  }

  @Test
  void aDoubleLabelOtherThanZeroOrOneIsRefusedNamingItAndTheRow() {
    Dataset<Row> data = frame(new boolean[] {true, false, true, false}, new double[] {1, 2, 3, 4},
        new double[] {1, 2, 3, 4})
        .selectExpr("CASE WHEN candidate = 3 THEN 0.5D ELSE CAST(CAST(label AS INT) AS DOUBLE) END AS label",
            "candidate", "baseline");

    assertThatThrownBy(() -> SparkDeLong.compare(data, "label", "candidate", "baseline", 0.95))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("label column 'label' has 0 null label(s) and 1 label(s) other than 0 and 1; for example label "
            + "0.5 in row [0.5,3.0,3.0]. Map the classes to true/false (or 1/0) and drop unlabelled rows first.");
  }

  @Property(tries = 12)
  void pairedDeLongEqualsTheInMemoryDeLong(@ForAll long seed, @ForAll @IntRange(min = 4, max = 300) int n) {
    Random random = new Random(seed);
    boolean[] labels = labels(random, n, 2);
    double[] candidate = scores(random, n);
    double[] baseline = random.nextInt(5) == 0 ? candidate.clone() : scores(random, n);

    AucComparison spark = SparkDeLong.compare(frame(labels, candidate, baseline), "label", "candidate", "baseline", 0.9);
    AucComparison memory = DeLong.compare(labels, candidate, baseline, 0.9);

    assertClose(spark, memory);
  }

  @Test
  void integerLabelsAndIntegerScoresWork() {
    boolean[] labels = {true, false, true, false, true, false};
    double[] candidate = {3, 1, 2, 2, 5, 0};
    double[] baseline = {1, 1, 1, 2, 0, 0};
    Dataset<Row> data = frame(labels, candidate, baseline).selectExpr(
        "CAST(label AS INT) AS label", "CAST(candidate AS INT) AS candidate", "CAST(baseline AS BIGINT) AS baseline");

    assertClose(SparkDeLong.compare(data, "label", "candidate", "baseline", 0.95),
        DeLong.compare(labels, candidate, baseline, 0.95));
  }

  @Test
  void rejectsNaNScoresWithACountAndAnExample() {
    Dataset<Row> data = frame(new boolean[] {true, false, true}, new double[] {1, Double.NaN, Double.NaN}, new double[] {1, 2, 3});

    assertThatThrownBy(() -> SparkAuc.of(data, "label", "candidate"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("score column 'candidate' has 2 null, NaN or infinite score(s)")
        .hasMessageContaining("NaN");
  }

  @Test
  void rejectsLabelsWithTooFewNegatives() {
    Dataset<Row> data = frame(new boolean[] {true, false, true}, new double[] {1, 2, 3}, new double[] {1, 2, 3});

    assertThatThrownBy(() -> SparkDeLong.compare(data, "label", "candidate", "baseline", 0.95))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("labels have 2 positive(s) and 1 negative(s), too few negatives");
  }

  private static void assertClose(AucComparison actual, AucComparison expected) {
    assertThat(actual.candidateAuc()).isCloseTo(expected.candidateAuc(), within(EXACT));
    assertThat(actual.baselineAuc()).isCloseTo(expected.baselineAuc(), within(EXACT));
    assertThat(actual.lift()).isCloseTo(expected.lift(), within(EXACT));
    assertThat(actual.standardError()).isCloseTo(expected.standardError(), within(EXACT));
    assertThat(actual.ciLower()).isCloseTo(expected.ciLower(), within(EXACT));
    assertThat(actual.ciUpper()).isCloseTo(expected.ciUpper(), within(EXACT));
    assertThat(actual.pValue()).isCloseTo(expected.pValue(), within(EXACT));
    assertThat(actual.candidateVariance()).isCloseTo(expected.candidateVariance(), within(EXACT));
    assertThat(actual.baselineVariance()).isCloseTo(expected.baselineVariance(), within(EXACT));
    assertThat(actual.covariance()).isCloseTo(expected.covariance(), within(EXACT));
    if (Double.isNaN(expected.z())) {
      assertThat(actual.z()).isNaN();
    } else {
      assertThat(actual.z()).isCloseTo(expected.z(), within(1e-9 * Math.max(1, Math.abs(expected.z()))));
    }
  }

  private static boolean[] labels(Random random, int n, int minPerClass) {
    double share = random.nextInt(3) == 0 ? 0.1 : 0.5;
    boolean[] labels = new boolean[n];
    for (int i = 0; i < n; i++) {
      labels[i] = i < minPerClass || (i >= 2 * minPerClass && random.nextDouble() < share);
    }
    return labels;
  }

  private static double[] scores(Random random, int n) {
    return ScoredFrames.scores(random, n);
  }

  private Dataset<Row> frame(boolean[] labels, double[] candidate, double[] baseline) {
    return ScoredFrames.frame(spark, labels, candidate, baseline);
  }
}
