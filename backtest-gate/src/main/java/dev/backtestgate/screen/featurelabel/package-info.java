/**
 * The feature-label screen: each recorded feature alone ranked against the labels, direction-free AUC with its
 * DeLong interval, categorical features by out-of-fold positive rate (kind feature-label,
 * backtestgate.max-feature-auc). One check, one package: it depends on the gate's SPI in the root package, on
 * metrics and internal, and on no other check.
 */
@API(status = EXPERIMENTAL, since = "0.1")
package dev.backtestgate.screen.featurelabel;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
