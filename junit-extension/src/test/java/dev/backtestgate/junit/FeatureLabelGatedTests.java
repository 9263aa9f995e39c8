package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.backtestgate.review.Decision;
import dev.backtestgate.review.SignOff;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The feature–label screen through a real gated test: a feature copied from the label fails in the text, the
 * schema-valid JSON report, the HTML table and the index; a waiver by kind and subject lets it pass; honest values
 * (and a unique id) pass.
 */
class FeatureLabelGatedTests {
  private static final String GATE = FeatureLabelTestCases.class.getName() + "#";
  private GateKit kit;

  @BeforeEach
  void kit(@TempDir Path temp) {
    kit = new GateKit(temp);
  }

  @Test
  void aFeatureCopiedFromTheLabelFailsEverywhereUntilAReviewerWaivesIt() throws Exception {
    Throwable failure = kit.run(FeatureLabelTestCases.class, "targetDerived").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class);
    assertThat(failure.getMessage()).contains("Feature 'balance' alone ranks the rows with AUC 0.9",
        "at or above the 0.900 limit (backtestgate.max-feature-auc)",
        "{\"kind\": \"feature-label\", \"subject\": \"balance\", \"reason\": \"...\"}")
        .doesNotContain("is above the 0.050 limit");
    String json = GateKit.read(kit.report(GATE + "targetDerived"));
    assertSchemaValid(json);
    JsonNode finding = kit.reportJson(GATE + "targetDerived").get("findings").get(0);
    assertThat(finding.get("kind").asText()).isEqualTo("feature-label");
    assertThat(finding.get("subject").asText()).isEqualTo("balance");
    String html = GateKit.read(kit.html(GATE + "targetDerived"));
    assertThat(html).contains("<table id=\"feature-label-table\"",
        "<tr data-feature=\"balance\" class=\"worst\">", "<tr data-feature=\"account_id\">");
    assertThat(GateKit.read(kit.reportDir().resolve("index.html")))
        .contains("feature-label: Feature &#39;balance&#39; alone predicts the label");

    SignOff pending = SignOffs.pending(kit.pending(GATE + "targetDerived"));
    SignOffs.commit(kit, SignOffs.decided(pending, Decision.APPROVED, "Reviewed by hand.",
        SignOffs.today().plusDays(30), List.of(new SignOff.Waiver("feature-label", "balance",
            "balance is settled after the decision by design and is not used by the model"))));
    kit.with(BacktestGateConfig.MODE, "verify").run(FeatureLabelTestCases.class, "targetDerived").assertPassed(1);
    assertSchemaValid(GateKit.read(kit.report(GATE + "targetDerived")));
  }

  @Test
  void aWaiverForAnotherFeatureDoesNotCoverIt() {
    kit.run(FeatureLabelTestCases.class, "targetDerived").onlyFailure();
    SignOff pending = SignOffs.pending(kit.pending(GATE + "targetDerived"));
    SignOffs.commit(kit, SignOffs.decided(pending, Decision.APPROVED, "Reviewed by hand.",
        SignOffs.today().plusDays(30), List.of(new SignOff.Waiver("feature-label", "account_id", "not this one"))));

    assertThat(kit.with(BacktestGateConfig.MODE, "verify").run(FeatureLabelTestCases.class, "targetDerived")
        .onlyFailure()).hasMessageContaining("Feature 'balance' alone ranks the rows");
  }

  @Test
  void honestValuesAndAUniqueIdPass() {
    kit.run(FeatureLabelTestCases.class, "honest").assertPassed(1);
    String html = GateKit.read(kit.html(GATE + "honest"));
    assertThat(html).contains("<table id=\"feature-label-table\"");
  }

  @Test
  void theLimitIsAConfigurationKey() {
    kit.with(BacktestGateConfig.MAX_FEATURE_AUC, "1").run(FeatureLabelTestCases.class, "targetDerived")
        .assertPassed(1);
  }

  private static void assertSchemaValid(String json) {
    Path schemaFile = GateSettings.baseDir().resolve("../docs/schemas/report.schema.json").normalize();
    Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
        .getSchema(GateKit.read(schemaFile), InputFormat.JSON);
    assertThat(schema.validate(json, InputFormat.JSON)).as("problems against %s", schemaFile).isEmpty();
  }

  static class FeatureLabelTestCases {
    @Test
    @LeakageGated
    void targetDerived(Backtest backtest) {
      record(backtest, true);
    }

    @Test
    @LeakageGated
    void honest(Backtest backtest) {
      record(backtest, false);
    }

    /** Candidate and baseline about equally good (lift under 0.05); 'balance' from the label, or honest noise. */
    private static void record(Backtest backtest, boolean fromLabel) {
      int rows = 1_000;
      Random random = new Random(21);
      boolean[] labels = new boolean[rows];
      double[] candidate = new double[rows];
      double[] baseline = new double[rows];
      long[] decided = new long[rows];
      long[] known = new long[rows];
      double[] balance = new double[rows];
      int[] accountId = new int[rows];
      long start = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
      for (int i = 0; i < rows; i++) {
        labels[i] = random.nextDouble() < 0.3;
        double shared = random.nextGaussian();
        candidate[i] = (labels[i] ? 1.0 : 0) + shared + 0.3 * random.nextGaussian();
        baseline[i] = (labels[i] ? 1.0 : 0) + shared + 0.3 * random.nextGaussian();
        decided[i] = start + i * 3_600_000L;
        known[i] = decided[i] - 86_400_000L;
        balance[i] = (fromLabel && labels[i] ? 1 : 0) + 0.3 * random.nextGaussian();
        accountId[i] = 700_000 + i;
      }
      backtest.labels(labels).candidate("gbm-v7", candidate).baseline("prod-v3", baseline).decisionTimes(decided)
          .feature("balance", known).timelessFeature("account_id", "assigned at opening")
          .featureValues("balance", balance).featureCategories("account_id", accountId);
    }
  }
}
