package dev.backtestgate.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class DuplicatesTests {
  /**
   * Values from a small set, NaN and both zeros among them, so that copies are common; 0.1 and its neighbour, which
   * a float cannot tell apart (a near-exact copy, as a CSV or float round trip leaves), and 0.1000001, which it can.
   */
  private static final double[] VALUES = {0.0, -0.0, 1.0, 2.5, Double.NaN, -7.0, 0.1, Math.nextUp(0.1), 0.1000001};

  @Property(tries = 300)
  void findsExactlyTheTestRowsThatCopyATrainingRowToFloatPrecision(@ForAll long seed,
      @ForAll @IntRange(min = 2, max = 60) int n,
      @ForAll @IntRange(min = 1, max = 60) int m, @ForAll @IntRange(min = 1, max = 3) int width) {
    Random random = new Random(seed);
    PipelineRows.Builder train = PipelineRows.builder();
    PipelineRows.Builder test = PipelineRows.builder();
    double[][] a = new double[width][n];
    double[][] b = new double[width][m];
    for (int c = 0; c < width; c++) {
      for (int i = 0; i < n; i++) {
        a[c][i] = VALUES[random.nextInt(VALUES.length)];
      }
      for (int j = 0; j < m; j++) {
        b[c][j] = VALUES[random.nextInt(VALUES.length)];
      }
      train.feature("f" + c, a[c]);
      test.feature("f" + c, b[c]);
    }
    boolean[] trainLabels = new boolean[n];
    boolean[] testLabels = new boolean[m];
    for (int i = 0; i < n; i++) {
      trainLabels[i] = random.nextBoolean();
    }
    for (int j = 0; j < m; j++) {
      testLabels[j] = random.nextBoolean();
    }
    Duplicates.Result found = Duplicates.find(train.labels(trainLabels).build(), test.build(), testLabels);

    int expected = 0;
    for (int j = 0; j < m; j++) {
      boolean copy = false;
      for (int i = 0; i < n && !copy; i++) {
        boolean same = trainLabels[i] == testLabels[j];
        for (int c = 0; c < width && same; c++) {
          double x = a[c][i];
          double y = b[c][j];
          // by definition: equal as floats (-0.0 == 0.0 in Java's ==), or both NaN
          same = (float) x == (float) y || (Double.isNaN(x) && Double.isNaN(y));
        }
        copy = same;
      }
      expected += copy ? 1 : 0;
    }
    assertThat(found.duplicates()).isEqualTo(expected);
    assertThat(found.examples()).hasSize(Math.min(expected, Duplicates.EXAMPLES));
    for (int[] pair : found.examples()) {
      assertThat(testLabels[pair[0]]).isEqualTo(trainLabels[pair[1]]);
    }
  }
}
