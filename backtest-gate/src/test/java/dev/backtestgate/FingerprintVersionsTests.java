package dev.backtestgate;

import static dev.backtestgate.GateFixtures.CLOCK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.review.Decision;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import dev.backtestgate.review.SignOffStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sign-offs of both fingerprint versions against a run and its evidence: a version-2 file covers the run and the
 * same rows in another order; a version-1 file (written before version 2) still covers the run it was made for,
 * checked the version-1 way, and goes stale when the data changes.
 */
class FingerprintVersionsTests {
  private static final String GATE = "com.acme.ChurnBacktest#gbm";
  private static final GatePolicy POLICY = GatePolicy.defaults().withMode(Mode.VERIFY);

  @TempDir Path repo;

  private ReviewStore store() {
    return ReviewStore.directory(repo.resolve("leakage-reviews"));
  }

  private static BacktestRun leaky(int seed, boolean reversed) {
    GateFixtures.Data d = GateFixtures.data(seed, 2_000, 1.5, 0.5);
    if (reversed) {
      d = reverse(d);
    }
    return GateFixtures.run(GATE, d).build();
  }

  private static GateFixtures.Data reverse(GateFixtures.Data d) {
    int n = d.labels().length;
    boolean[] labels = new boolean[n];
    double[] candidate = new double[n];
    double[] baseline = new double[n];
    long[] decided = new long[n];
    long[] known = new long[n];
    for (int i = 0; i < n; i++) {
      labels[i] = d.labels()[n - 1 - i];
      candidate[i] = d.candidate()[n - 1 - i];
      baseline[i] = d.baseline()[n - 1 - i];
      decided[i] = d.decided()[n - 1 - i];
      known[i] = d.known()[n - 1 - i];
    }
    return new GateFixtures.Data(labels, candidate, baseline, decided, known);
  }

  private void signOff(GateResult failed, String fingerprint) throws IOException {
    Comparison c = failed.comparison();
    SignOff s = new SignOff(SignOff.SCHEMA, GATE, fingerprint,
        new SignOff.Reviewed(c.candidate(), c.baseline(), c.candidateAuc(), c.baselineAuc(), c.lift(),
            List.of(c.ciLower(), c.ciUpper()), failed.run().rows(), failed.run().positives(),
            failed.run().features()),
        Decision.APPROVED, "ana@acme.com", LocalDate.parse("2026-12-01"), LocalDate.parse("2027-03-01"),
        "New bureau features explain the lift; joins checked.", new SignOff.Checklist(true, true, true, true, true),
        List.of());
    Files.createDirectories(repo.resolve("leakage-reviews"));
    Files.writeString(store().locationOf(GATE), SignOffJson.write(s));
  }

  @Test
  void aVersion2SignOffCoversTheRunInAnyRowOrderAndItsEvidence() throws IOException {
    BacktestRun run = leaky(1, false);
    GateResult failed = BacktestGate.evaluate(run, POLICY, store(), CLOCK);
    assertThat(failed.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(failed.fingerprint()).startsWith("sha256-v2:");
    signOff(failed, failed.fingerprint());

    assertThat(BacktestGate.evaluate(run, POLICY, store(), CLOCK).verdict()).isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
    assertThat(BacktestGate.evaluate(leaky(1, true), POLICY, store(), CLOCK).verdict())
        .as("the same rows in reverse order").isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
    assertThat(BacktestGate.evaluate(GateEvidence.of(run, POLICY), POLICY, store(), CLOCK).verdict())
        .isEqualTo(Verdict.PASSED_WITH_SIGN_OFF);
    assertThat(BacktestGate.evaluate(leaky(2, false), POLICY, store(), CLOCK).signOff())
        .isInstanceOf(SignOffStatus.Stale.class);
  }

  @Test
  void aSignOffWithAVersion1FingerprintFailsTheGateSayingHowToSignItAgain() throws IOException {
    BacktestRun run = leaky(1, false);
    GateResult failed = BacktestGate.evaluate(run, POLICY, store(), CLOCK);
    signOff(failed, "sha256:" + "0d".repeat(32));

    GateResult refused = BacktestGate.evaluate(run, POLICY, store(), CLOCK);
    assertThat(refused.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(refused.signOff()).isInstanceOfSatisfying(SignOffStatus.Malformed.class, m -> {
      assertThat(m.jsonPath()).isEqualTo("$.fingerprint");
      assertThat(m.problem()).contains("written by a pre-release build", "mvn backtest-gate:sign-off");
    });
  }

}
