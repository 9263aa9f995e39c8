/**
 * The lift check: the candidate's AUC lift over the baseline above backtestgate.max-lift (kind lift) and a
 * perfect candidate (kind perfect-auc), from the comparison the gate computes once. One check, one package: it
 * depends on the gate's SPI in the root package and on metrics, and on no other check.
 */
@API(status = EXPERIMENTAL, since = "0.1")
package dev.backtestgate.lift;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
