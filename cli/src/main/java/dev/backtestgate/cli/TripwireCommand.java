package dev.backtestgate.cli;

import dev.backtestgate.alarm.AlarmPoster;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.claim.MalformedClaimException;
import dev.backtestgate.InvalidSettingException;
import dev.backtestgate.config.GateConfig;
import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.Tripwire;
import dev.backtestgate.tripwire.TripwireAlarm;
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
import dev.backtestgate.jdbc.GuardTrace;
import dev.backtestgate.tripwire.trace.TableTrace;
import java.net.URI;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.nio.file.Path;
import java.time.Duration;
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
    description = "Holds production outcomes (a CSV or Parquet file, a Delta or Iceberg table, or a SQL table or "
        + "query; columns decidedAt, candidateScore, label, labelKnownAt, optionally baselineScore, decisionId, "
        + "entity, served features) to a backtest's claim, as often as you like: an always-valid boundary keeps daily "
        + "looks from inflating false alarms. Settings as -D options or system properties: "
        + "backtestgate.tripwire-alpha (0.01), backtestgate.tripwire-min-gap (0.03), "
        + "backtestgate.lift-period-min-class (30). Exit 0 production holds the claim (or too few labels yet), 1 "
        + "tripped, 2 could not check. With --alarm-url the model's owner hears a trip, and a look that could not "
        + "check yet.",
    footer = {"%nExamples:", "  backtest-gate tripwire --claim leakage-reviews/claims/churn-v7.json outcomes.csv",
        "  backtest-gate tripwire --claim leakage-reviews/claims/churn-v7.json iceberg:<project>/warehouse/decisions",
        "  backtest-gate tripwire --claim leakage-reviews/claims/churn-v7.json delta:<project>/lake/decisions --json "
            + "tripwire.json --alarm-url https://alerts.example/tripwire",
        "  backtest-gate tripwire --claim leakage-reviews/claims/churn-v7.json 'jdbc:postgresql://db/prod' --sql "
            + "'SELECT decided_at AS decidedAt, score AS candidateScore, churned AS label, churn_known_at AS "
            + "labelKnownAt FROM decisions' --classpath postgresql.jar -Dbacktestgate.tripwire-alpha=0.005"})
final class TripwireCommand implements Callable<Integer> {
  /** The command line's POST: 3 attempts, 0.5 s then 1 s apart, so a dead endpoint costs a run seconds, not minutes. */
  private static final AlarmPoster.Settings ALARM = AlarmPoster.Settings.defaults().retries(3, Duration.ofMillis(500));

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

  @Option(names = "--alarm-url", paramLabel = "URL", description = "When it trips, or could not check yet (a "
      + "warning), also POST a small JSON to the model owner's endpoint (http or https): gate, kind, the claimed "
      + "and live statistic, z and the boundary, the trace's closing sentence, the report's path (--json, else "
      + "--html). A POST that fails after 3 attempts is a warning naming the URL and the status; the exit code is "
      + "the verdict's, unchanged.")
  URI alarmUrl;

  @Option(names = "--guard", paramLabel = "JDBC_URL", description = "Where the append-only guard's audit is (a "
      + "PostgreSQL jdbc:<url>): the trace reads it for each SQL table the claim read, who wrote or tried to write "
      + "its closed history since the backtest's first decision. The driver with --classpath.")
  String guard;

  @Mixin
  Directories directories;

  @Option(names = "--at", paramLabel = "INSTANT", description = "The check time: labels known after it are not "
      + "matured. Default: now.")
  String at;

  @Override
  public Integer call() throws CannotCheck {
    if (alarmUrl != null) {
      try {
        AlarmPoster.checkUrl(alarmUrl);
      } catch (IllegalArgumentException e) {
        throw new CannotCheck("--alarm-url: " + e.getMessage() + ".", "Pass the endpoint as http://<host>/<path> or "
            + "https://<host>/<path>.");
      }
    }
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
    root.output.info(TripwireText.render(claim, result).stripTrailing());
    Trace trace = null;
    if (result instanceof TripwireResult.Tripped) {
      trace = TripwireTrace.of(claim, read, tables(claim), directories.reportDir());
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
    if (alarmUrl != null) {
      Path report = json != null ? json : html;
      TripwireAlarm.of(result, trace == null ? null : trace.closing(), report == null ? null
          : report.toAbsolutePath().toString()).ifPresent(this::raise);
    }
    return result instanceof TripwireResult.Tripped ? Main.FINDINGS : Main.OK;
  }

  /** The claim's tables traced from their logs, and from the guard's audit with --guard. */
  private List<TableTrace> tables(Claim claim) throws CannotCheck {
    List<TableTrace> tables = ClaimTables.trace(claim, directories.module());
    if (guard == null) {
      return tables;
    }
    try (Connection connection = JdbcDrivers.connect(guard, outcomes.classpath, Path.of("").toAbsolutePath())) {
      return GuardTrace.trace(connection, claim, tables);
    } catch (SQLException | CannotCheck e) {
      String why = "the claim records no version read, and the guard's database " + guard + " could not be reached ("
          + String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip() + ")";
      List<TableTrace> out = new ArrayList<>();
      for (int i = 0; i < tables.size(); i++) {
        out.add(claim.dataRead().get(i).version() == null
            ? TableTrace.unreadable(tables.get(i).table(), null, why) : tables.get(i));
      }
      return out;
    }
  }

  /** Posts {@code alarm} to --alarm-url and waits for the outcome: a failure is a warning, never the exit code. */
  private void raise(TripwireAlarm alarm) {
    AlarmPoster.Delivery delivery;
    try (AlarmPoster poster = AlarmPoster.to(alarmUrl, ALARM, System.getLogger(TripwireCommand.class.getName()),
        "tripwire alarm", "")) {
      delivery = poster.post(alarm).join();
    }
    if (delivery.delivered()) {
      root.output.info("The alarm (" + alarm.kind() + ") was posted to " + alarmUrl + ".");
    } else {
      root.output.warn("backtest-gate: warning: the alarm (" + alarm.kind() + ") was NOT delivered to " + alarmUrl
          + " after " + delivery.attempts() + " attempt(s): " + delivery.failure() + ". Nobody was told by it; the "
          + "exit code is the verdict's, unchanged. Check the endpoint, or tell the model's owner yourself.");
    }
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
