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
import dev.backtestgate.Finding;
import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.screen.futureread.FutureReadFinding;
import dev.backtestgate.screen.futureread.FutureReadProbe;
import dev.backtestgate.time.EntityEvents;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.EventLogView;
import dev.backtestgate.time.FeatureFunction;
import dev.backtestgate.time.Spine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A feature function that reads the future, probed through the gate: a {@code future-read} finding in the console
 * text, the JSON report (schema-valid), the HTML page and the index; no sign-off or waiver resolves it; the honest
 * function passes; and recording a probe leaves the run's fingerprint as it was.
 */
class FutureReadReportTests {
  private static final long HOUR = 3_600_000L;
  private static final int ROWS = 2_000;

  /** The latest balance as of the decision: what the backtest should use. */
  static final FeatureFunction HONEST = (history, account, t) -> history.asOf(t).events(account).latestValue();
  /** The greatest balance the account ever had, read from the whole log: it peeks. */
  static final FeatureFunction PEAK_BALANCE = (history, account, t) -> {
    EntityEvents all = history.events(account);
    double peak = Double.NaN;
    for (int i = 0; i < all.size(); i++) {
      peak = Double.isNaN(peak) ? all.value(i) : Math.max(peak, all.value(i));
    }
    return peak;
  };

  @TempDir Path repo;
  private ReportScenarios scenarios;

  @BeforeEach
  void setUp() {
    scenarios = new ReportScenarios(repo);
  }

  /** 100 accounts, an hourly balance each growing with time; the run's rows are 20 per account. */
  static EventLog balances() {
    EventLog.NumericBuilder b = EventLog.numericBuilder("balance");
    for (int account = 0; account < 100; account++) {
      for (int h = 0; h < ROWS + 48; h += 24) {
        b.add(account, GateFixtures.START + h * HOUR, GateFixtures.START + h * HOUR, account + h);
      }
    }
    return b.build();
  }

  static FutureReadProbe probe(FeatureFunction function, GateFixtures.Data d) {
    long[] accounts = new long[d.decided().length];
    for (int r = 0; r < d.decided().length; r++) {
      accounts[r] = r % 100;
    }
    Spine spine = Spine.of(accounts, d.decided());
    EventLog log = balances();
    EventLogView whole = EventLogView.of(log);
    double[] used = new double[d.decided().length];
    for (int r = 0; r < d.decided().length; r++) {
      used[r] = function.value(whole, accounts[r], d.decided()[r]);
    }
    return FutureReadProbe.numeric("peak_balance", function, spine, used, log);
  }

  private static BacktestRun runWith(FeatureFunction function) {
    GateFixtures.Data d = data(1, ROWS, 1.0, 0.95);
    return run(ReportScenarios.GATE, d).input(probe(function, d)).build();
  }

  @Test
  void aFunctionThatReadsTheFutureFailsEverywhereAndNoSignOffResolvesIt() throws Exception {
    PublishedGate g = scenarios.publish(runWith(PEAK_BALANCE), Mode.LOCAL);

    assertThat(g.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(g.result().unresolved()).singleElement().isInstanceOf(FutureReadFinding.class);
    assertThat(g.text()).contains(
        "Feature 'peak_balance' reads the future: run again on history cut at the decision time, its function gave "
            + "another value in 1,000 of 1,000 sampled rows (100.0%; 2,000 rows in all).",
        "  e.g. row ",
        "no sign-off can make it so.",
        "Make the feature function of 'peak_balance' read only events with validFrom and recordedAt at or before");

    String json = Files.readString(g.reportFile());
    assertValid(REPORT, json);
    JsonNode finding = new ObjectMapper().readTree(json).get("findings").get(0);
    assertThat(finding.get("kind").asText()).isEqualTo("future-read");
    assertThat(finding.get("subject").asText()).isEqualTo("peak_balance");
    assertThat(finding.get("resolution").asText()).isEqualTo("fix");
    JsonNode evidence = finding.get("evidence");
    assertThat(evidence.get("sampled").asInt()).isEqualTo(1_000);
    assertThat(evidence.get("differing").asInt()).isEqualTo(1_000);
    assertThat(evidence.get("examples")).hasSize(5);
    assertThat(evidence.get("examples").get(0).get("asOfDecision").asText()).isNotEqualTo(
        evidence.get("examples").get(0).get("used").asText());

    HtmlDoc page = HtmlDoc.read(g.htmlFile());
    assertThat(page.one("//section[@id='verdict']//li[@data-kind='future-read']"))
        .startsWith("Feature 'peak_balance' reads the future: 1,000 of 1,000 sampled rows differ");
    assertThat(page.one("//section[@id='other-findings']//div[@data-kind='future-read']/p[@class='note']"))
        .contains("no sign-off can make it so");
    HtmlDoc index = HtmlDoc.read(scenarios.files.index());
    assertThat(index.one("//tr[@data-gate='" + ReportScenarios.GATE + "']/td[6]"))
        .startsWith("future-read: Feature 'peak_balance' reads the future");

    scenarios.approve(g, List.of(new SignOff.Waiver("future-read", "peak_balance", "we like this feature")));
    PublishedGate again = scenarios.publish(runWith(PEAK_BALANCE), Mode.VERIFY);
    assertThat(again.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(again.result().waived()).isEmpty();
    assertThat(again.result().unresolved()).singleElement().isInstanceOf(FutureReadFinding.class);
    assertValid(REPORT, Files.readString(again.reportFile()));
  }

  @Test
  void theHonestFunctionPasses() {
    PublishedGate g = scenarios.publish(runWith(HONEST), Mode.VERIFY);
    assertThat(g.result().verdict()).isEqualTo(Verdict.PASSED);
    assertThat(g.result().findings()).isEmpty();
  }

  @Test
  void recordingAProbeKeepsTheFingerprint() {
    GateFixtures.Data d = data(1, ROWS, 1.0, 0.95);
    String without = dev.backtestgate.BacktestGate.fingerprint(run(ReportScenarios.GATE, d).build());
    String with = dev.backtestgate.BacktestGate.fingerprint(
        run(ReportScenarios.GATE, d).input(probe(PEAK_BALANCE, d)).build());
    assertThat(with).isEqualTo(without);
  }

  /** A probe must cover the backtest's own rows at their own decision times, or it vouches for nothing. */
  @Test
  void aProbeOfOtherRowsOrOtherTimesFailsNamingCountsOrTheFirstDifferingRow() {
    GateFixtures.Data d = data(1, ROWS, 1.0, 0.95);
    GateFixtures.Data fewer = data(1, ROWS - 100, 1.0, 0.95);
    long[] shifted = d.decided().clone();
    shifted[17] -= HOUR;
    GateFixtures.Data moved = new GateFixtures.Data(d.labels(), d.candidate(), d.baseline(), shifted, d.known());

    PublishedGate short_ = scenarios.publish(run(ReportScenarios.GATE, d).input(probe(PEAK_BALANCE, fewer))
        .build(), Mode.LOCAL);
    assertThat(short_.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(short_.result().unresolved()).singleElement().isInstanceOfSatisfying(Finding.CheckFailed.class,
        f -> assertThat(f.reason()).isEqualTo("the probe of 'peak_balance' covers 1,900 rows but the backtest has "
            + "2,000: build its Spine from the backtest's own rows (entity and decision time of each row, in the "
            + "backtest's order)."));

    PublishedGate other = scenarios.publish(run(ReportScenarios.GATE, d).input(probe(PEAK_BALANCE, moved))
        .build(), Mode.LOCAL);
    assertThat(other.result().unresolved()).singleElement().isInstanceOfSatisfying(Finding.CheckFailed.class,
        f -> assertThat(f.reason()).startsWith("the probe of 'peak_balance' decides row 17 at 2026-01-01T16:00:00Z "
            + "but the backtest decides it at 2026-01-01T17:00:00Z"));
  }
}
