package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.metrics.AucComparison;
import dev.backtestgate.metrics.DeLong;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * SparkDeLong's two paths give the same record: the placements looked up in broadcast tables, and joined on the
 * cluster (forced by a bound below the number of distinct scores), on data with heavy ties, -0.0 beside 0.0 and
 * models of very different numbers of distinct scores; and ScoreTable's lookup against the definition of a placement.
 */
class SparkDeLongLookupTests {
  private final SparkSession spark = SparkTests.session();

  @Property(tries = 10)
  void lookupAndJoinGiveTheSameComparison(@ForAll long seed, @ForAll @IntRange(min = 4, max = 400) int n) {
    Random random = new Random(seed);
    boolean[] labels = labels(random, n);
    double[] candidate = scores(random, n);
    double[] baseline = random.nextInt(5) == 0 ? candidate.clone() : scores(random, n);
    Dataset<Row> data = frame(labels, candidate, baseline);

    AucComparison lookedUp = SparkDeLong.compare(data, "label", "candidate", "baseline", 0.95, Long.MAX_VALUE);
    AucComparison joined = SparkDeLong.compare(data, "label", "candidate", "baseline", 0.95, 0);
    AucComparison oneFits = SparkDeLong.compare(data, "label", "candidate", "baseline", 0.95,
        Math.min(distinct(candidate), distinct(baseline)));

    assertThat(lookedUp).isEqualTo(joined).isEqualTo(oneFits);
    assertThat(lookedUp).isEqualTo(DeLong.compare(labels, candidate, baseline, 0.95));
  }

  @Property(tries = 50)
  void lookupPlacesEachRowAsTheDefinitionSays(@ForAll long seed, @ForAll @IntRange(min = 1, max = 200) int n) {
    Random random = new Random(seed);
    boolean[] labels = labels(random, n);
    double[] scores = scores(random, n);
    for (int i = 0; i < n; i++) {
      scores[i] = scores[i] == 0.0 ? 0.0 : scores[i];
    }
    double[] distinct = Arrays.stream(scores).distinct().toArray();
    long[] positivesAt = new long[distinct.length];
    long[] negativesAt = new long[distinct.length];
    long positives = 0;
    for (int i = 0; i < n; i++) {
      int at = indexOf(distinct, scores[i]);
      if (labels[i]) {
        positivesAt[at]++;
        positives++;
      } else {
        negativesAt[at]++;
      }
    }

    ScoreTable.Lookup lookup = ScoreTable.Lookup.of(distinct, positivesAt, negativesAt, positives);

    for (int i = 0; i < n; i++) {
      long expected = 0;
      for (int j = 0; j < n; j++) {
        if (labels[j] != labels[i]) {
          boolean beaten = labels[i] ? scores[j] < scores[i] : scores[j] > scores[i];
          expected += beaten ? 2 : scores[j] == scores[i] ? 1 : 0;
        }
      }
      assertThat(lookup.place(scores[i], labels[i])).as("row %d", i).isEqualTo(expected);
    }
    assertThat(lookup.place(Double.MAX_VALUE, true)).isEqualTo(-1);
  }

  private static int indexOf(double[] values, double value) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] == value) {
        return i;
      }
    }
    throw new AssertionError(value);
  }

  private static long distinct(double[] scores) {
    return Arrays.stream(scores).map(s -> s == 0.0 ? 0.0 : s).distinct().count();
  }

  private static boolean[] labels(Random random, int n) {
    double share = random.nextInt(3) == 0 ? 0.1 : 0.5;
    boolean[] labels = new boolean[n];
    for (int i = 0; i < n; i++) {
      labels[i] = i < 2 || (i >= 4 && random.nextDouble() < share);
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
