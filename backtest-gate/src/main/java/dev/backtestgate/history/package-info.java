/**
 * History is append-only: committed history manifests (per-partition digests of a table), the check that compares
 * a table with its manifest (kind rewritten-history), and the detector of late writes into closed partitions
 * (kind late-writes), with their findings, settings (backtestgate.late-writes) and rendering. One check, one
 * package: it depends on the gate's SPI in the root package, on time and internal, and on no other check.
 */
@API(status = STABLE, since = "0.1")
package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
