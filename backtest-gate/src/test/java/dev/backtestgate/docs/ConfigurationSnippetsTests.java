package dev.backtestgate.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GateFixtures;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.report.GateReporter;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.report.ReportFiles;
import dev.backtestgate.review.ReviewStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snippets of docs/configuration.md ("Using the gate without JUnit") and docs/reports.md ("From code"): the gate
 * evaluated, published with its index, with no JUnit, on a fixture run whose candidate is no better than the
 * baseline, so the gate passes.
 */
class ConfigurationSnippetsTests {
  private static final GateFixtures.Data DATA = GateFixtures.data(7, 400, 1.0, 1.0);
  private final boolean[] defaulted = DATA.labels();
  private final double[] gbmScores = DATA.candidate();
  private final double[] prodScores = DATA.baseline();
  private final long[] decidedAtMillis = DATA.decided();
  private final long[] balanceKnownAtMillis = DATA.known();

  @TempDir
  Path project;

  @Test
  void theGateWithoutJUnitEvaluatesAndPublishes() {
    Path reviewDir = project.resolve("leakage-reviews");
    Path reportDir = project.resolve("target/backtest-gate");
    // tag::without-junit[]
    BacktestRun run = BacktestRun.builder("com.acme.ChurnBacktest#gbm")
        .labels(defaulted)                       // boolean[] or 0/1 int[]
        .candidate("gbm-v7", gbmScores)          // double[], one per row
        .baseline("prod-v3", prodScores)         // or .baselineAuc("prod-v3", 0.713)
        .decisionTimes(decidedAtMillis)          // long[] epoch ms, or Instant[]
        .feature("balance", balanceKnownAtMillis)
        .timelessFeature("region", "set once at account opening")
        .build();                                // names every invalid input at once
    GatePolicy policy = GatePolicy.defaults().withMaxLift(0.03).withAvailabilityLag(Duration.ofHours(6))
        .withMode(Mode.AUTO.resolve(System.getenv()));   // verify on CI, local elsewhere
    ReviewStore reviews = ReviewStore.directory(reviewDir);              // e.g. Path.of("leakage-reviews")
    GateResult result = BacktestGate.evaluate(run, policy, reviews, Clock.systemUTC());
    PublishedGate published = GateReporter.publish(run, result,
        new ReportFiles(reportDir), reviews);                            // e.g. Path.of("target/backtest-gate")
    if (!result.verdict().passed()) throw new IllegalStateException(published.text());
    // end::without-junit[]

    assertThat(result.verdict().passed()).isTrue();
    assertThat(published.reportFile()).isRegularFile().startsWith(reportDir);
    assertThat(published.htmlFile()).isRegularFile();
    assertThat(reportDir.resolve("index.html")).isRegularFile();
    assertThat(published.text()).contains("com.acme.ChurnBacktest#gbm");
  }

  @Test
  void reportsFromCode() throws IOException {
    BacktestRun run = GateFixtures.run("com.acme.ChurnBacktest#gbm", DATA).build();
    ReviewStore reviews = ReviewStore.directory(project.resolve("leakage-reviews"));
    GateResult result = BacktestGate.evaluate(run, GatePolicy.defaults().withMode(Mode.LOCAL), reviews,
        GateFixtures.CLOCK);
    ReportFiles files = new ReportFiles(project.resolve("target/backtest-gate"));
    // tag::from-code[]
    PublishedGate g = GateReporter.publish(run, result, files, reviews);  // writes .json, .html, rebuilds index.html
    String html = Files.readString(g.htmlFile());                         // the page, as a string
    // end::from-code[]

    assertThat(html).startsWith("<!DOCTYPE html>").contains("com.acme.ChurnBacktest#gbm");
    assertThat(Files.readString(files.index())).contains("com.acme.ChurnBacktest#gbm");
  }
}
