/**
 * Exact AUC and the paired DeLong comparison on primitive arrays: midrank ties, O(n log n), bit-identical on any
 * thread count. Depends on nothing of ours but internal; the checks, the report and the Spark module build on it.
 */
@API(status = STABLE, since = "0.1")
package dev.backtestgate.metrics;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
