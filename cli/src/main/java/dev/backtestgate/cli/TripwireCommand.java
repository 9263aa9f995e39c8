package dev.backtestgate.cli;

import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.claim.MalformedClaimException;
import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.OutcomesCsv;
import dev.backtestgate.tripwire.Tripwire;
import dev.backtestgate.tripwire.TripwireResult;
import dev.backtestgate.tripwire.TripwireSettings;
import dev.backtestgate.tripwire.TripwireText;
import dev.backtestgate.cli.workflow.CannotCheck;
import dev.backtestgate.cli.workflow.TripwireTrace;
import dev.backtestgate.lakehouse.ClaimTables;
import dev.backtestgate.tripwire.trace.Trace;
import dev.backtestgate.tripwire.trace.TraceText;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code backtest-gate tripwire --claim <claim.json> <outcomes.csv>}: holds production outcomes to a backtest's claim
 * (docs/tripwire.md). Reads, never writes.
 */
@Command(name = "tripwire", mixinStandardHelpOptions = true,
    description = "Holds production outcomes (CSV with a header row: decidedAt, candidateScore, label, labelKnownAt, "
        + "optionally baselineScore, decisionId, entity, served features) to a backtest's claim, as often as you "
        + "like: an always-valid boundary keeps daily looks from inflating false alarms. Settings as system "
        + "properties: backtestgate.tripwire-alpha (0.01), backtestgate.tripwire-min-gap (0.03), "
        + "backtestgate.lift-period-min-class (30). Exit 0 production holds the claim (or too few labels yet), "
        + "1 tripped, 2 could not check.",
    footer = {"%nExample:", "  backtest-gate tripwire --claim leakage-reviews/claims/churn-v7.json outcomes.csv"})
final class TripwireCommand implements Callable<Integer> {
  @ParentCommand
  Root root;

  @Option(names = "--claim", required = true, paramLabel = "FILE", description = "The claim: a report's claim as "
      + "the reviewer's claim command copies it (leakage-reviews/claims/<gate>.json).")
  Path claimFile;

  @Parameters(index = "0", paramLabel = "OUTCOMES", description = "The production outcomes: a .csv file.")
  Path outcomesFile;

  @Option(names = "--gate", paramLabel = "ID", description = "Refuse a claim of any other gate.")
  String gate;

  @Option(names = "--json", paramLabel = "FILE", description = "Also write the result as JSON to FILE (atomically): "
      + "what was measured, the findings, the trace when it tripped, the claim.")
  Path json;

  @Mixin
  Directories directories;

  @Option(names = "--at", paramLabel = "INSTANT", description = "The check time: labels known after it are not "
      + "matured. Default: now.")
  String at;

  @Override
  public Integer call() throws CannotCheck {
    Claim claim = claim();
    if (gate != null) {
      try {
        Tripwire.requireGate(claim, gate);
      } catch (IllegalArgumentException e) {
        throw new CannotCheck("The claim " + claimFile + " is of another gate: " + e.getMessage() + ".",
            "Pass the claim of the gate you mean.");
      }
    }
    Instant checkTime = checkTime();
    TripwireSettings settings;
    try {
      settings = TripwireSettings.parse(key -> Optional.ofNullable(System.getProperty(key)));
    } catch (IllegalArgumentException e) {
      throw new CannotCheck(e.getMessage(), "Fix or remove that system property.");
    }
    Outcomes outcomes;
    try {
      outcomes = OutcomesCsv.read(outcomesFile);
    } catch (IllegalArgumentException e) {
      throw new CannotCheck("The outcomes cannot be read: " + e.getMessage() + ".", "Fix the file as the message "
          + "says, then run the tripwire again.");
    }
    TripwireResult result;
    try {
      result = Tripwire.check(claim, outcomes, checkTime, settings);
    } catch (IllegalArgumentException e) {
      throw new CannotCheck("The tripwire cannot check these outcomes against " + claimFile + ": " + e.getMessage()
          + ".", "Fix the input as the message says, then run the tripwire again.");
    }
    root.output.info(TripwireText.render(claim.gate(), result).stripTrailing());
    Trace trace = null;
    if (result instanceof TripwireResult.Tripped) {
      trace = TripwireTrace.of(claim, outcomes, ClaimTables.trace(claim), directories.reportDir());
      root.output.info(TraceText.render(trace).stripTrailing());
    }
    if (json != null) {
      TripwireTrace.write(json, TripwireTrace.json(claim, result, trace));
      root.output.info("The result as JSON: " + json.toAbsolutePath());
    }
    return result instanceof TripwireResult.Tripped ? Main.FINDINGS : Main.OK;
  }

  private Claim claim() throws CannotCheck {
    try {
      return ClaimJson.read(claimFile);
    } catch (MalformedClaimException e) {
      throw new CannotCheck(e.getMessage(), "Copy the claim from the gate's JSON report again; never edit it.");
    } catch (IllegalArgumentException e) {
      throw new CannotCheck(e.getMessage(), "Pass the claim file the reviewer's claim command wrote.");
    }
  }

  private Instant checkTime() throws CannotCheck {
    if (at == null) {
      return Instant.now();
    }
    try {
      return Instant.parse(at);
    } catch (DateTimeParseException e) {
      throw new CannotCheck("--at '" + at + "' is not an ISO instant.", "Write it as 2026-12-01T00:00:00Z.");
    }
  }
}
