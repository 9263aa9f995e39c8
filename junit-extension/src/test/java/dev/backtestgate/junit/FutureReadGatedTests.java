package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.review.Decision;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.screen.futureread.FutureReadProbe;
import dev.backtestgate.time.EntityEvents;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.EventLogView;
import dev.backtestgate.time.FeatureFunction;
import dev.backtestgate.time.Spine;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The future-read probe through the extension: a gated test records a feature function's probe; the gate runs it
 * with the configured availability lag and sample size, fails a function that reads the future in the message, the
 * JSON and HTML reports and the index, and no sign-off waives it.
 */
class FutureReadGatedTests {
  private static final String GATE = FutureReadTestCases.class.getName() + "#";
  private GateKit kit;

  @BeforeEach
  void kit(@TempDir Path temp) {
    kit = new GateKit(temp);
  }

  @Test
  void anHonestFunctionPasses() {
    kit.run(FutureReadTestCases.class, "honest").assertPassed(1);
    assertThat(kit.reportJson(GATE + "honest").get("findings")).isEmpty();
  }

  @Test
  void aFunctionThatReadsTheFutureFailsTheGateEverywhere() {
    Throwable failure = kit.run(FutureReadTestCases.class, "peeks").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class);
    assertThat(failure.getMessage())
        .startsWith("Leakage gate FAILED: " + GATE + "peeks\n")
        .contains("Feature 'balance_peak' reads the future: run again on history cut at the decision time, its "
            + "function gave another value in 1,000 of 1,000 sampled rows (100.0%; 1,000 rows in all).")
        .contains("  e.g. row 0, entity 0, decided 2026-01-01T00:00:00Z: used ")
        .contains("A sign-off cannot cover this.")
        .contains("Make the feature function of 'balance_peak' read only events");
    JsonNode finding = kit.reportJson(GATE + "peeks").get("findings").get(0);
    assertThat(finding.get("kind").asText()).isEqualTo("future-read");
    assertThat(finding.get("subject").asText()).isEqualTo("balance_peak");
    assertThat(finding.get("resolution").asText()).isEqualTo("fix");
    assertThat(finding.get("unresolved").asBoolean()).isTrue();
    assertThat(finding.get("evidence").get("examples")).hasSize(5);
    assertThat(GateKit.read(kit.html(GATE + "peeks")))
        .contains("data-kind=\"future-read\"", "Feature &#39;balance_peak&#39; reads the future");
    assertThat(GateKit.read(kit.reportDir().resolve("index.html"))).contains("future-read: Feature");
  }

  @Test
  void theConfiguredLagAndSampleReachTheProbe() {
    kit.with(BacktestGateConfig.AVAILABILITY_LAG, "PT20H").with(BacktestGateConfig.FUTURE_READ_SAMPLE, "40");

    Throwable failure = kit.run(FutureReadTestCases.class, "honest").onlyFailure();

    assertThat(failure.getMessage()).containsPattern("run again on history cut at the decision time minus the "
        + "availability lag of 20h, its function gave another value in [1-9][0-9]? of 40 sampled rows");
    JsonNode evidence = futureRead(kit.reportJson(GATE + "honest")).get("evidence");
    assertThat(evidence.get("availabilityLag").asText()).isEqualTo("PT20H");
    assertThat(evidence.get("sampled").asInt()).isEqualTo(40);
    kit.with(BacktestGateConfig.FUTURE_READ_SAMPLE, "all");
    kit.run(FutureReadTestCases.class, "honestWithLag").assertPassed(1);
  }

  @Test
  void anApprovedSignOffThatWaivesTheFeatureDoesNotResolveIt() {
    kit.run(FutureReadTestCases.class, "peeksAndLifts").onlyFailure();
    SignOffs.commit(kit, SignOffs.decided(SignOffs.pending(kit.pending(GATE + "peeksAndLifts")), Decision.APPROVED,
        "Bureau data explains the lift.", SignOffs.today().plusDays(90),
        List.of(new SignOff.Waiver("future-read", "balance_peak", "we like this feature"))));

    Throwable failure = kit.run(FutureReadTestCases.class, "peeksAndLifts").onlyFailure();

    assertThat(failure.getMessage()).contains("Feature 'balance_peak' reads the future");
    JsonNode report = kit.reportJson(GATE + "peeksAndLifts");
    assertThat(report.get("verdict").asText()).isEqualTo("FAILED");
    JsonNode futureRead = futureRead(report);
    assertThat(futureRead.get("waived").asBoolean()).isFalse();
    assertThat(futureRead.get("unresolved").asBoolean()).isTrue();
    assertThat(report.get("findings").get(0).get("unresolved").asBoolean()).as("the lift is signed off").isFalse();
  }

  private static JsonNode futureRead(JsonNode report) {
    for (JsonNode finding : report.get("findings")) {
      if (finding.get("kind").asText().equals("future-read")) {
        return finding;
      }
    }
    throw new AssertionError("no future-read finding in " + report.get("findings"));
  }

  /** One balance event a day per account, growing: the peak over the whole log is always in the future. */
  static final class Balances {
    static final int ACCOUNTS = 50;
    static final EventLog LOG = log();

    private static EventLog log() {
      EventLog.NumericBuilder b = EventLog.numericBuilder("balance");
      for (int account = 0; account < ACCOUNTS; account++) {
        for (long h = -24; h < Samples.ROWS + 48; h += 24) {
          long t = Samples.START + h * Samples.HOUR;
          b.add(account, t, t, 100 * account + h);
        }
      }
      return b.build();
    }

    static FutureReadProbe probe(FeatureFunction function) {
      long[] accounts = new long[Samples.ROWS];
      long[] decided = new long[Samples.ROWS];
      for (int r = 0; r < Samples.ROWS; r++) {
        accounts[r] = r % ACCOUNTS;
        decided[r] = Samples.START + r * Samples.HOUR;
      }
      EventLogView whole = EventLogView.of(LOG);
      double[] used = new double[Samples.ROWS];
      for (int r = 0; r < Samples.ROWS; r++) {
        used[r] = function.value(whole, accounts[r], decided[r]);
      }
      return FutureReadProbe.numeric("balance_peak", function, Spine.of(accounts, decided), used, LOG);
    }
  }

  static final FeatureFunction HONEST = (history, account, t) -> max(history.asOf(t).events(account));
  static final FeatureFunction HONEST_20H = (history, account, t) -> max(history.asOf(t - 20 * Samples.HOUR)
      .events(account));
  static final FeatureFunction PEEKS = (history, account, t) -> max(history.events(account));

  private static double max(EntityEvents events) {
    double max = Double.NaN;
    for (int i = 0; i < events.size(); i++) {
      max = Double.isNaN(max) ? events.value(i) : Math.max(max, events.value(i));
    }
    return max;
  }

  static class FutureReadTestCases {
    @org.junit.jupiter.api.Test
    @LeakageGated
    void honest(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
      backtest.futureRead(Balances.probe(HONEST));
    }

    @org.junit.jupiter.api.Test
    @LeakageGated
    void honestWithLag(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
      backtest.futureRead(Balances.probe(HONEST_20H));
    }

    @org.junit.jupiter.api.Test
    @LeakageGated
    void peeks(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
      backtest.futureRead(Balances.probe(PEEKS));
    }

    @org.junit.jupiter.api.Test
    @LeakageGated
    void peeksAndLifts(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
      backtest.futureRead(Balances.probe(PEEKS));
    }
  }
}
