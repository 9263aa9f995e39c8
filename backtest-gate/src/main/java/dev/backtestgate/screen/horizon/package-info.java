/**
 * The label-horizon screen: training labels that resolved after the earliest test decision less
 * backtestgate.embargo (kind label-horizon). One check, one package: it depends on the gate's SPI in the root
 * package, on time and internal, and on no other check.
 */
@API(status = EXPERIMENTAL, since = "0.1")
package dev.backtestgate.screen.horizon;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
