package dev.backtestgate.cli;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.InvalidSettingException;
import dev.backtestgate.Mode;
import dev.backtestgate.cli.workflow.CannotCheck;
import dev.backtestgate.cli.workflow.ProjectDirectories;
import dev.backtestgate.config.GateConfig;
import dev.backtestgate.report.GateReporter;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.report.ReportFiles;
import dev.backtestgate.review.ReviewStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code backtest-gate audit <file>}: the whole gate on a scored table file, as a {@code @LeakageGated} test runs
 * it: the same evaluation, the same reports and pending sign-off under the report directory, and a committed
 * sign-off in the review directory covers it as it covers a test.
 */
@Command(name = "audit", mixinStandardHelpOptions = true,
    description = "Runs the gate on a scored table (CSV with a header row): labels, the candidate's and the "
        + "baseline's scores, decision times, features with their knowledge times. Writes the gate's reports and, "
        + "in local mode, its pending sign-off. Exit 0 the gate passes, 1 it fails, 2 the file cannot be checked.",
    footer = {"%nExample:",
        "  backtest-gate audit scored.csv --label churned --candidate gbm --baseline logreg "
            + "--decision-time scored_at --feature balance=balance_known_at --gate-id churn-v7"})
final class AuditCommand implements Callable<Integer> {
  @ParentCommand
  Root root;

  @Mixin
  Directories directories;

  @Parameters(index = "0", paramLabel = "FILE", description = "The scored table: a .csv file with a header row. "
      + "A relative path resolves against --module.")
  Path file;

  @Option(names = "--label", required = true, paramLabel = "COL", description = "The label column: 1/0 or "
      + "true/false.")
  String label;

  @Option(names = "--candidate", required = true, paramLabel = "COL",
      description = "The candidate model's score column (its name is the model's name in the report).")
  String candidate;

  @Option(names = "--baseline", required = true, paramLabel = "COL",
      description = "The baseline model's score column.")
  String baseline;

  @Option(names = "--decision-time", required = true, paramLabel = "COL", description = "When each row was "
      + "scored: ISO instants, UTC dates or epoch milliseconds.")
  String decisionTime;

  @Option(names = "--entity", paramLabel = "COL", description = "The entity (account, customer) of each row.")
  String entity;

  @Option(names = "--feature", paramLabel = "NAME=KNOWN_AT_COL", description = "A feature and the column of "
      + "when its value became known (empty where the row has no value). Repeatable.")
  Map<String, String> features = new LinkedHashMap<>();

  @Option(names = "--timeless", paramLabel = "NAME=REASON", description = "A feature with no knowledge time on "
      + "purpose (a birth year, say), with the reason reviewers read. Repeatable.")
  Map<String, String> timeless = new LinkedHashMap<>();

  @Option(names = "--gate-id", paramLabel = "ID", description = "The gate id: names the reports and the sign-off. "
      + "Default: the file's name without its extension.")
  String gateId;

  @Option(names = "--mode", paramLabel = "MODE", description = "auto, verify or local (as backtestgate.mode). "
      + "Default: backtestgate.mode as a gated test reads it (-D, else junit-platform.properties), else auto: "
      + "verify in CI, local elsewhere.")
  Mode mode;

  @Override
  public Integer call() throws CannotCheck {
    Path module = directories.module();
    root.output.directories(directories.commandOptions());
    Path table = module.resolve(file).normalize();
    ScoredTable rows = TableFiles.read(table, new ScoredTable.Layout(label, candidate, baseline, decisionTime,
        entity, features));
    String id = gateId != null ? gateId : defaultGateId(table);
    BacktestRun run = run(id, rows);
    GatePolicy policy = policy(module);
    ReviewStore reviews = ReviewStore.directory(directories.reviewDir());
    PublishedGate published = GateReporter.publish(run, BacktestGate.evaluate(run, policy, reviews,
        Clock.systemUTC()), new ReportFiles(directories.reportDir()), reviews);
    root.output.info(published.text().stripTrailing());
    root.output.info("Report: " + published.htmlFile());
    if (published.pendingWritten()) {
      root.output.info("Pending sign-off: " + published.pendingFile());
    }
    return published.result().verdict().passed() ? Main.OK : Main.FINDINGS;
  }

  private BacktestRun run(String id, ScoredTable rows) throws CannotCheck {
    BacktestRun.Builder builder = BacktestRun.builder(id).labels(rows.labels())
        .candidate(candidate, rows.candidate()).baseline(baseline, rows.baseline())
        .decisionTimes(rows.decisionTimes());
    if (rows.entities() != null) {
      builder.entities(rows.entities());
    }
    rows.knownAt().forEach(builder::feature);
    timeless.forEach(builder::timelessFeature);
    try {
      return builder.build();
    } catch (IllegalArgumentException e) {
      throw new CannotCheck("The gate refuses the table's columns: " + e.getMessage(),
          "Fix the options or the file as the message says, then run audit again.");
    }
  }

  /**
   * The gate's settings as a gated test of this module reads them: a system property (-D), else the key in the tests'
   * junit-platform.properties, else the default; the mode option first; auto resolved here.
   */
  private GatePolicy policy(Path module) throws CannotCheck {
    Path properties = directories.propertiesDir(module);
    GatePolicy policy;
    try {
      policy = GateConfig.resolve(key -> Optional.ofNullable(System.getProperty(key))
          .or(() -> Optional.ofNullable(ProjectDirectories.junitProperty(properties, key))),
          "system property or " + properties.resolve("junit-platform.properties")).policy();
    } catch (InvalidSettingException e) {
      throw new CannotCheck(e.getMessage(), "Fix or remove that setting.");
    }
    Mode chosen = mode != null ? mode : policy.mode();
    return policy.withMode(chosen.resolve(System.getenv()));
  }

  private static String defaultGateId(Path table) {
    String name = table.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }
}
