/**
 * The offline–online tripwire: production outcomes ({@link dev.backtestgate.tripwire.Outcomes}) tested against the
 * backtest's own claim with its interval, on every daily look, by an always-valid normal-mixture boundary (kinds
 * offline-online-gap and tripwire-unchecked). It depends on the root package (findings), claim, metrics, internal
 * and alarm ({@link dev.backtestgate.tripwire.TripwireAlarm}: what the owner hears).
 */
@API(status = EXPERIMENTAL, since = "0.3")
package dev.backtestgate.tripwire;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
