package com.acme.stalescores;

import dev.backtestgate.CheckSettings;
import java.time.Duration;

/**
 * The stale-scores check's setting: how long before its decision a score may have been computed.
 *
 * @param maxAge the largest age allowed
 */
// tag::settings[]
public record ScoreAge(Duration maxAge) implements CheckSettings {
  public static final ScoreAge DEFAULTS = new ScoreAge(Duration.ofDays(1));
}
// end::settings[]
