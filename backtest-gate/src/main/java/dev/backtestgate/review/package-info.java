/**
 * Leakage-review sign-off files: the strict reader and canonical writer, the coverage rules, the data
 * fingerprint, and the review store. Depends on metrics-free basics only (internal); the gate in the root package
 * uses it.
 */
@API(status = STABLE, since = "0.1")
package dev.backtestgate.review;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
