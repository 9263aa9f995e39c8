/**
 * How an owner hears what the gate found after the fact: an {@link dev.backtestgate.alarm.Alarm} (a small JSON and
 * one line for a log) and {@link dev.backtestgate.alarm.AlarmPoster}, which POSTs it to the owner's endpoint with
 * timeouts and retries. One home for every alarm route: the jdbc guard's history alarms and the tripwire's. It
 * depends on the JDK alone ({@code java.net.http}).
 */
@API(status = EXPERIMENTAL, since = "0.3")
package dev.backtestgate.alarm;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
