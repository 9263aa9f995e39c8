/**
 * History read from a lakehouse table's own transaction log (Delta Lake, Apache Iceberg): commits that rewrote or
 * appended into closed partitions become the gate's {@code rewritten-history} and {@code late-writes} findings, an
 * expired part of the window a {@code check-failed}. The entry points are
 * {@link dev.backtestgate.lakehouse.DeltaHistory} and {@link dev.backtestgate.lakehouse.IcebergHistory}; the rules
 * ({@code LogJudge}) read a format-neutral {@code TableLog}, so each format adds only its reader.
 */
@API(status = EXPERIMENTAL, since = "0.1")
package dev.backtestgate.lakehouse;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
