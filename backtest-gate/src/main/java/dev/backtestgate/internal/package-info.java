/**
 * Infrastructure that the core's packages share and users do not call: canonical JSON writing, strict JSON
 * reading with size and depth limits, bounded file reading, atomic file writing and file-system safe names.
 * Nothing here is API; it may change in any release.
 */
@API(status = INTERNAL, since = "0.1")
package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;
