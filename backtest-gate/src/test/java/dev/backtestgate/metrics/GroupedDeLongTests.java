package dev.backtestgate.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.backtestgate.metrics.Samples.Shape;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Every group's comparison against {@link DeLong#compare} on the group's rows alone (bit for bit) and against the
 * O(n^2) Mann-Whitney definition of the placements; the same on one thread or two.
 */
class GroupedDeLongTests {

  /** Random groups (some empty, some of one class, of unequal sizes), scores with and without ties. */
  @Property(tries = 400, seed = "20261204")
  void eachGroupIsDeLongOnItsOwnRowsAndTheDefinition(
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 400) int n,
      @ForAll @IntRange(min = 1, max = 9) int groups,
      @ForAll Shape candidateShape,
      @ForAll Shape baselineShape,
      @ForAll @IntRange(min = 2, max = 5) int minPerClass) {
    Random random = new Random(seed);
    Sample s = Sample.draw(random, n, groups, candidateShape, baselineShape);

    List<GroupedDeLong.Group> result = GroupedDeLong.compare(s.labels, s.candidate, s.baseline, groups,
        row -> s.group[row], minPerClass, 0.9);

    assertThat(result).hasSize(groups);
    for (int g = 0; g < groups; g++) {
      Slice slice = s.slice(g);
      GroupedDeLong.Group group = result.get(g);
      assertThat(group.positives()).isEqualTo(slice.positives());
      assertThat(group.negatives()).isEqualTo(slice.labels.length - slice.positives());
      boolean compared = slice.positives() >= minPerClass && slice.labels.length - slice.positives() >= minPerClass;
      assertThat(group.comparison().isPresent()).isEqualTo(compared);
      if (compared) {
        AucComparison expected = DeLong.compare(slice.labels, slice.candidate, slice.baseline, 0.9);
        assertThat(group.comparison()).contains(expected);
        slice.assertMatchesDefinition(group.comparison().orElseThrow());
      }
    }
  }

  /**
   * The comparison on all rows, from the same pass as the groups', is {@link DeLong#compare} on all rows bit for bit
   * (AUCs, variances, covariance, z, p and interval), with ties within and across groups; the groups' comparisons
   * are unchanged by computing it.
   */
  @Property(tries = 400, seed = "20261206")
  void allRowsFromTheSamePassIsDeLongOnAllRows(
      @ForAll long seed,
      @ForAll @IntRange(min = 1, max = 400) int n,
      @ForAll @IntRange(min = 1, max = 9) int groups,
      @ForAll Shape candidateShape,
      @ForAll Shape baselineShape,
      @ForAll @IntRange(min = 2, max = 5) int minPerClass) {
    Random random = new Random(seed);
    Sample s = Sample.draw(random, n, groups, candidateShape, baselineShape);

    GroupedDeLong.Comparisons result = GroupedDeLong.compareWithAll(s.labels, s.candidate, s.baseline, groups,
        row -> s.group[row], minPerClass, 0.9);

    int positives = Samples.count(s.labels);
    assertThat(result.all().positives()).isEqualTo(positives);
    assertThat(result.all().negatives()).isEqualTo(n - positives);
    if (positives >= 2 && n - positives >= 2) {
      assertThat(result.all().comparison())
          .contains(DeLong.compare(s.labels, s.candidate, s.baseline, 0.9));
    } else {
      assertThat(result.all().comparison()).isEmpty();
    }
    assertThat(result.groups()).isEqualTo(GroupedDeLong.compare(s.labels, s.candidate, s.baseline, groups,
        row -> s.group[row], minPerClass, 0.9));
  }

  @Test
  void allRowsCountsATieAcrossGroups() {
    boolean[] labels = {true, false, true, true, false, false, false, true, false};
    double[] candidate = {0.5, 0.5, 0.7, 0.5, 0.2, 0.9, 0.1, 0.5, 0.5};
    double[] baseline = {0.3, 0.5, 0.7, 0.5, 0.2, 0.1, 0.1, 0.6, 0.5};
    int[] group = {0, 0, 0, 1, 1, 1, 0, 1, 1};

    GroupedDeLong.Comparisons result = GroupedDeLong.compareWithAll(labels, candidate, baseline, 2,
        row -> group[row], 2, 0.95);

    // positives 0.5, 0.7, 0.5, 0.5 against negatives 0.5, 0.2, 0.9, 0.1, 0.5: each 0.5 scores 0.5 + 1 + 0 + 1 + 0.5
    AucComparison all = result.all().comparison().orElseThrow();
    assertThat(all.candidateAuc()).isEqualTo((3 * 3.0 + 4) / 20);
    AucComparison expected = DeLong.compare(labels, candidate, baseline, 0.95);
    assertThat(all).isEqualTo(expected);
    assertThat(Double.doubleToRawLongBits(all.z())).isEqualTo(Double.doubleToRawLongBits(expected.z()));
    assertThat(Double.doubleToRawLongBits(all.pValue())).isEqualTo(Double.doubleToRawLongBits(expected.pValue()));
  }

  /** Large enough for two threads and for coarse buckets beyond the fine buffers. */
  @Property(tries = 6, seed = "20261205")
  void largeInputsAgreeWithPerGroupDeLongOnOneThreadOrTwo(
      @ForAll long seed,
      @ForAll @IntRange(min = 70_000, max = 150_000) int n,
      @ForAll @IntRange(min = 1, max = 30) int groups,
      @ForAll Shape shape) {
    Random random = new Random(seed);
    Sample s = Sample.draw(random, n, groups, shape, Shape.ROUNDED);

    GroupedDeLong.Comparisons oneWithAll = Parallel.withParts(1, () -> GroupedDeLong.compareWithAll(s.labels,
        s.candidate, s.baseline, groups, row -> s.group[row], 2, 0.95));
    GroupedDeLong.Comparisons twoWithAll = Parallel.withParts(2, () -> GroupedDeLong.compareWithAll(s.labels,
        s.candidate, s.baseline, groups, row -> s.group[row], 2, 0.95));
    List<GroupedDeLong.Group> one = oneWithAll.groups();

    assertThat(twoWithAll).isEqualTo(oneWithAll);
    int positives = Samples.count(s.labels);
    assertThat(oneWithAll.all().comparison()).isEqualTo(positives >= 2 && n - positives >= 2
        ? Optional.of(DeLong.compare(s.labels, s.candidate, s.baseline, 0.95)) : Optional.empty());
    for (int g = 0; g < groups; g++) {
      Slice slice = s.slice(g);
      Optional<AucComparison> expected = slice.positives() >= 2 && slice.labels.length - slice.positives() >= 2
          ? Optional.of(DeLong.compare(slice.labels, slice.candidate, slice.baseline, 0.95)) : Optional.empty();
      assertThat(one.get(g).comparison()).isEqualTo(expected);
    }
  }

  @Test
  void countsATieAcrossGroupsOnlyWithinEachGroup() {
    // group 0: positive 0.5 ties negative 0.5; group 1: positive 0.5 above negative 0.2 and below negative 0.9
    boolean[] labels = {true, false, true, true, false, false, false, true, false};
    double[] scores = {0.5, 0.5, 0.7, 0.5, 0.2, 0.9, 0.1, 0.5, 0.5};
    int[] group = {0, 0, 0, 1, 1, 1, 0, 1, 1};

    List<GroupedDeLong.Group> result = GroupedDeLong.compare(labels, scores, scores, 2, row -> group[row], 2, 0.95);

    // group 0: positives 0.5, 0.7 against negatives 0.5, 0.1: (0.5 + 1 + 1 + 1) / 4
    assertThat(result.get(0).comparison().orElseThrow().candidateAuc()).isEqualTo(3.5 / 4);
    // group 1: positives 0.5, 0.5 against negatives 0.2, 0.9, 0.5: 2 * (1 + 0 + 0.5) / 6
    assertThat(result.get(1).comparison().orElseThrow().candidateAuc()).isEqualTo(3.0 / 6);
  }

  @Test
  void refusesAGroupOutOfRangeNamingTheRow() {
    boolean[] labels = {true, false, true, false};
    double[] scores = {0.1, 0.2, 0.3, 0.4};
    assertThatThrownBy(() -> GroupedDeLong.compare(labels, scores, scores, 2, row -> row == 2 ? 5 : 0, 2, 0.95))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("row 2 was put in group 5, outside the 2 groups");
  }

  @Test
  void refusesAMinimumBelowTwo() {
    boolean[] labels = {true, false};
    double[] scores = {0.1, 0.2};
    assertThatThrownBy(() -> GroupedDeLong.compare(labels, scores, scores, 1, row -> 0, 1, 0.95))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must be at least 2, got 1");
  }

  /** Rows with labels, two models' scores and a group each. */
  private record Sample(boolean[] labels, double[] candidate, double[] baseline, int[] group) {
    /** Group sizes unequal (a skewed draw), some groups left empty, some rows all of one class per group. */
    static Sample draw(Random random, int n, int groups, Shape candidateShape, Shape baselineShape) {
      boolean[] labels = new boolean[n];
      int[] group = new int[n];
      double[] share = new double[groups];
      for (int g = 0; g < groups; g++) {
        share[g] = switch (random.nextInt(5)) {
          case 0 -> 0.0;
          case 1 -> 1.0;
          default -> random.nextDouble();
        };
      }
      int used = 1 + random.nextInt(groups);
      for (int i = 0; i < n; i++) {
        int g = (int) (used * Math.pow(random.nextDouble(), 1 + random.nextInt(3)));
        group[i] = g;
        labels[i] = random.nextDouble() < share[g];
      }
      return new Sample(labels, Samples.scores(random, n, candidateShape), Samples.scores(random, n, baselineShape),
          group);
    }

    Slice slice(int g) {
      int size = 0;
      for (int x : group) {
        size += x == g ? 1 : 0;
      }
      Slice slice = new Slice(new boolean[size], new double[size], new double[size]);
      for (int i = 0, k = 0; i < group.length; i++) {
        if (group[i] == g) {
          slice.labels[k] = labels[i];
          slice.candidate[k] = candidate[i];
          slice.baseline[k++] = baseline[i];
        }
      }
      return slice;
    }
  }

  /** One group's rows. */
  private record Slice(boolean[] labels, double[] candidate, double[] baseline) {
    int positives() {
      return Samples.count(labels);
    }

    /**
     * The Mann-Whitney kernel over every (positive, negative) pair: V10 per positive, V01 per negative, their means
     * the AUC, their sample variances (over the positives, the negatives) the DeLong variances.
     */
    void assertMatchesDefinition(AucComparison c) {
      int m = positives();
      int n = labels.length - m;
      double[] v10c = new double[m];
      double[] v10b = new double[m];
      double[] v01c = new double[n];
      double[] v01b = new double[n];
      for (int i = 0, pi = 0; i < labels.length; i++) {
        if (!labels[i]) {
          continue;
        }
        for (int j = 0, nj = 0; j < labels.length; j++) {
          if (labels[j]) {
            continue;
          }
          double kc = kernel(candidate[i], candidate[j]);
          double kb = kernel(baseline[i], baseline[j]);
          v10c[pi] += kc / n;
          v10b[pi] += kb / n;
          v01c[nj] += kc / m;
          v01b[nj++] += kb / m;
        }
        pi++;
      }
      double aucC = mean(v10c);
      double aucB = mean(v10b);
      assertThat(c.candidateAuc()).isCloseTo(aucC, within(1e-12));
      assertThat(c.baselineAuc()).isCloseTo(aucB, within(1e-12));
      assertThat(c.candidateVariance()).isCloseTo(cov(v10c, v10c) / m + cov(v01c, v01c) / n, within(1e-12));
      assertThat(c.baselineVariance()).isCloseTo(cov(v10b, v10b) / m + cov(v01b, v01b) / n, within(1e-12));
      assertThat(c.covariance()).isCloseTo(cov(v10c, v10b) / m + cov(v01c, v01b) / n, within(1e-12));
    }

    private static double kernel(double positive, double negative) {
      return positive > negative ? 1.0 : positive == negative ? 0.5 : 0.0;
    }

    private static double mean(double[] x) {
      double sum = 0;
      for (double v : x) {
        sum += v;
      }
      return sum / x.length;
    }

    private static double cov(double[] x, double[] y) {
      double mx = mean(x);
      double my = mean(y);
      double sum = 0;
      for (int i = 0; i < x.length; i++) {
        sum += (x[i] - mx) * (y[i] - my);
      }
      return sum / (x.length - 1);
    }
  }
}
