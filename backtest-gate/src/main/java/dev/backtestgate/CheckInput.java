package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Something a backtest records for a check that is not one of the run's columns: a training set, a future-read
 * probe, a late-write report, a history check. A run keeps each input under its type
 * ({@link BacktestRun.Builder#input(CheckInput)}); a check reads the inputs of its own type
 * ({@link BacktestRun#inputs(Class)}), so adding a check adds no accessor to {@link BacktestRun}.
 *
 * <pre>{@code
 * record Exposure(double[] amounts) implements CheckInput {}
 * BacktestRun run = BacktestRun.builder(id) ... .input(new Exposure(amounts)).build();
 * // in the check: c.run().inputs(Exposure.class)
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface CheckInput {}
