package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.junit.LeakageGatedTests.GatedTestCases;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report directory after the tests changed, without {@code mvn clean}: the index lists the gates of this build
 * and sets the reports of tests that did not run apart; a gate that now passes leaves no pending sign-off behind.
 */
class StaleReportTests {
  private static final String GATE = GatedTestCases.class.getName() + "#";
  private GateKit kit;

  @BeforeEach
  void kit(@TempDir Path temp) {
    kit = new GateKit(temp);
  }

  @Test
  void aFailedGateWhoseTestIsGoneIsListedAsNotRunInThisBuild() throws IOException {
    kit.run(GatedTestCases.class, "leaky").onlyFailure();
    nextBuild();

    // the leaky test was removed; the next mvn verify (no clean) runs only the honest one, and passes
    kit.run(GatedTestCases.class, "honest").assertPassed(1);

    String index = GateKit.read(kit.reportDir().resolve("index.html"));
    String current = index.substring(0, index.indexOf("id=\"not-run\""));
    String older = index.substring(index.indexOf("id=\"not-run\""));
    assertThat(current).contains("All 1 gate passed", "data-gate=\"" + GATE + "honest\"")
        .doesNotContain(GATE + "leaky", "FAILED");
    assertThat(older).contains("Not run in this build", "data-gate=\"" + GATE + "leaky\"",
        "data-verdict=\"FAILED\"");
  }

  @Test
  void thePendingSignOffOfAGateThatNowPassesIsCleared() {
    kit.run(FlipTestCases.class, "leaky").onlyFailure();
    assertThat(kit.pending("flip")).exists();
    nextBuild(); // the test fixed, in the next build: in this one, a second test writing "flip" is refused

    kit.run(FlipTestCases.class, "fixed").assertPassed(1);

    assertThat(kit.pending("flip")).doesNotExist();
    assertThat(kit.reviewDir()).doesNotExist();
  }

  /** What the next {@code mvn verify} finds: the build ledger and writer markers of another (earlier) build. */
  private void nextBuild() {
    kit.nextBuild();
  }

  /** One gate, leaky in one run and fixed in the next. */
  static class FlipTestCases {
    @Test
    @LeakageGated(id = "flip")
    void leaky(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }

    @Test
    @LeakageGated(id = "flip")
    void fixed(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }
  }
}
