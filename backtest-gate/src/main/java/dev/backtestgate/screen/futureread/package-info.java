/**
 * The future-read probe: a feature function re-run on history cut at sampled decision times must give the value
 * the backtest used (kind future-read, backtestgate.future-read-sample). One check, one package: it depends on
 * the gate's SPI in the root package, on time and internal, and on no other check.
 */
@API(status = EXPERIMENTAL, since = "0.1")
package dev.backtestgate.screen.futureread;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
