/**
 * The claim: what one evaluation of the gate promised (both AUCs with their DeLong variances and covariance, the lift
 * and its interval, the lift per period, the lift each feature carries, the features and the data read), in one
 * strict canonical JSON form ({@code docs/schemas/claim.schema.json}) that production outcomes are later tested
 * against. It depends on the root package (the run and the gate's result), metrics, review (the lift carried),
 * lifttrend (the lift per period) and internal.
 */
@API(status = EXPERIMENTAL, since = "0.3")
package dev.backtestgate.claim;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
