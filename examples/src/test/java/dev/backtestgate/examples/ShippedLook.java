package dev.backtestgate.examples;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.lakehouse.ClaimTables;
import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.Tripwire;
import dev.backtestgate.tripwire.TripwireResult;
import dev.backtestgate.tripwire.TripwireSettings;
import dev.backtestgate.tripwire.trace.Trace;
import java.time.Instant;
import java.util.List;

/**
 * What shipping one of {@link DeltaCleanupBacktest}'s two models came to: the claim in its gate's JSON report, the
 * tripwire's look at the six months of production after the backtest ({@link CreditBacktests#production}), and, when
 * it tripped, the trace (the claimed Delta table read from its log by {@link ClaimTables}).
 *
 * @param claim the claim production was held to
 * @param production the production decisions and their outcomes
 * @param result the tripwire's look
 * @param trace the trace, {@code null} unless it tripped
 */
record ShippedLook(Claim claim, Outcomes production, TripwireResult result, Trace trace) {
  /** When the tripwire looks: every production label (decided by September 2025, known 90 days later) has matured. */
  static final Instant LOOK = Instant.parse("2026-01-01T00:00:00Z");

  /** The claim in {@code report} held to the production decisions of {@code shipped}. */
  static ShippedLook of(JsonNode report, CreditBacktests backtests, CreditBacktests.Shipped shipped) {
    Claim claim = ClaimJson.parse(report.get("claim").toString(), "the report's claim");
    Outcomes production = backtests.production(shipped);
    TripwireResult result = Tripwire.check(claim, production, LOOK, TripwireSettings.defaults());
    Trace trace = result instanceof TripwireResult.Tripped
        ? Trace.of(claim, production, ClaimTables.trace(claim), List.of(), "the demo holds the claim with the "
            + "library; the command line (backtest-gate tripwire --reports=<dir>) lists the other backtests")
        : null;
    return new ShippedLook(claim, production, result, trace);
  }
}
