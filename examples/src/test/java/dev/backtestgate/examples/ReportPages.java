package dev.backtestgate.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Check;
import dev.backtestgate.Comparison;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.trials.TrialsSettings;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.screen.overlap.TrainTestOverlapPolicy;
import dev.backtestgate.report.GateReporter;
import dev.backtestgate.report.ReportFiles;
import dev.backtestgate.review.Decision;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import dev.backtestgate.history.LateWriteDetector;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The gate's HTML pages as the examples' real runs make them, published into one report directory: every verdict
 * and every finding kind, a 10-million-row run, a run with one row recorded late, a run with 30 screened features,
 * a waived finding and an expired sign-off. Built once per JVM ({@link #standard()}); the browser tests open these
 * pages.
 *
 * <pre>{@code
 * ReportPages pages = ReportPages.standard();
 * Path html = pages.page("one-row-late").html();
 * }</pre>
 */
final class ReportPages {
  /** Rows of the largest run: the size the issue asks for; it takes a few seconds of the suite (see docs/reports.md). */
  static final int LARGE_ROWS = 10_000_000;
  /** Screened features of the wide run. */
  static final int SCREENED_FEATURES = 30;
  private static final String PREFIX = "dev.backtestgate.examples.";
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * One published page.
   *
   * @param name the scenario's short name
   * @param gate the gate id
   * @param html the HTML report
   * @param report the JSON report beside it
   */
  record Page(String name, String gate, Path html, JsonNode report) {
    String verdict() {
      return report.get("verdict").asText();
    }

    List<String> kinds() {
      List<String> kinds = new ArrayList<>();
      report.get("findings").forEach(f -> kinds.add(f.get("kind").asText()));
      return kinds;
    }

    @Override
    public String toString() {
      return name;
    }
  }

  private final Path directory;
  private final Path reviews;
  private final Path trials;
  private final Map<String, Page> pages = new LinkedHashMap<>();

  private ReportPages(Path directory) {
    this.directory = directory;
    this.reviews = directory.resolveSibling(directory.getFileName() + "-reviews");
    this.trials = directory.resolveSibling(directory.getFileName() + "-trials");   // in target/ beside the pages
  }

  /** The pages, published once per JVM into {@code target/report-pages} of the examples module. */
  static ReportPages standard() {
    return Standard.INSTANCE;
  }

  /** The report directory (it holds {@code index.html}). */
  Path directory() {
    return directory;
  }

  Path index() {
    return directory.resolve("index.html");
  }

  List<Page> all() {
    return List.copyOf(pages.values());
  }

  Page page(String name) {
    Page page = pages.get(name);
    if (page == null) {
      throw new IllegalArgumentException("no page " + name + "; pages: " + pages.keySet());
    }
    return page;
  }

  private static ReportPages build(Path directory) {
    ReportPages p = new ReportPages(directory);
    p.clean();
    CreditBacktests b = CreditBacktests.standard();
    GatePolicy policy = GatePolicy.defaults().withMode(Mode.LOCAL);
    ReviewStore committed = ReviewStore.directory(Path.of(System.getProperty("basedir", "."), "leakage-reviews"));
    ReviewStore own = ReviewStore.directory(p.reviews);
    Clock now = Clock.systemUTC();

    // the examples' own gated backtests, under their own gate ids
    p.publish("leaky-backfill", PREFIX + "LeakyBackfillBacktest#rewrittenTableWithUpdatedAt",
        b.leakyBackfill(StatementTable.Stamping.STAMP_UPDATED_AT)::toBuilder, policy, own, now);
    p.publish("rewritten-history", PREFIX + "LeakyBackfillBacktest#rewrittenTableSilently",
        b.leakyBackfill(StatementTable.Stamping.SILENT)::toBuilder, policy, own, now);
    p.publish("point-in-time", PREFIX + "PointInTimeBacktest#challenger", b.pointInTime()::toBuilder, policy, own, now);
    p.publish("reviewed-lift", PREFIX + "ReviewedLiftBacktest#challengerWithPayments", b.reviewedLift()::toBuilder,
        policy, committed, now);
    TrainingWindow leakyWindow = b.trainingWindow(Timeline.TEST_FROM);
    p.publish("label-horizon", PREFIX + "TrainingWindowBacktest#trainedUpToTheTestPeriod",
        gate -> withTraining(leakyWindow, gate), policy, own, now);
    ProbedBacktest probed = b.featureFunction(WorstStatusFunction.READS_THE_FUTURE);
    p.publish("future-read", PREFIX + "LeakyFeatureFunctionBacktest#worstStatusReadsTheFuture",
        gate -> probed.scored().toBuilder(gate).input(probed.probe()), policy, own, now);
    p.publish("feature-label", PREFIX + "TargetEncodedBacktest#employerRateOverAllOutcomes",
        b.employerRate(true)::toBuilder, policy, own, now);
    p.publish("employer-rate", PREFIX + "EmployerRateBacktest#employerRateFromTraining",
        b.employerRate(false)::toBuilder, policy, own, now);

    // the same real runs, varied where a page has more to show
    ScoredBacktest honest = b.pointInTime();
    p.publish("perfect-auc", PREFIX + "ReportPages#candidateIsTheLabel", gate -> perfect(honest).toBuilder(gate),
        policy, own, now);
    StatementTable stamped = StatementTable.load(b.world());
    NormalizeStatusBackfill.rewrite(stamped, b.world(), StatementTable.Stamping.STAMP_UPDATED_AT);
    p.publish("late-writes", PREFIX + "ReportPages#stampedStatusRewrite", gate -> honest.toBuilder(gate)
        .input(LateWriteDetector.withDefaults().detect(stamped.toEventLog(SourceFeatures.STATUS))),
        policy, own, now);
    StatusLog log = StatusLog.load(b.world());
    NormalizeStatusBackfill.record(log, b.world());
    p.publish("declared-corrections", PREFIX + "ReportPages#statusLogWithCorrections", gate -> honest.toBuilder(gate)
        .input(LateWriteDetector.withDefaults().detect(log.toEventLog(SourceFeatures.STATUS))), policy, own, now);
    TrainingWindow honestWindow = b.trainingWindow(Timeline.TEST_FROM - Timeline.OUTCOME_WINDOW);
    p.publish("train-test-overlap", PREFIX + "ReportPages#testAccountsInTraining",
        gate -> withOverlap(honestWindow, gate), policy.with(TrainTestOverlapPolicy.FAIL), own, now);
    p.publish("check-failed", PREFIX + "ReportPages#aCheckThatThrows", gate -> honest.toBuilder(gate)
        .check(Check.of("defaults per month", c -> {
          throw new IllegalStateException("no defaults recorded for 2025-03: the outcome feed stops in February");
        })), policy, own, now);
    p.publish("one-row-late", PREFIX + "ReportPages#oneRowLate", gate -> oneRowLate(honest).toBuilder(gate), policy,
        own, now);
    p.publish("waived", PREFIX + "ReportPages#oneRowLateWaived", gate -> oneRowLate(honest).toBuilder(gate), policy,
        own, now, r -> p.signOff(own, r, LocalDate.now(ZoneOffset.UTC), LocalDate.now(ZoneOffset.UTC).plusDays(90),
            List.of(new SignOff.Waiver("point-in-time", SourceFeatures.BALANCE, "The balance feed is stamped when the "
                + "nightly load finishes; the one late row is a statement posted at 23:59 and loaded a minute after "
                + "the review, with the value the reviewer saw."))));
    p.publish("expired-sign-off", PREFIX + "ReportPages#reviewExpired", b.reviewedLift()::toBuilder, policy, own, now,
        r -> p.signOff(own, r, LocalDate.of(2026, 1, 5), LocalDate.of(2026, 3, 31), List.of()));
    p.publish("thirty-features", PREFIX + "ReportPages#thirtyScreenedFeatures",
        gate -> screened(honest, SCREENED_FEATURES).toBuilder(gate), policy, own, now);
    p.publish("custom-kind", PREFIX + "ReportPages#aCheckOfOurOwn", gate -> honest.toBuilder(gate)
        .check(Check.of("feed freshness", c -> List.of(new StaleFeed("bureau-scores", 9)))), policy, own, now);
    p.publish("rewritten-from-log", PREFIX + "ReportPages#statusTableMergedInPlace",
        gate -> honest.withHistory(mergedInPlace()).toBuilder(gate), policy, own, now);
    p.publish("history-writers", PREFIX + "ReportPages#statusTableNotAppendOnly", gate -> honest.toBuilder(gate)
        .check(Check.of("delta append-only audit", c -> List.of(notAppendOnly()))), policy, own, now);
    p.publish("lift-trend", PREFIX + "EarlyCleanupBacktest#statusesRewrittenInJanuary", b.earlyCleanup()::toBuilder,
        policy, own, now);
    p.publish("fit-scope", PREFIX + "FittedOnAllRowsBacktest#employerEncodedOnAllRows",
        gate -> withPipeline(b.pipeline(false, true), gate), policy, own, now);
    p.publish("lift-carrier", PREFIX + "LeakyBackfillBacktest#rewrittenTableSilentlyWithPipeline",
        gate -> withPipeline(b.leakyBackfillPipeline(), gate), policy, own, now);
    p.publish("time-shifted-labels", PREFIX + "ShiftedPaymentsBacktest#paymentsReadOneStatementLate",
        gate -> withPipeline(CollectionsBacktests.payments(true), gate), policy, own, now);
    p.publish("ten-million-rows", PREFIX + "ReportPages#tenMillionRows",
        gate -> tiled(honest, LARGE_ROWS).toBuilder(gate), policy, own, now);
    return p;
  }

  /**
   * A finding of a check of the user's own, as a team would write one: the kind and the words are theirs, the page
   * shows it like any built-in one.
   *
   * @param feed the feed
   * @param days how many days old its newest value was at the last decision
   */
  record StaleFeed(String feed, int days) implements dev.backtestgate.Finding {
    @Override
    public String kind() {
      return "stale-feed";
    }

    @Override
    public String subject() {
      return feed;
    }

    @Override
    public Resolution resolution() {
      return Resolution.WARNING;
    }

    @Override
    public Rendering render() {
      String headline = "Feed '" + feed + "' was " + days + " days old at the last decision.";
      return new Rendering(headline, List.of(headline), "A stale feed makes the backtest's features older than "
          + "production's.", "Refresh the feed before the backtest.", java.util.Map.of("feed", feed, "days", days));
    }
  }

  /**
   * What a table's own log shows of the cleanup run as a MERGE: 40 weekly loads, then commit 40 rewriting three closed
   * months, with example rows as the change data feed gives them.
   */
  private static dev.backtestgate.history.HistoryCheckResult mergedInPlace() {
    List<dev.backtestgate.history.LogCommit> commits = new java.util.ArrayList<>();
    java.time.Instant start = java.time.Instant.parse("2024-11-04T02:00:00Z");
    for (int v = 0; v <= 40; v++) {
      commits.add(new dev.backtestgate.history.LogCommit(v, start.plus(java.time.Duration.ofDays(7L * v)),
          v == 40 ? "MERGE" : "WRITE", v == 40 ? "etl" : "loader", "Apache-Spark/4.2.0 Delta-Lake/4.4.0"));
    }
    List<dev.backtestgate.history.HistoryFinding> rewritten = new java.util.ArrayList<>();
    for (String month : List.of("2024-01", "2024-02", "2024-03")) {
      rewritten.add(new dev.backtestgate.history.HistoryFinding.Rewritten("written_on=" + month + "-01",
          commits.get(40), 38_000, 38_000, List.of("account_id 1: {account_id=1, written_on=" + month
              + "-01, status=C, code=0} -> {account_id=1, written_on=" + month + "-01, status=CURRENT, code=12}",
              "account_id 4: {account_id=4, written_on=" + month + "-01, status=REVIEW, code=17} -> {account_id=4, "
                  + "written_on=" + month + "-01, status=DPD90, code=15}")));
    }
    return new dev.backtestgate.history.HistoryCheckResult("delta:/lake/status", dev.backtestgate.history
        .PartitionGranularity.DAY, java.time.LocalDate.parse("2025-08-08"), 19, rewritten, null, commits);
  }

  /**
   * What the append-only audit of a Delta table reports when {@code delta.appendOnly} is off at the version read:
   * the {@code history-writers} finding, naming the commit that turned the guard off.
   */
  private static dev.backtestgate.lakehouse.DeltaAppendOnly notAppendOnly() {
    return new dev.backtestgate.lakehouse.DeltaAppendOnly("/lake/status", 40, List.of(
        new dev.backtestgate.history.LogCommit(12, java.time.Instant.parse("2025-01-27T02:00:00Z"), "SET TBLPROPERTIES",
            "etl", "Apache-Spark/4.2.0 Delta-Lake/4.4.0")));
  }

  /** The run of a backtest that hands the gate its pipeline, as {@link RecordedPipeline} records it. */
  private static BacktestRun.Builder withPipeline(PipelineBacktest backtest, String gate) {
    BacktestRun.Builder run = backtest.scored().toBuilder(gate)
        .input(dev.backtestgate.pipeline.PipelineInput.of(backtest.pipeline(), backtest.training()));
    PipelineBacktest.Entities e = backtest.entities();
    return e == null ? run
        : run.training(e.trainingDecided(), e.trainingLabelKnown(), e.trainingEntities()).entities(e.testEntities());
  }

  private void publish(String name, String gate, Function<String, BacktestRun.Builder> run, GatePolicy policy,
      ReviewStore reviews, Clock clock) {
    publish(name, gate, run, policy, reviews, clock, null);
  }

  /**
   * Evaluates and publishes one run; with {@code review}, first evaluates it without one, lets {@code review}
   * write the sign-off from that result, and evaluates again, as a reviewer's sign-off and the next build would.
   */
  private void publish(String name, String gate, Function<String, BacktestRun.Builder> builder, GatePolicy policy,
      ReviewStore reviews, Clock clock, java.util.function.Consumer<GateResult> review) {
    BacktestRun run = builder.apply(gate).build();
    // each page its own trials ledger, as if each were its own project: the pages share the examples' rows, and one
    // ledger would count every page's candidate as a trial of every other
    policy = policy.with(TrialsSettings.DEFAULTS.withLedger(Optional.of(trials.resolve(name))));
    if (review != null) {
      review.accept(BacktestGate.evaluate(run, policy, reviews, clock));
    }
    GateResult result = BacktestGate.evaluate(run, policy, reviews, clock);
    var published = GateReporter.publish(run, result, new ReportFiles(directory), reviews);
    try {
      pages.put(name, new Page(name, gate, published.htmlFile(), JSON.readTree(published.reportFile().toFile())));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes an approved sign-off of {@code r}, every checklist item attested, as a reviewer would. */
  private void signOff(ReviewStore store, GateResult r, LocalDate reviewedOn, LocalDate expiresOn,
      List<SignOff.Waiver> waivers) {
    Comparison c = r.comparison();
    SignOff s = new SignOff(SignOff.SCHEMA, r.gateId(), r.fingerprint(),
        new SignOff.Reviewed(c.candidate(), c.baseline(), c.candidateAuc(), c.baselineAuc(), c.lift(),
            List.of(c.ciLower(), c.ciUpper()), r.run().rows(), r.run().positives(),
            r.run().features().stream().sorted().toList()),
        Decision.APPROVED, "risk-models@example.com", reviewedOn, expiresOn,
        "Reviewed with the model owner: every input is joined as of the decision, and the lift comes from the "
            + "status history the scorecard lacks.", new SignOff.Checklist(true, true, true, true, true), waivers);
    try {
      Files.createDirectories(store.directory());
      Files.writeString(store.locationOf(r.gateId()), SignOffJson.write(s));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void clean() {
    for (Path dir : List.of(directory, reviews, trials)) {
      try {
        if (Files.isDirectory(dir)) {
          try (var files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
              Files.delete(f);
            }
          }
        }
        Files.createDirectories(dir);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private static BacktestRun.Builder withTraining(TrainingWindow window, String gate) {
    DecisionRows training = window.training();
    return window.backtest().toBuilder(gate)
        .training(training.decisionAt(), training.labelKnownAt(), training.entities())
        .entities(window.test().entities());
  }

  /**
   * The honest window with the first 40 test reviews also among the training rows, at the same decision time (their
   * labels resolve inside the test period, so the label-horizon check speaks too).
   */
  private static BacktestRun.Builder withOverlap(TrainingWindow window, String gate) {
    DecisionRows training = window.training();
    DecisionRows test = window.test();
    int n = training.size();
    int extra = 40;
    long[] decisions = Arrays.copyOf(training.decisionAt(), n + extra);
    long[] labelKnown = Arrays.copyOf(training.labelKnownAt(), n + extra);
    long[] entities = Arrays.copyOf(training.entities(), n + extra);
    for (int i = 0; i < extra; i++) {
      decisions[n + i] = test.decisionAt()[i];
      labelKnown[n + i] = test.decisionAt()[i] + Timeline.OUTCOME_WINDOW;
      entities[n + i] = test.entities()[i];
    }
    return window.backtest().toBuilder(gate).training(decisions, labelKnown, entities).entities(test.entities());
  }

  /** The honest run with a candidate that is the label itself: AUC 1.0. */
  private static ScoredBacktest perfect(ScoredBacktest b) {
    double[] scores = new double[b.labels().length];
    for (int i = 0; i < scores.length; i++) {
      scores[i] = b.labels()[i] ? 1 : 0;
    }
    return new ScoredBacktest("outcome-copy", scores, b.baseline(), b.baselineScores(), b.labels(),
        b.decisionTimes(), b.knownAt(), b.timeless(), b.history(), b.featureValues(), b.featureCodes());
  }

  /** The honest run with one balance value recorded a minute after its row's decision. */
  private static ScoredBacktest oneRowLate(ScoredBacktest b) {
    TreeMap<String, long[]> knownAt = new TreeMap<>(b.knownAt());
    long[] balance = knownAt.get(SourceFeatures.BALANCE).clone();
    int row = b.labels().length / 2;
    balance[row] = b.decisionTimes()[row] + 60_000;
    knownAt.put(SourceFeatures.BALANCE, balance);
    return new ScoredBacktest(b.candidate(), b.candidateScores(), b.baseline(), b.baselineScores(), b.labels(),
        b.decisionTimes(), knownAt, b.timeless(), b.history(), b.featureValues(), b.featureCodes());
  }

  /**
   * The honest run with {@code count} more features screened against the label: each a noisy mix of the candidate's
   * score and noise, from nearly pure signal to pure noise, known a day before each decision. Names vary in length;
   * one is long, as generated feature names are.
   */
  private static ScoredBacktest screened(ScoredBacktest b, int count) {
    int rows = b.labels().length;
    TreeMap<String, long[]> knownAt = new TreeMap<>(b.knownAt());
    TreeMap<String, double[]> values = new TreeMap<>();
    long[] dayBefore = new long[rows];
    for (int i = 0; i < rows; i++) {
      dayBefore[i] = b.decisionTimes()[i] - Timeline.DAY;
    }
    SplittableRandom random = new SplittableRandom(26);
    for (int f = 0; f < count; f++) {
      String name = f == 7 ? "payment_ratio_rolling_mean_over_the_last_twelve_statement_months_v2"
          : String.format(java.util.Locale.ROOT, "bureau_%s_%02d", f % 3 == 0 ? "inquiries" : f % 3 == 1
              ? "utilisation_ratio" : "age", f);
      double signal = 1 - f / (double) count;
      double[] v = new double[rows];
      for (int i = 0; i < rows; i++) {
        v[i] = signal * b.candidateScores()[i] + (1 - signal) * random.nextDouble() * 0.2;
        if (f % 5 == 4 && random.nextInt(20) == 0) {
          v[i] = Double.NaN;
        }
      }
      values.put(name, v);
      knownAt.put(name, dayBefore);
    }
    return new ScoredBacktest(b.candidate(), b.candidateScores(), b.baseline(), b.baselineScores(), b.labels(),
        b.decisionTimes(), knownAt, b.timeless(), b.history(), values, new TreeMap<>());
  }

  /** The honest run's rows repeated to {@code rows} rows, each copy's scores moved by a little noise. */
  private static ScoredBacktest tiled(ScoredBacktest b, int rows) {
    int n = b.labels().length;
    boolean[] labels = new boolean[rows];
    double[] candidate = new double[rows];
    double[] baseline = new double[rows];
    long[] decisions = new long[rows];
    SplittableRandom random = new SplittableRandom(10);
    for (int i = 0; i < rows; i++) {
      int r = i % n;
      labels[i] = b.labels()[r];
      candidate[i] = b.candidateScores()[r] + random.nextDouble() * 1e-3;
      baseline[i] = b.baselineScores()[r] + random.nextDouble() * 1e-3;
      decisions[i] = b.decisionTimes()[r];
    }
    TreeMap<String, long[]> knownAt = new TreeMap<>();
    b.knownAt().forEach((feature, times) -> {
      long[] tiledTimes = new long[rows];
      for (int i = 0; i < rows; i++) {
        tiledTimes[i] = times[i % n];
      }
      knownAt.put(feature, tiledTimes);
    });
    return new ScoredBacktest(b.candidate(), candidate, b.baseline(), baseline, labels, decisions, knownAt,
        b.timeless(), b.history(), new TreeMap<>(), new TreeMap<>());
  }

  private static final class Standard {
    static final ReportPages INSTANCE =
        build(Path.of(System.getProperty("basedir", "."), "target", "report-pages").toAbsolutePath().normalize());
  }
}
