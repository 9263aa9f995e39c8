package dev.backtestgate.cli;

import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.claim.MalformedClaimException;
import dev.backtestgate.InvalidSettingException;
import dev.backtestgate.config.GateConfig;
import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.Tripwire;
import dev.backtestgate.tripwire.TripwireResult;
import dev.backtestgate.tripwire.TripwireSettings;
import dev.backtestgate.tripwire.TripwireText;
import dev.backtestgate.cli.workflow.CannotCheck;
import dev.backtestgate.cli.workflow.TripwireSarif;
import dev.backtestgate.cli.workflow.TripwireTrace;
import dev.backtestgate.report.TripwirePage;
import dev.backtestgate.lakehouse.ClaimTables;
import dev.backtestgate.tripwire.trace.Trace;
import dev.backtestgate.tripwire.trace.TraceText;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code backtest-gate tripwire --claim <claim.json> <outcomes.csv>}: holds production outcomes to a backtest's claim
 * (docs/tripwire.md). Reads, never writes.
 */
@Command(name = "tripwire", mixinStandardHelpOptions = true,
    description = "Holds production outcomes (a CSV or Parquet file, an Iceberg table or a SQL query; columns "
        + "decidedAt, candidateScore, label, labelKnownAt, optionally baselineScore, decisionId, entity, served "
        + "features) to a backtest's claim, as often as you like: an always-valid boundary keeps daily looks from "
        + "inflating false alarms. Settings as -D options or system properties: backtestgate.tripwire-alpha (0.01), "
        + "backtestgate.tripwire-min-gap (0.03), backtestgate.lift-period-min-class (30). Exit 0 production holds "
        + "the claim (or too few labels yet), 1 tripped, 2 could not check.",
    footer = {"%nExamples:", "  backtest-gate tripwire --claim leakage-reviews/claims/churn-v7.json outcomes.csv",
        "  backtest-gate tripwire --claim leakage-reviews/claims/churn-v7.json iceberg:<project>/warehouse/decisions",
        "  backtest-gate tripwire --claim leakage-reviews/claims/churn-v7.json 'jdbc:postgresql://db/prod' --sql "
            + "'SELECT decided_at AS decidedAt, score AS candidateScore, churned AS label, churn_known_at AS "
            + "labelKnownAt FROM decisions' --classpath postgresql.jar -Dbacktestgate.tripwire-alpha=0.005"})
final class TripwireCommand implements Callable<Integer> {
  @ParentCommand
  Root root;

  @Option(names = "--claim", required = true, paramLabel = "FILE", description = "The claim: a report's claim as "
      + "the reviewer's claim command copies it (leakage-reviews/claims/<gate>.json).")
  Path claimFile;

  @Mixin
  OutcomesSource outcomes;

  @Option(names = "-D", paramLabel = "KEY=VALUE", description = "A setting: backtestgate.tripwire-alpha, "
      + "backtestgate.tripwire-min-gap or backtestgate.lift-period-min-class (also read as system properties). "
      + "Repeatable.")
  Map<String, String> properties = new LinkedHashMap<>();

  @Option(names = "--gate", paramLabel = "ID", description = "Refuse a claim of any other gate.")
  String gate;

  @Option(names = "--json", paramLabel = "FILE", description = "Also write the result as JSON to FILE (atomically): "
      + "what was measured, the findings, the trace when it tripped, the claim.")
  Path json;

  @Option(names = "--html", paramLabel = "FILE", description = "Also write the result as a self-contained HTML page "
      + "to FILE (atomically): the verdict, what was measured, the claim's lift per period then production's on one "
      + "axis with the claim's interval as a band, the trace when it tripped.")
  Path html;

  @Option(names = "--sarif", paramLabel = "FILE", description = "Also write the result as SARIF 2.1.0 to FILE "
      + "(atomically), for code scanning: one result at the claim file, offline-online-gap (error) when it tripped, "
      + "tripwire-unchecked (warning) when too few labels are known yet, none when production holds the claim.")
  Path sarif;

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
    TripwireSettings settings = settings();
    Outcomes read = outcomes.read();
    TripwireResult result;
    try {
      result = Tripwire.check(claim, read, checkTime, settings);
    } catch (IllegalArgumentException e) {
      throw new CannotCheck("The tripwire cannot check these outcomes against " + claimFile + ": " + e.getMessage()
          + ".", "Fix the input as the message says, then run the tripwire again.");
    }
    root.output.info(TripwireText.render(claim.gate(), result).stripTrailing());
    Trace trace = null;
    if (result instanceof TripwireResult.Tripped) {
      trace = TripwireTrace.of(claim, read, ClaimTables.trace(claim), directories.reportDir());
      root.output.info(TraceText.render(trace).stripTrailing());
    }
    if (json != null) {
      TripwireTrace.write(json, TripwireTrace.json(claim, result, trace));
      root.output.info("The result as JSON: " + json.toAbsolutePath());
    }
    if (html != null) {
      TripwirePage.write(html, claim, result, read, checkTime, trace);
      root.output.info("The result as HTML: " + html.toAbsolutePath());
    }
    if (sarif != null) {
      TripwireTrace.write(sarif, TripwireSarif.write(claim, claimFile, result, json, html, directories.module()));
      root.output.info("The result as SARIF: " + sarif.toAbsolutePath());
    }
    return result instanceof TripwireResult.Tripped ? Main.FINDINGS : Main.OK;
  }

  /**
   * The settings as every key is read: {@code -D} options first, then system properties, through the gate's one
   * configuration; a key of the gate's namespace that is no key is named with the one meant.
   */
  private TripwireSettings settings() throws CannotCheck {
    for (String key : properties.keySet()) {
      if (GateConfig.setting(key).isEmpty()) {
        throw new CannotCheck("-D" + key + " is not a setting" + (GateConfig.inNamespace(key) ? ": did you mean "
            + GateConfig.nearest(key) + "?" : "."), "Give one of " + String.join(", ", TripwireSettings.KEYS) + ".");
      }
    }
    try {
      return TripwireSettings.of(GateConfig.resolve(key -> Optional.ofNullable(properties.get(key))
          .or(() -> Optional.ofNullable(System.getProperty(key))), "-D option or system property").policy());
    } catch (InvalidSettingException e) {
      throw new CannotCheck(e.getMessage(), "Fix or remove that setting.");
    }
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
