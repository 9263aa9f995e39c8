package dev.backtestgate.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class RocPlotTests {
  /** Points of an "M x,y L x,y ..." path, in tenths of a pixel. */
  private static List<long[]> points(String d) {
    List<long[]> points = new ArrayList<>();
    for (String p : d.substring(1).split("L")) {
      String[] xy = p.split(",");
      points.add(new long[] {Math.round(10 * Double.parseDouble(xy[0])), Math.round(10 * Double.parseDouble(xy[1]))});
    }
    return points;
  }

  private static boolean onSegment(long[] p, long[] a, long[] b) {
    long cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    return cross == 0 && Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0])
        && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
  }

  @Test
  void aStaircaseKeepsOnlyItsCorners() {
    double[] fpr = {0, 0, 0, 0.5, 1, 1};
    double[] tpr = {0, 0.25, 0.5, 0.5, 0.5, 1};
    assertThat(RocPlot.pathData(fpr, tpr)).isEqualTo("M52,272L52,142L312,142L312,12");
  }

  /**
   * Against the definition: every original point, drawn in tenths of a pixel, lies on the drawn path, in
   * order; the path starts at (0, 0) and ends at (1, 1).
   */
  @Property(tries = 500)
  void theDrawnPathPassesThroughEveryPoint(@ForAll @Size(min = 1, max = 60) List<@IntRange(min = 0, max = 3) Integer> steps) {
    int n = steps.size() + 2;
    double[] fpr = new double[n];
    double[] tpr = new double[n];
    int negatives = 0;
    int positives = 0;
    for (int i = 0; i < steps.size(); i++) {
      negatives += steps.get(i) & 1;
      positives += steps.get(i) >> 1;
    }
    int x = 0;
    int y = 0;
    for (int i = 0; i < steps.size(); i++) {
      x += steps.get(i) & 1;
      y += steps.get(i) >> 1;
      fpr[i + 1] = negatives == 0 ? 0 : (double) x / negatives;
      tpr[i + 1] = positives == 0 ? 0 : (double) y / positives;
    }
    fpr[n - 1] = 1;
    tpr[n - 1] = 1;
    List<long[]> drawn = points(RocPlot.pathData(fpr, tpr));
    assertThat(drawn.get(0)).containsExactly(520, 2720);
    assertThat(drawn.get(drawn.size() - 1)).containsExactly(3120, 120);
    int segment = 0;
    for (int i = 0; i < n; i++) {
      long[] p = {Math.round(10 * (RocPlot.LEFT + fpr[i] * RocPlot.SIZE)),
          Math.round(10 * (RocPlot.TOP + (1 - tpr[i]) * RocPlot.SIZE))};
      while (segment + 1 < drawn.size() && !onSegment(p, drawn.get(segment), drawn.get(segment + 1))) {
        segment++;
      }
      assertThat(segment + 1 < drawn.size() || java.util.Arrays.equals(p, drawn.get(segment)))
          .as("point %d (%d, %d) on the path %s", i, p[0], p[1], RocPlot.pathData(fpr, tpr)).isTrue();
    }
    assertThat(drawn.size()).isLessThanOrEqualTo(n);
  }
}
