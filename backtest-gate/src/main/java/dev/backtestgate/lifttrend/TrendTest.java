package dev.backtestgate.lifttrend;

import java.util.List;

/**
 * The two statistics over measured periods {@code k = 1 .. K}, lifts {@code L_k}, weights {@code w_k = 1 / v_k}.
 *
 * <p>Change point: for a boundary after period {@code j}, with {@code W_j} and {@code S_j} the cumulative weight and
 * weighted lift, {@code W}, {@code S} the totals and {@code t_j = W_j / W}, {@code Z_j = (S_j / W_j - (S - S_j) / (W
 * - W_j)) / sqrt(1 / W_j + 1 / (W - W_j)) = (S_j - t_j S) / sqrt(W t_j (1 - t_j))}. Under a stable lift {@code S_j -
 * t_j S} is a Brownian bridge in {@code t}, so the {@code Z_j} are standard normal with neighbour correlation {@code
 * sqrt(t_j (1 - t_(j+1)) / (t_(j+1) (1 - t_j)))}, a Markov chain: {@link MaxBound} bounds its maximum.
 */
final class TrendTest {
  private final List<PeriodLift> measured;
  private final double[] lift;
  private final double[] weight;

  TrendTest(List<PeriodLift> measured) {
    this.measured = measured;
    int k = measured.size();
    lift = new double[k];
    weight = new double[k];
    for (int i = 0; i < k; i++) {
      lift[i] = measured.get(i).comparison().orElseThrow().lift();
      weight[i] = 1.0 / measured.get(i).testVariance();
    }
  }

  LiftTrend.ChangePoint changePoint() {
    int k = lift.length;
    double total = 0;
    double weighted = 0;
    for (int i = 0; i < k; i++) {
      total += weight[i];
      weighted += weight[i] * lift[i];
    }
    double[] t = new double[k - 1];
    double cumulative = 0;
    double cumulativeWeighted = 0;
    int best = 0;
    double bestZ = Double.NEGATIVE_INFINITY;
    double bestBefore = 0;
    double bestAfter = 0;
    for (int j = 0; j < k - 1; j++) {
      cumulative += weight[j];
      cumulativeWeighted += weight[j] * lift[j];
      double rest = total - cumulative;
      double before = cumulativeWeighted / cumulative;
      double after = (weighted - cumulativeWeighted) / rest;
      double z = (before - after) / Math.sqrt(1 / cumulative + 1 / rest);
      t[j] = cumulative / total;
      if (z > bestZ) {
        bestZ = z;
        best = j;
        bestBefore = before;
        bestAfter = after;
      }
    }
    double[] rho = new double[k - 2];
    for (int j = 0; j < k - 2; j++) {
      rho[j] = Math.min(1.0, Math.sqrt(t[j] * (1 - t[j + 1]) / (t[j + 1] * (1 - t[j]))));
    }
    return new LiftTrend.ChangePoint(measured.get(best + 1).period(), bestBefore, bestAfter, bestZ,
        MaxBound.pValue(bestZ, rho), k - 1);
  }

  LiftTrend.Trend trend() {
    int k = lift.length;
    double total = 0;
    double meanX = 0;
    double meanL = 0;
    for (int i = 0; i < k; i++) {
      total += weight[i];
      meanX += weight[i] * x(i);
      meanL += weight[i] * lift[i];
    }
    meanX /= total;
    meanL /= total;
    double sxx = 0;
    double sxl = 0;
    for (int i = 0; i < k; i++) {
      double dx = x(i) - meanX;
      sxx += weight[i] * dx * dx;
      sxl += weight[i] * dx * (lift[i] - meanL);
    }
    double slope = sxl / sxx;
    double z = slope * Math.sqrt(sxx);
    double first = meanL + slope * (x(0) - meanX);
    double last = meanL + slope * (x(k - 1) - meanX);
    return new LiftTrend.Trend(slope, z, MaxBound.upperTail(-z), measured.get(0).period(), first,
        measured.get(k - 1).period(), last);
  }

  private double x(int i) {
    return measured.get(i).index();
  }
}
