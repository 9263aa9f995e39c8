package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.GateEvidence;
import dev.backtestgate.GatePolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gated test that records evidence computed elsewhere (as a Spark backtest does) instead of rows: judged with the
 * configured policy, reported, reviewed and signed off like a recorded run, and refused when it is mixed with rows,
 * belongs to another gate or was computed under another policy.
 */
class EvidenceGatedTests {
  private static final String GATE = EvidenceTestCases.class.getName() + "#";
  private GateKit kit;

  @BeforeEach
  void kit(@TempDir Path temp) {
    kit = new GateKit(temp);
  }

  @Test
  void honestEvidencePassesAndIsReportedLikeARecordedRun() {
    kit.run(EvidenceTestCases.class, "honest").assertPassed(1);

    assertThat(kit.reportJson(GATE + "honest").get("verdict").asText()).isEqualTo("PASSED");
    assertThat(kit.reportJson(GATE + "honest").get("run").get("rows").asInt()).isEqualTo(Samples.ROWS);
    assertThat(GateKit.read(kit.html(GATE + "honest"))).contains("No ROC curve is drawn");
  }

  @Test
  void leakyEvidenceFailsWithAPendingSignOffAndASignOffCoversIt() {
    Throwable failure = kit.run(EvidenceTestCases.class, "leaky").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class);
    assertThat(failure.getMessage()).startsWith("Leakage gate FAILED: " + GATE + "leaky\n")
        .contains("mvn backtest-gate:sign-off");
    assertThat(kit.pending(GATE + "leaky")).exists();

    SignOffs.commit(kit, SignOffs.approved(SignOffs.pending(kit.pending(GATE + "leaky"))));

    kit.run(EvidenceTestCases.class, "leaky").assertPassed(1);
    assertThat(kit.reportJson(GATE + "leaky").get("verdict").asText()).isEqualTo("PASSED_WITH_SIGN_OFF");
  }

  @Test
  void theBacktestHandsOutTheConfiguredPolicySoEvidenceIsComputedUnderIt() {
    kit.with(BacktestGateConfig.CONFIDENCE, "0.9").with(BacktestGateConfig.AVAILABILITY_LAG, "PT1H");

    kit.run(EvidenceTestCases.class, "honest").assertPassed(1);

    assertThat(kit.reportJson(GATE + "honest").get("comparison").get("confidence").asDouble()).isEqualTo(0.9);
  }

  @Test
  void evidenceComputedUnderAnotherPolicyFailsNamingTheKey() {
    kit.with(BacktestGateConfig.AVAILABILITY_LAG, "PT1H");

    Throwable failure = kit.run(EvidenceTestCases.class, "underDefaults").onlyFailure();

    assertThat(failure.getMessage()).contains("the evidence's point-in-time results were computed with an "
        + "availability lag of PT0S but the gate's policy uses PT1H (backtestgate.availability-lag)");
  }

  @Test
  void rowsAndEvidenceTogetherAreRefused() {
    Throwable failure = kit.run(EvidenceTestCases.class, "rowsAndEvidence").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class).hasMessageContaining("recorded both rows")
        .hasMessageContaining("record the rows, or compute everything into the evidence");
    assertThat(Files.exists(kit.report(GATE + "rowsAndEvidence"))).isFalse();
  }

  @Test
  void evidenceOfAnotherGateIsRefused() {
    Throwable failure = kit.run(EvidenceTestCases.class, "otherGate").onlyFailure();

    assertThat(failure).hasMessageContaining("recorded evidence computed for gate 'com.acme.Other#gbm'")
        .hasMessageContaining("compute the evidence with .gate(backtest.gateId())");
  }

  static class EvidenceTestCases {
    @org.junit.jupiter.api.Test
    @LeakageGated
    void honest(Backtest backtest) {
      backtest.evidence(GateEvidence.of(Samples.HONEST.run(backtest.gateId()), backtest.policy()));
    }

    @org.junit.jupiter.api.Test
    @LeakageGated
    void leaky(Backtest backtest) {
      backtest.evidence(GateEvidence.of(Samples.LEAKY.run(backtest.gateId()), backtest.policy()));
    }

    @org.junit.jupiter.api.Test
    @LeakageGated
    void underDefaults(Backtest backtest) {
      assertThat(backtest.policy().availabilityLag()).isEqualTo(Duration.ofHours(1));
      backtest.evidence(GateEvidence.of(Samples.HONEST.run(backtest.gateId()), GatePolicy.defaults()));
    }

    @org.junit.jupiter.api.Test
    @LeakageGated
    void rowsAndEvidence(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
      backtest.evidence(GateEvidence.of(Samples.HONEST.run(backtest.gateId()), backtest.policy()));
    }

    @org.junit.jupiter.api.Test
    @LeakageGated
    void otherGate(Backtest backtest) {
      backtest.evidence(GateEvidence.of(Samples.HONEST.run("com.acme.Other#gbm"), backtest.policy()));
    }
  }
}
