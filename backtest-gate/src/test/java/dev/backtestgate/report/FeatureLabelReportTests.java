package dev.backtestgate.report;

import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static dev.backtestgate.SchemaAssertions.REPORT;
import static dev.backtestgate.SchemaAssertions.assertValid;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GateFixtures;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.review.SignOff;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The feature–label finding in the console text, the JSON report, the HTML page (its table) and the index. */
class FeatureLabelReportTests {
  private static final String TABLE = "//table[@id='feature-label-table']";
  @TempDir Path repo;
  private ReportScenarios scenarios;

  @BeforeEach
  void setUp() {
    scenarios = new ReportScenarios(repo);
  }

  /** 'balance' copied from the label through noise, 'region' honest with missing values, 'id' unique per row. */
  private static BacktestRun screened() {
    GateFixtures.Data d = data(1, 2_000, 1.0, 0.95);
    Random random = new Random(9);
    int rows = d.labels().length;
    double[] balance = new double[rows];
    int[] region = new int[rows];
    int[] id = new int[rows];
    for (int i = 0; i < rows; i++) {
      balance[i] = (d.labels()[i] ? 1 : 0) + 0.3 * random.nextGaussian();
      region[i] = random.nextInt(10) == 0 ? -1 : random.nextInt(6);
      id[i] = 50_000 + i;
    }
    return run(ReportScenarios.GATE, d).timelessFeature("account_id", "assigned at opening")
        .featureValues("balance", balance).featureCategories("region", region).featureCategories("account_id", id)
        .build();
  }

  @Test
  void aTargetDerivedFeatureShowsEverywhereWithTheTableAndFailsUntilWaived() throws Exception {
    PublishedGate g = scenarios.publish(screened(), Mode.LOCAL);

    assertThat(g.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(g.text()).contains("Feature 'balance' alone ranks the rows with AUC 0.9",
        "at or above the 0.900 limit (backtestgate.max-feature-auc)",
        "A single feature that separates the classes this well is usually computed from the label",
        "{\"kind\": \"feature-label\", \"subject\": \"balance\", \"reason\": \"...\"}");

    String json = Files.readString(g.reportFile());
    assertValid(REPORT, json);
    JsonNode finding = new ObjectMapper().readTree(json).get("findings").get(0);
    assertThat(finding.get("kind").asText()).isEqualTo("feature-label");
    assertThat(finding.get("subject").asText()).isEqualTo("balance");
    assertThat(finding.get("resolution").asText()).isEqualTo("waiver");
    assertThat(finding.get("evidence").get("auc").asDouble()).isGreaterThan(0.9);
    assertThat(finding.get("evidence").get("type").asText()).isEqualTo("numeric");
    assertThat(new ObjectMapper().readTree(json).get("policy").get("maxFeatureAuc").asDouble()).isEqualTo(0.90);

    HtmlDoc page = HtmlDoc.read(g.htmlFile());
    assertThat(page.one("//section[@id='verdict']//li[@data-kind='feature-label']"))
        .startsWith("Feature 'balance' alone predicts the label with AUC 0.9");
    assertThat(page.all("//table[@id='feature-label-table']/tbody/tr/@data-feature"))
        .containsExactly("balance", "region", "account_id");
    assertThat(page.one("//table[@id='feature-label-table']/tbody/tr[@class='worst']/@data-feature"))
        .isEqualTo("balance");
    assertThat(page.one(TABLE + "//tr[@data-feature='balance']/td[7]")).isEqualTo("at or above the limit");
    assertThat(page.one(TABLE + "//tr[@data-feature='account_id']/td[3]")).isEqualTo("0.500");
    assertThat(page.one(TABLE + "//tr[@data-feature='region']/td[7]")).isEqualTo("below the limit");

    HtmlDoc index = HtmlDoc.read(scenarios.files.index());
    assertThat(index.one("//tr[@data-gate='" + ReportScenarios.GATE + "']/td[6]"))
        .startsWith("feature-label: Feature 'balance' alone predicts the label");

    scenarios.approve(g, List.of(new SignOff.Waiver("feature-label", "balance", "balance is the outcome by design")));
    PublishedGate waived = scenarios.publish(screened(), Mode.VERIFY);
    assertThat(waived.result().verdict()).isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
    assertThat(waived.text()).contains("  (waived by the leakage review)");
    assertThat(HtmlDoc.read(waived.htmlFile()).one(TABLE + "//tr[@data-feature='balance']/td[7]"))
        .isEqualTo("waived by the review");
    assertValid(REPORT, Files.readString(waived.reportFile()));
  }

  @Test
  void aRunWithoutRecordedValuesHasNoTable() throws Exception {
    PublishedGate g = scenarios.publish(ReportScenarios.passing(ReportScenarios.GATE), Mode.LOCAL);
    assertThat(HtmlDoc.read(g.htmlFile()).all("//section[@id='feature-label']")).isEmpty();
  }
}
