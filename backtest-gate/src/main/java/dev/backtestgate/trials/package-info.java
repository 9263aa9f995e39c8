/**
 * The trials ledger and the deflated lift (kind many-trials): every evaluation of a test set is one entry in a
 * ledger ({@link dev.backtestgate.trials.TrialLedger}, by default a local directory), a trial is a distinct digest
 * of a candidate's scores on that test set, and the lift of the N-th trial is judged against the best z that N
 * candidates with no real lift would reach by chance ({@link dev.backtestgate.trials.Deflation}); with every
 * trial's scores kept, a bootstrap reality check over them decides instead
 * ({@link dev.backtestgate.trials.RealityCheck}). One check, one package: it depends on the gate's SPI in the root package, on review's row hash, on metrics and on internal.
 */
@API(status = EXPERIMENTAL, since = "0.3")
package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
