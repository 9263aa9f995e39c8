/**
 * The point-in-time check: a feature value known after its row's decision time (plus
 * backtestgate.availability-lag) is a leak (kind point-in-time), with rows, share, largest lead and example rows.
 * One check, one package: it depends on the gate's SPI in the root package, on time and internal, and on no other
 * check.
 */
@API(status = STABLE, since = "0.1")
package dev.backtestgate.pointintime;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
