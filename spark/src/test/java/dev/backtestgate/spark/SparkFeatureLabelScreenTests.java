package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.FeatureColumn;
import dev.backtestgate.screen.featurelabel.FeatureLabelScreen;
import dev.backtestgate.screen.featurelabel.FeatureScore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
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
 * SparkFeatureLabelScreen against the in-memory FeatureLabelScreen on the same rows, compared as records (every
 * double bit for bit): numeric features with ties, -0.0, negative values and missing values (null and NaN), all
 * missing; categorical ones with few, many and unique categories, null, as strings and as ints; fewer than 2 of a
 * class; and the refusals. The DataFrame's rows are shuffled: only the row id says which in-memory row a row is.
 */
class SparkFeatureLabelScreenTests {
  private final SparkSession spark = SparkTests.session();

  @Property(tries = 4)
  void numericEqualsTheInMemoryScreen(@ForAll long seed, @ForAll @IntRange(min = 2, max = 300) int n) {
    Random random = new Random(seed);
    boolean[] labels = labels(random, n);
    double[] values = new double[n];
    int shape = random.nextInt(4);
    double missingShare = new double[] {0, 0.1, 0.5}[random.nextInt(3)];
    for (int i = 0; i < n; i++) {
      values[i] = random.nextDouble() < missingShare ? Double.NaN : switch (shape) {
        case 0 -> random.nextInt(3) - 1 + (random.nextBoolean() ? 0.0 : -0.0); // heavy ties, -0.0, negatives
        case 1 -> Math.round(random.nextGaussian() * 20) / 10.0 + (labels[i] ? 0.3 : 0);
        case 2 -> -random.nextGaussian() - (labels[i] ? 0.5 : 0); // lower goes with positives: flipped
        default -> random.nextGaussian() * 1e6;
      };
    }

    assertNumericMatches(random, labels, values);
  }

  @Property(tries = 4)
  void categoricalEqualsTheInMemoryScreen(@ForAll long seed, @ForAll @IntRange(min = 2, max = 300) int n) {
    Random random = new Random(seed);
    boolean[] labels = labels(random, n);
    int categories = new int[] {1, 3, Math.max(1, n / 3), 2 * n}[random.nextInt(4)];
    double missingShare = new double[] {0, 0.1, 0.5}[random.nextInt(3)];
    int[] codes = new int[n];
    for (int i = 0; i < n; i++) {
      int code = random.nextInt(categories);
      codes[i] = random.nextDouble() < missingShare ? FeatureColumn.MISSING_CODE
          : labels[i] && random.nextInt(3) == 0 ? code % 2 : code; // categories 0 and 1 lean positive
    }

    assertCategoricalMatches(random, labels, codes, random.nextBoolean());
  }

  @Property(tries = 4)
  void collectedCountsEqualTheDistributedTable(@ForAll long seed, @ForAll @IntRange(min = 2, max = 300) int n) {
    Random random = new Random(seed);
    boolean[] labels = labels(random, n);
    double[] values = new double[n];
    int[] codes = new int[n];
    for (int i = 0; i < n; i++) {
      values[i] = random.nextInt(5) == 0 ? Double.NaN : Math.round(random.nextGaussian() * 20) / 10.0;
      codes[i] = random.nextInt(5) == 0 ? FeatureColumn.MISSING_CODE : random.nextInt(1 + n / 4);
    }
    Dataset<Row> numeric = numericFrame(random, labels, values);
    Dataset<Row> categorical = categoricalFrame(random, labels, codes, random.nextBoolean());

    FeatureScore numericCollected = SparkFeatureLabelScreen.numeric(numeric, "label", "rowId", "balance", "value", 0.9);
    FeatureScore numericDistributed =
        SparkFeatureLabelScreen.screen(numeric, "label", "rowId", "balance", "value", 0.9, true, 0);
    FeatureScore categoricalCollected =
        SparkFeatureLabelScreen.categorical(categorical, "label", "rowId", "branch", "category", 0.9);
    FeatureScore categoricalDistributed =
        SparkFeatureLabelScreen.screen(categorical, "label", "rowId", "branch", "category", 0.9, false, 0);

    assertThat(numericCollected).isEqualTo(numericDistributed)
        .isEqualTo(FeatureLabelScreen.screen(labels, new FeatureColumn.Numeric("balance", values), 0.9));
    assertThat(categoricalCollected).isEqualTo(categoricalDistributed)
        .isEqualTo(FeatureLabelScreen.screen(labels, new FeatureColumn.Categorical("branch", codes), 0.9));
  }

  @Test
  void aPerfectlySeparatingFeatureIsPerfect() {
    boolean[] labels = {false, true, false, true, true, false, false, true};
    double[] values = {1, 5, 2, 6, 5, -3, Double.NaN, 9};

    FeatureScore score = assertNumericMatches(new Random(1), labels, values);

    assertThat(score.perfect()).isTrue();
    assertThat(score.auc()).isEqualTo(1.0);
    assertThat(score.missing()).isEqualTo(1);
  }

  @Test
  void aReversedFeatureIsFlippedWithItsInterval() {
    boolean[] labels = {false, true, false, true, true, false, false, true, false, true};
    double[] values = {9, 1, 7, 2, 8, 6, 5, -4, 3, 2};

    FeatureScore score = assertNumericMatches(new Random(2), labels, values);

    assertThat(score.rawAuc()).isLessThan(0.5);
    assertThat(score.auc()).isEqualTo(1 - score.rawAuc());
    assertThat(score.higherMeansPositive()).isFalse();
    assertThat(score.hasInterval()).isTrue();
  }

  @Test
  void anAllMissingFeatureScoresOneHalf() {
    boolean[] labels = {false, true, false, true, true, false};
    double[] values = new double[labels.length];
    Arrays.fill(values, Double.NaN);

    FeatureScore score = assertNumericMatches(new Random(3), labels, values);

    assertThat(score.auc()).isEqualTo(0.5);
    assertThat(score.missing()).isEqualTo(labels.length);
  }

  @Test
  void anIdUniqueToEachRowScoresExactlyOneHalf() {
    Random random = new Random(4);
    boolean[] labels = labels(random, 200);
    int[] ids = new int[labels.length];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = 1000 + 7 * i;
    }

    FeatureScore score = assertCategoricalMatches(random, labels, ids, true);

    assertThat(score.rawAuc()).isEqualTo(0.5);
    assertThat(score.categories()).isEqualTo(labels.length);
  }

  @Test
  void fewerThanTwoPositivesGiveNoInterval() {
    boolean[] labels = {false, true, false, false, false};
    int[] codes = {0, 1, 1, -1, 0};

    FeatureScore score = assertCategoricalMatches(new Random(5), labels, codes, false);

    assertThat(score.hasInterval()).isFalse();
    assertThat(score.missing()).isEqualTo(1);
    assertThat(score.categories()).isEqualTo(3);
  }

  @Test
  void refusesAnInfiniteValueNamingTheFeatureAndARow() {
    boolean[] labels = {false, true, false, true};
    double[] values = {1, 2, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};

    assertThatThrownBy(() -> SparkFeatureLabelScreen.numeric(
            numericFrame(new Random(6), labels, values), "label", "rowId", "balance", "value", 0.95))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("feature 'balance': row id 2 has the infinite value Infinity (2 infinite value(s)")
        .hasMessageContaining("record null or NaN for a missing value");
  }

  @Test
  void refusesMissingValuesBesideTheLowestDouble() {
    boolean[] labels = {false, true, false, true};
    double[] values = {1, -Double.MAX_VALUE, 3, Double.NaN};

    assertThatThrownBy(() -> SparkFeatureLabelScreen.numeric(
            numericFrame(new Random(7), labels, values), "label", "rowId", "balance", "value", 0.95))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("feature 'balance': its smallest value is -Double.MAX_VALUE and it has 1 missing")
        .hasMessageContaining("row id 3")
        .hasMessageContaining("record a finite sentinel");
    assertThatThrownBy(() -> FeatureLabelScreen.screen(labels, new FeatureColumn.Numeric("balance", values), 0.95))
        .hasMessageContaining("feature 'balance': its smallest value is -Double.MAX_VALUE and it has missing");
  }

  @Test
  void refusesLabelsOfOneClassAsTheInMemoryScreenDoes() {
    boolean[] labels = {false, false, false};
    int[] codes = {0, 1, 1};
    String inMemory = catchMessage(() -> FeatureLabelScreen.screen(labels, new FeatureColumn.Categorical("branch",
        codes), 0.95));

    assertThatThrownBy(() -> SparkFeatureLabelScreen.categorical(
            categoricalFrame(new Random(8), labels, codes, true), "label", "rowId", "branch", "category", 0.95))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(inMemory);
    assertThat(inMemory).startsWith("feature 'branch': labels have 0 positive(s) and 3 negative(s)");
  }

  @Test
  void refusesAMissingColumnAndNullOrDuplicateRowIds() {
    Dataset<Row> data = numericFrame(new Random(9), new boolean[] {true, false}, new double[] {1, 2});

    assertThatThrownBy(() -> SparkFeatureLabelScreen.numeric(data, "label", "rowId", "balance", "balanceX", 0.95))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("feature 'balance': the data has no column 'balanceX'");
    Dataset<Row> nullIds = data.selectExpr("label", "CAST(IF(rowId = 1, NULL, rowId) AS BIGINT) AS rowId", "value");
    assertThatThrownBy(() -> SparkFeatureLabelScreen.categorical(nullIds, "label", "rowId", "b", "value", 0.95))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("feature 'b': row id column 'rowId' has 1 null(s)");
    Dataset<Row> entityIds = data.selectExpr("label", "rowId DIV 2 AS rowId", "value");
    assertThatThrownBy(() -> SparkFeatureLabelScreen.categorical(entityIds, "label", "rowId", "b", "value", 0.95))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("feature 'b': row id column 'rowId' has 1 distinct ids for 2 rows")
        .hasMessageContaining("give every row its own");
  }

  /** Both screens on the same rows, equal as records; returns the Spark one. */
  private FeatureScore assertNumericMatches(Random random, boolean[] labels, double[] values) {
    FeatureScore inMemory = FeatureLabelScreen.screen(labels, new FeatureColumn.Numeric("balance", values), 0.9);
    FeatureScore spark = SparkFeatureLabelScreen.numeric(
        numericFrame(random, labels, values), "label", "rowId", "balance", "value", 0.9);
    assertThat(spark).isEqualTo(inMemory);
    return spark;
  }

  private FeatureScore assertCategoricalMatches(Random random, boolean[] labels, int[] codes, boolean strings) {
    FeatureScore inMemory = FeatureLabelScreen.screen(labels, new FeatureColumn.Categorical("branch", codes), 0.9);
    FeatureScore spark = SparkFeatureLabelScreen.categorical(
        categoricalFrame(random, labels, codes, strings), "label", "rowId", "branch", "category", 0.9);
    assertThat(spark).isEqualTo(inMemory);
    return spark;
  }

  /** At least one of each class; sometimes a single positive (no interval), sometimes few. */
  private static boolean[] labels(Random random, int n) {
    double share = new double[] {0.5, 0.1, 0.0}[random.nextInt(3)];
    boolean[] labels = new boolean[n];
    for (int i = 0; i < n; i++) {
      labels[i] = random.nextDouble() < share;
    }
    int positive = random.nextInt(n);
    labels[positive] = true;
    labels[(positive + 1 + random.nextInt(n - 1)) % n] = false;
    return labels;
  }

  /** Rows shuffled; a missing value written as null or as NaN at random. */
  private Dataset<Row> numericFrame(Random random, boolean[] labels, double[] values) {
    StructType schema = new StructType()
        .add("rowId", DataTypes.LongType, false)
        .add("label", DataTypes.BooleanType, false)
        .add("value", DataTypes.DoubleType, true);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < labels.length; i++) {
      Double value = Double.isNaN(values[i]) && random.nextBoolean() ? null : values[i];
      rows.add(RowFactory.create((long) i, labels[i], value));
    }
    Collections.shuffle(rows, random);
    return spark.createDataFrame(rows, schema);
  }

  /** Rows shuffled; categories as strings or as ints, null where missing. */
  private Dataset<Row> categoricalFrame(Random random, boolean[] labels, int[] codes, boolean strings) {
    StructType schema = new StructType()
        .add("rowId", DataTypes.LongType, false)
        .add("label", DataTypes.IntegerType, false)
        .add("category", strings ? DataTypes.StringType : DataTypes.IntegerType, true);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < labels.length; i++) {
      Object category = codes[i] == FeatureColumn.MISSING_CODE ? null : strings ? "k" + codes[i] : codes[i];
      rows.add(RowFactory.create((long) i, labels[i] ? 1 : 0, category));
    }
    Collections.shuffle(rows, random);
    return spark.createDataFrame(rows, schema);
  }

  private static String catchMessage(Runnable screen) {
    try {
      screen.run();
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
    throw new AssertionError("expected a refusal");
  }
}
