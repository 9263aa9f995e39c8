package dev.backtestgate.lifttrend;

import static dev.backtestgate.internal.Wording.fmt;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The power table of docs/lift-trend.md, row by row: 24 monthly periods at a 20% base rate, baseline AUC 0.70, model
 * noise correlation 0.6, the lift falling from {@code step} to 0 after month 12, default settings. Run on demand
 * ({@code -Dlifttrend.power=true -Dtest=LiftTrendPowerReport}); it prints the table and asserts nothing else.
 */
@EnabledIfSystemProperty(named = "lifttrend.power", matches = "true")
class LiftTrendPowerReport {
  @Test
  void printThePowerTable() {
    int runs = 200;
    int[] sizes = {500, 2_000, 8_000};
    double[] steps = {0.0, 0.03, 0.05};
    StringBuilder table = new StringBuilder("| rows per month (positives) |");
    for (double step : steps) {
      table.append(step == 0 ? " no step (false alarms) |" : fmt(" step %.2f |", step));
    }
    table.append('\n').append("|---|---|---|---|\n");
    for (int size : sizes) {
      table.append(fmt("| %,d (about %,d) |", size, size / 5));
      for (double step : steps) {
        SplittableRandom random = new SplittableRandom(1000L * size + (long) (step * 100));
        int found = 0;
        for (int run = 0; run < runs; run++) {
          SimulatedRuns.Run r = SimulatedRuns.draw(SimulatedRuns.backfill(24, size, 0.2, 12, step, 0.0), 0.6,
              false, random);
          found += LiftTrend.measure(r.labels(), r.candidate(), r.baseline(), r.times(), LiftTrendSettings.defaults(),
              0.95).fails() ? 1 : 0;
        }
        table.append(fmt(" %.0f%% |", 100.0 * found / runs));
      }
      table.append('\n');
    }
    System.out.println(table);
  }
}
