package dev.backtestgate.cli.workflow.forks;

import dev.backtestgate.junit.Backtest;
import dev.backtestgate.junit.LeakageGated;
import dev.backtestgate.cli.workflow.fixtures.Fixtures;
import org.junit.jupiter.api.Test;

/** One of two classes that Surefire may run in separate forks, both gated under the id {@code churn-gbm}. */
public class CleanForkFixture {
  @Test
  @LeakageGated(id = "churn-gbm")
  void gbm(Backtest backtest) {
    Fixtures.record(backtest);
  }
}
