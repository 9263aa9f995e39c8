/**
 * The bitemporal point-in-time join and what it reads: event logs (entity, validFrom, recordedAt, value), spines
 * (entity, decision time), the joined feature table with each value's recordedAt, feature functions over an event
 * log cut at a time, and epoch-millisecond arithmetic that never wraps. May depend on internal only: checks and
 * engines depend on it, never the reverse.
 */
@API(status = STABLE, since = "0.1")
package dev.backtestgate.time;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
