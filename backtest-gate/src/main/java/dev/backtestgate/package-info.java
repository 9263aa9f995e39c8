/**
 * The gate and its check SPI: {@code BacktestRun} (what a backtest recorded), {@code GatePolicy} (the limits and
 * each check's settings), {@code BacktestGate} (runs every check and decides), {@code GateResult}, and the
 * contracts a check implements ({@code Check}, {@code Finding}). Each built-in check lives in a package of its own
 * ({@code lift}, {@code pointintime}, {@code history}, {@code screen.*}) and depends on this package; this package
 * reaches a check only through the conveniences users call ({@code BacktestRun.Builder}'s recorders, the
 * deprecated {@code GatePolicy} accessors) and the evidence path.
 */
@API(status = STABLE, since = "0.1")
package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
