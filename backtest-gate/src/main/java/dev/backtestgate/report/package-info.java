/**
 * What people and tools read: the console text with next steps, the JSON report, the self-contained HTML page and
 * the build-wide index, and pending sign-offs, all written atomically. Renders findings through their own
 * rendering; depends on the root package and the checks' public types, never the reverse.
 */
@API(status = EXPERIMENTAL, since = "0.1")
package dev.backtestgate.report;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
