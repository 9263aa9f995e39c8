package dev.backtestgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.review.ReviewStore;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code backtest-gate tripwire}: exit 0 held, 1 tripped, 2 could not check; the gate's kind of text; the alarm
 * route ({@code --alarm-url}) to a real local HTTP endpoint.
 */
class TripwireCommandTests {
  private static final Instant JAN_1 = Instant.parse("2026-01-01T00:00:00Z");
  private static final Instant JULY_1 = Instant.parse("2026-07-01T00:00:00Z");
  private static final long DAY = 86_400_000L;

  @TempDir
  Path dir;

  private Path claim(double candidateShift) throws IOException {
    Random random = new Random(3);
    int n = 3_000;
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] times = new long[n];
    for (int i = 0; i < n; i++) {
      labels[i] = random.nextDouble() < 0.3;
      double shared = random.nextGaussian();
      candidate[i] = shared + random.nextGaussian() + (labels[i] ? candidateShift : 0);
      baseline[i] = shared + random.nextGaussian() + (labels[i] ? 1.0 : 0);
      times[i] = JAN_1.toEpochMilli() + (long) (random.nextDouble() * 180 * DAY);
    }
    BacktestRun run = BacktestRun.builder("churn-v7").labels(labels).candidate("gbm", candidate)
        .baseline("logreg", baseline).decisionTimes(times).timelessFeature("tenure", "fixed at signup").build();
    Claim claim = Claim.of(BacktestGate.evaluate(run, GatePolicy.defaults(), ReviewStore.directory(dir.resolve("r")),
        Clock.fixed(JULY_1, ZoneOffset.UTC)), run);
    return Files.writeString(dir.resolve("churn-v7.json"), ClaimJson.write(claim));
  }

  private Path outcomes(int n, boolean baselineColumn) throws IOException {
    return outcomes(n, baselineColumn, 120);
  }

  private Path outcomes(int n, boolean baselineColumn, int days) throws IOException {
    Random random = new Random(9);
    StringBuilder csv = new StringBuilder("decidedAt,candidateScore,label,labelKnownAt"
        + (baselineColumn ? ",baselineScore" : "") + ",region\n");
    for (int i = 0; i < n; i++) {
      boolean label = random.nextDouble() < 0.3;
      double shared = random.nextGaussian();
      Instant decided = Instant.ofEpochMilli(JULY_1.toEpochMilli() + (long) (random.nextDouble() * days * DAY));
      csv.append(decided).append(',').append(shared + random.nextGaussian() + (label ? 1.3 : 0)).append(',')
          .append(label ? 1 : 0).append(',').append(decided.plusMillis(30 * DAY));
      if (baselineColumn) {
        csv.append(',').append(shared + random.nextGaussian() + (label ? 1.0 : 0));
      }
      csv.append(",\"north, coast\"\n");
    }
    return Files.writeString(dir.resolve("outcomes.csv"), csv.toString());
  }

  @Test
  void productionThatHoldsTheClaimExitsZero() throws IOException {
    ToolRun run = ToolRun.of("tripwire", "--claim", claim(1.3).toString(), outcomes(3_000, true).toString(),
        "--at", "2026-12-01T00:00:00Z");

    assertThat(run.code()).as(run.err()).isEqualTo(Main.OK);
    assertThat(run.out()).startsWith("Tripwire held: churn-v7").contains("Production's lift", "3000 matured");
  }

  @Test
  void aLeakyBacktestTripsWithExitOneAndTheNextStep() throws IOException {
    ToolRun run = ToolRun.of("tripwire", "--claim", claim(2.3).toString(), outcomes(3_000, false).toString(),
        "--at", "2026-12-01T00:00:00Z");

    assertThat(run.code()).as(run.err()).isEqualTo(Main.FINDINGS);
    assertThat(run.out()).startsWith("Tripwire TRIPPED: churn-v7")
        .contains("Production's candidate AUC is", "cannot tell drift from leakage", "Next steps:");
  }

  @Test
  void tooFewLabelsYetExitsZeroWithTheWarning() throws IOException {
    ToolRun run = ToolRun.of("tripwire", "--claim", claim(1.3).toString(), outcomes(300, true, 10).toString(),
        "--at", "2026-07-12T00:00:00Z");

    assertThat(run.code()).as(run.err()).isEqualTo(Main.OK);
    assertThat(run.out()).startsWith("Tripwire not checked yet: churn-v7")
        .contains("0 matured positive and 0 negative", "300 decision(s) not matured yet; 300 of them mature by 2026-08-",
            "Run the tripwire again after 2026-08-");
  }

  @Test
  void outcomesDecidedAfterTheCheckTimeCannotBeChecked() throws IOException {
    ToolRun run = ToolRun.of("tripwire", "--claim", claim(1.3).toString(), outcomes(300, true).toString(),
        "--at", "2026-08-01T00:00:00Z");

    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("decided after the check time");
  }

  @Test
  void aClaimOfAnotherGateOrAMissingOneCannotBeChecked() throws IOException {
    Path claim = claim(1.3);
    Path outcomes = outcomes(300, true);

    ToolRun other = ToolRun.of("tripwire", "--claim", claim.toString(), outcomes.toString(), "--gate", "fraud-v2");
    ToolRun missing = ToolRun.of("tripwire", "--claim", dir.resolve("nope.json").toString(), outcomes.toString());

    assertThat(other.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(other.err()).contains("of gate 'churn-v7', not of 'fraud-v2'");
    assertThat(missing.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(missing.err()).contains("does not exist", "backtest-gate claim --gate=<id>");
  }

  @Test
  void anEditedClaimCannotBeChecked() throws IOException {
    Path claim = claim(1.3);
    Files.writeString(claim, Files.readString(claim).replace("\"schema\": 1", "\"schema\": 9"));

    ToolRun run = ToolRun.of("tripwire", "--claim", claim.toString(), outcomes(300, true).toString());

    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("malformed at $.schema", "schema 9");
  }

  @Test
  void theClaimCommandCopiesTheReportsClaimAndTheTripwireReadsIt() throws IOException {
    BacktestRun run = churnBacktest();
    ReviewStore reviews = ReviewStore.directory(dir.resolve("reviews"));
    dev.backtestgate.GateResult result = BacktestGate.evaluate(run, GatePolicy.defaults().withMode(
        dev.backtestgate.Mode.VERIFY).with(dev.backtestgate.trials.TrialsSettings.DEFAULTS.withLedger(
            java.util.Optional.of(dir.resolve("trials")))), reviews, Clock.fixed(JULY_1, ZoneOffset.UTC));
    dev.backtestgate.report.GateReporter.publish(run, result,
        new dev.backtestgate.report.ReportFiles(dir.resolve("reports")), reviews);

    ToolRun copied = ToolRun.of("claim", "--module", dir.toString(), "--reports", "reports", "--reviews", "reviews",
        "--gate", "churn-v7");
    ToolRun again = ToolRun.of("claim", "--module", dir.toString(), "--reports", "reports", "--reviews", "reviews",
        "--gate", "churn-v7");
    Path file = dir.resolve("reviews/claims/churn-v7.json");
    Files.writeString(file, Files.readString(file).replace("\"tenure\"", "\"age\""));
    ToolRun different = ToolRun.of("claim", "--module", dir.toString(), "--reports", "reports", "--reviews",
        "reviews", "--gate", "churn-v7");
    ToolRun replaced = ToolRun.of("claim", "--module", dir.toString(), "--reports", "reports", "--reviews",
        "reviews", "--gate", "churn-v7", "--replace");
    ToolRun unknown = ToolRun.of("claim", "--module", dir.toString(), "--reports", "reports", "--reviews",
        "reviews", "--gate", "fraud-v2");

    assertThat(copied.code()).as(copied.err()).isEqualTo(Main.OK);
    assertThat(copied.out()).contains("Wrote the claim of gate 'churn-v7'", "backtest-gate tripwire --claim");
    assertThat(again.out()).contains("already this one; nothing written");
    assertThat(different.code()).isEqualTo(Main.FINDINGS);
    assertThat(different.err()).contains("A different claim of gate 'churn-v7'", "--replace");
    assertThat(replaced.code()).isEqualTo(Main.OK);
    // the report's claim: the run's, with the trials the ledger counted when it was published
    assertThat(Files.readString(file)).isEqualTo(ClaimJson.write(Claim.of(result, run).withTrials(
        dev.backtestgate.trials.TrialsChecks.recorded(dev.backtestgate.trials.TrialKey.of(run), result.comparison(),
            result.policy(), run).claimed())));
    assertThat(Files.readString(file)).contains("\"trials\": {", "\"count\": 1");
    assertThat(unknown.code()).isEqualTo(Main.FINDINGS);
    assertThat(unknown.err()).contains("No report of gate 'fraud-v2'");
    assertThat(ToolRun.of("tripwire", "--claim", file.toString(), outcomes(300, true, 10).toString(), "--at",
        "2026-07-12T00:00:00Z").code()).isEqualTo(Main.OK);
  }

  @Test
  void withoutAReportTheClaimCommandTakesTheClaimOfTheApprovedSignOff() throws IOException {
    BacktestRun run = churnBacktest();
    ReviewStore reviews = ReviewStore.directory(dir.resolve("reviews"));
    dev.backtestgate.GateResult result = BacktestGate.evaluate(run, GatePolicy.defaults().withMode(
        dev.backtestgate.Mode.VERIFY).with(dev.backtestgate.trials.TrialsSettings.off()), reviews,
        Clock.fixed(JULY_1, ZoneOffset.UTC));
    Claim claim = Claim.of(result, run);
    dev.backtestgate.review.SignOff signOff = new dev.backtestgate.review.SignOff(dev.backtestgate.review.SignOff.SCHEMA,
        "churn-v7", claim.fingerprint(), new dev.backtestgate.review.SignOff.Reviewed(claim.candidate(),
            claim.baseline(), claim.candidateAuc(), claim.baselineAuc(), claim.lift(),
            java.util.List.of(claim.liftCiLower(), claim.liftCiUpper()), claim.rows(), claim.positives(),
            claim.features()), dev.backtestgate.review.Decision.APPROVED, "ana@example.com",
        java.time.LocalDate.parse("2026-07-01"), java.time.LocalDate.parse("2026-10-01"), "gbm learns the spike",
        new dev.backtestgate.review.SignOff.Checklist(true, true, true, true, true), java.util.List.of(),
        ClaimJson.write(claim));
    Files.createDirectories(dir.resolve("reviews"));
    Path signOffFile = reviews.locationOf("churn-v7");
    Files.writeString(signOffFile, dev.backtestgate.review.SignOffJson.write(signOff));

    ToolRun copied = ToolRun.of("claim", "--module", dir.toString(), "--reports", "reports", "--reviews", "reviews",
        "--gate", "churn-v7");

    assertThat(copied.code()).as(copied.err()).isEqualTo(Main.OK);
    assertThat(copied.out()).contains("Wrote the claim of gate 'churn-v7' (fingerprint " + claim.fingerprint()
        + ") from its sign-off " + signOffFile + " (no report of the gate under ");
    assertThat(Files.readString(dir.resolve("reviews/claims/churn-v7.json"))).isEqualTo(ClaimJson.write(claim));

    Files.writeString(signOffFile, dev.backtestgate.review.SignOffJson.write(new dev.backtestgate.review.SignOff(
        signOff.schema(), signOff.gate(), signOff.fingerprint(), signOff.reviewed(),
        dev.backtestgate.review.Decision.REJECTED, "bo", signOff.reviewedOn(), signOff.expiresOn(), "leaks",
        signOff.checklist(), java.util.List.of(), signOff.claim())));
    ToolRun rejected = ToolRun.of("claim", "--module", dir.toString(), "--reports", "reports", "--reviews",
        "reviews", "--gate", "churn-v7", "--replace");
    assertThat(rejected.code()).isEqualTo(Main.FINDINGS);
    assertThat(rejected.err()).contains("is not approved: production is held only to a claim a reviewer approved");
  }

  @Test
  void aTripWritesItsPageAndOneSarifErrorAtTheClaimFile() throws IOException {
    Path claim = claim(2.3);
    ToolRun run = ToolRun.of("tripwire", "--claim", claim.toString(), outcomes(3_000, true).toString(),
        "--at", "2026-12-01T00:00:00Z", "--module", dir.toString(), "--html", dir.resolve("out/tripwire.html")
            .toString(), "--sarif", dir.resolve("out/tripwire.sarif").toString());

    assertThat(run.code()).as(run.err()).isEqualTo(Main.FINDINGS);
    assertThat(run.out()).contains("The result as HTML: " + dir.resolve("out/tripwire.html"),
        "The result as SARIF: " + dir.resolve("out/tripwire.sarif"));
    String page = Files.readString(dir.resolve("out/tripwire.html"));
    assertThat(page).contains("<div class=\"verdict\">TRIPPED</div>", "id=\"tripwire-plot\"",
        "id=\"tripwire-band\"", "<section class=\"card\" id=\"trace\">");
    JsonNode sarif = validSarif(dir.resolve("out/tripwire.sarif"));
    JsonNode results = sarif.path("runs").path(0).path("results");
    assertThat(results).hasSize(1);
    JsonNode result = results.path(0);
    assertThat(result.path("ruleId").asText()).isEqualTo("offline-online-gap");
    assertThat(result.path("level").asText()).isEqualTo("error");
    assertThat(result.path("message").path("text").asText()).startsWith("Production's lift is ")
        .endsWith("below what backtest 'churn-v7' claimed.");
    JsonNode artifact = result.path("locations").path(0).path("physicalLocation").path("artifactLocation");
    assertThat(artifact.path("uri").asText()).isEqualTo("churn-v7.json");
    assertThat(artifact.path("uriBaseId").asText()).isEqualTo("SRCROOT");
    assertThat(result.path("relatedLocations").path(0).path("physicalLocation").path("artifactLocation")
        .path("uri").asText()).isEqualTo("out/tripwire.html");
    assertThat(sarif.path("runs").path(0).path("tool").path("driver").path("rules").path(0).path("shortDescription")
        .path("text").asText()).isEqualTo("Production falls short of the backtest's claim");
  }

  @Test
  void tooFewLabelsIsOneSarifWarningAndAHoldingClaimNone() throws IOException {
    Path claim = claim(1.3);
    Path sarifFile = dir.resolve("tripwire.sarif");
    ToolRun early = ToolRun.of("tripwire", "--claim", claim.toString(), outcomes(300, true, 10).toString(),
        "--at", "2026-07-12T00:00:00Z", "--module", dir.toString(), "--sarif", sarifFile.toString());

    assertThat(early.code()).as(early.err()).isEqualTo(Main.OK);
    JsonNode result = validSarif(sarifFile).path("runs").path(0).path("results").path(0);
    assertThat(result.path("ruleId").asText()).isEqualTo("tripwire-unchecked");
    assertThat(result.path("level").asText()).isEqualTo("warning");

    ToolRun held = ToolRun.of("tripwire", "--claim", claim.toString(), outcomes(3_000, true).toString(),
        "--at", "2026-12-01T00:00:00Z", "--module", dir.toString(), "--sarif", sarifFile.toString(), "--html",
        dir.resolve("tripwire.html").toString());

    assertThat(held.code()).as(held.err()).isEqualTo(Main.OK);
    assertThat(validSarif(sarifFile).path("runs").path(0).path("results")).isEmpty();
    assertThat(Files.readString(dir.resolve("tripwire.html"))).contains("<div class=\"verdict\">HOLDS</div>")
        .doesNotContain("id=\"trace\"");
  }

  /** A real local endpoint (the JDK's HTTP server) that answers {@code status} and keeps each body it receives. */
  private record Endpoint(HttpServer server, BlockingQueue<String> bodies) implements AutoCloseable {
    static Endpoint answering(int status) throws IOException {
      HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      BlockingQueue<String> bodies = new LinkedBlockingQueue<>();
      server.createContext("/tripwire", exchange -> {
        String type = exchange.getRequestHeaders().getFirst("Content-Type");
        bodies.add(type + " " + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
      });
      server.start();
      return new Endpoint(server, bodies);
    }

    String url() {
      return "http://127.0.0.1:" + server.getAddress().getPort() + "/tripwire";
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }

  @Test
  void aTripPostsTheAlarmToTheOwnersEndpointAndTheExitCodeIsTheVerdicts() throws IOException {
    Path json = dir.resolve("tripwire.json");
    try (Endpoint endpoint = Endpoint.answering(204)) {
      ToolRun run = ToolRun.of("tripwire", "--claim", claim(2.3).toString(), outcomes(3_000, true).toString(),
          "--at", "2026-12-01T00:00:00Z", "--json", json.toString(), "--alarm-url", endpoint.url());

      assertThat(run.code()).as(run.err()).isEqualTo(Main.FINDINGS);
      assertThat(run.out()).contains("The alarm (offline-online-gap) was posted to " + endpoint.url());
      assertThat(endpoint.bodies()).hasSize(1);
      String body = endpoint.bodies().poll();
      assertThat(body).startsWith("application/json {");
      JsonNode alarm = new ObjectMapper().readTree(body.substring("application/json ".length()));
      JsonNode report = new ObjectMapper().readTree(json.toFile());
      assertThat(alarm.path("gate").asText()).isEqualTo("churn-v7");
      assertThat(alarm.path("kind").asText()).isEqualTo("offline-online-gap");
      assertThat(alarm.path("statistic").asText()).isEqualTo("lift");
      assertThat(alarm.path("claimed").asDouble()).isEqualTo(report.path("measurement").path("claimed").asDouble());
      assertThat(alarm.path("live").asDouble()).isEqualTo(report.path("measurement").path("live").asDouble());
      assertThat(alarm.path("z").asDouble()).isEqualTo(report.path("measurement").path("z").asDouble());
      assertThat(alarm.path("boundary").asDouble()).isEqualTo(report.path("measurement").path("boundary").asDouble());
      assertThat(alarm.path("closing").asText()).isEqualTo(report.path("trace").path("closing").asText())
          .startsWith("The trace found nothing that explains the gap.");
      assertThat(alarm.path("report").asText()).isEqualTo(json.toAbsolutePath().toString());
    }
  }

  @Test
  void tooFewLabelsPostTheWarningAndAHeldLookPostsNothing() throws IOException {
    try (Endpoint endpoint = Endpoint.answering(200)) {
      ToolRun early = ToolRun.of("tripwire", "--claim", claim(1.3).toString(), outcomes(300, true, 10).toString(),
          "--at", "2026-07-12T00:00:00Z", "--alarm-url", endpoint.url());
      ToolRun held = ToolRun.of("tripwire", "--claim", claim(1.3).toString(), outcomes(3_000, true).toString(),
          "--at", "2026-12-01T00:00:00Z", "--alarm-url", endpoint.url());

      assertThat(early.code()).as(early.err()).isEqualTo(Main.OK);
      assertThat(held.code()).as(held.err()).isEqualTo(Main.OK);
      assertThat(endpoint.bodies()).singleElement().satisfies(body -> {
        JsonNode alarm = new ObjectMapper().readTree(body.substring(body.indexOf('{')));
        assertThat(alarm.path("kind").asText()).isEqualTo("tripwire-unchecked");
        assertThat(alarm.path("z").isNull()).isTrue();
        assertThat(alarm.path("report").isNull()).isTrue();
        assertThat(alarm.path("closing").asText()).contains("churn-v7");
      });
    }
  }

  @Test
  void aFailedPostIsAWarningNamingTheUrlAndTheStatusNeverASilentPass() throws IOException {
    try (Endpoint endpoint = Endpoint.answering(503)) {
      ToolRun run = ToolRun.of("tripwire", "--claim", claim(2.3).toString(), outcomes(3_000, true).toString(),
          "--at", "2026-12-01T00:00:00Z", "--alarm-url", endpoint.url());

      assertThat(run.code()).as("the verdict's exit code, unchanged").isEqualTo(Main.FINDINGS);
      assertThat(endpoint.bodies()).as("3 attempts").hasSize(3);
      assertThat(run.err()).contains("warning: the alarm (offline-online-gap) was NOT delivered to " + endpoint.url()
          + " after 3 attempt(s): HTTP 503", "the exit code is the verdict's, unchanged");
    }
  }

  @Test
  void anAlarmUrlThatIsNotHttpCannotBeChecked() throws IOException {
    ToolRun run = ToolRun.of("tripwire", "--claim", claim(2.3).toString(), outcomes(300, true).toString(),
        "--alarm-url", "ftp://alerts.example/x");

    assertThat(run.code()).isEqualTo(Main.CANNOT_CHECK);
    assertThat(run.err()).contains("--alarm-url", "must be an absolute http or https URL", "ftp://alerts.example/x");
  }

  /** The SARIF file, checked against the SARIF 2.1.0 schema as the check goal's is. */
  private static JsonNode validSarif(Path file) throws IOException {
    JsonSchema schema;
    try (InputStream in = TripwireCommandTests.class.getResourceAsStream("/sarif-schema-2.1.0.json")) {
      schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V4).getSchema(in);
    }
    JsonNode sarif = new ObjectMapper().readTree(file.toFile());
    Set<ValidationMessage> errors = schema.validate(sarif);
    assertThat(errors).isEmpty();
    assertThat(sarif.path("version").asText()).isEqualTo("2.1.0");
    return sarif;
  }

  /** A backtest of 1,000 decisions over the first half of 2026 whose candidate out-ranks its baseline. */
  private static BacktestRun churnBacktest() {
    Random random = new Random(3);
    int n = 1_000;
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] times = new long[n];
    for (int i = 0; i < n; i++) {
      labels[i] = random.nextDouble() < 0.3;
      candidate[i] = random.nextGaussian() + (labels[i] ? 1.3 : 0);
      baseline[i] = random.nextGaussian() + (labels[i] ? 1.0 : 0);
      times[i] = JAN_1.toEpochMilli() + (long) (random.nextDouble() * 180 * DAY);
    }
    return BacktestRun.builder("churn-v7").labels(labels).candidate("gbm", candidate)
        .baseline("logreg", baseline).decisionTimes(times).timelessFeature("tenure", "fixed at signup").build();
  }
}
