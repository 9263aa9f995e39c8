/**
 * The train/test-overlap screen: test rows whose entity appears in training at a decision time at or after theirs
 * (kind train-test-overlap, backtestgate.train-test-overlap). One check, one package: it depends on the gate's
 * SPI in the root package and internal, and on no other check.
 */
@API(status = EXPERIMENTAL, since = "0.1")
package dev.backtestgate.screen.overlap;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
