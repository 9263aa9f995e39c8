/**
 * The model in the loop: a backtest hands the gate its own pipeline ({@link dev.backtestgate.pipeline.Pipeline}),
 * and the gate refits it on the training rows alone. The refit probe (kind fit-scope) fails scores that the
 * training rows alone do not reproduce (preprocessing, selection or encoding fitted with test rows); the
 * drop-column refits attribute the lift to features (kinds lift-attribution and lift-carrier); test rows copied
 * from training rows are a warning (kind duplicate-rows). One check, one package: it depends on the gate's SPI in
 * the root package, metrics and internal, and on no other check.
 */
@API(status = EXPERIMENTAL, since = "0.2")
package dev.backtestgate.pipeline;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
