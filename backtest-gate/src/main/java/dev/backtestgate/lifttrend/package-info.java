/**
 * The lift-trend check: the paired DeLong lift per decision-time period, the best single change point (calibrated
 * for the maximum over boundaries) and a weighted trend test, failing when the lift falls significantly and by at
 * least backtestgate.lift-trend-min-step (kind lift-trend): the signature of history rewritten in place up to a
 * date. One check, one package: it depends on the gate's SPI in the root package and on metrics and internal, and on
 * no other check.
 */
@API(status = EXPERIMENTAL, since = "0.1")
package dev.backtestgate.lifttrend;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
