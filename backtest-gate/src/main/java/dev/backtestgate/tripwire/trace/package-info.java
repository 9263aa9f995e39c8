/**
 * The tripwire's trace: when production falls short of a claim, what the evidence says about why, each line from
 * evidence, none guessed: the features that carried the claimed lift, each served feature's skew between the
 * backtest and production, each claimed table's history since the version read (read by a table format's reader, e.g.
 * backtest-gate-lakehouse), the other backtests that read the same rewritten partitions, and one closing sentence.
 * It depends on claim and tripwire.
 */
@API(status = EXPERIMENTAL, since = "0.3")
package dev.backtestgate.tripwire.trace;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
