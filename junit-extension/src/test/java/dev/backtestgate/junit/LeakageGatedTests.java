package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.InvalidBacktestRunException;
import dev.backtestgate.review.Decision;
import dev.backtestgate.review.SignOff;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** What a gated test's outcome and message are, for every way a backtest can pass or fail the gate. */
class LeakageGatedTests {
  private static final String GATE = GatedTestCases.class.getName() + "#";
  private GateKit kit;

  @BeforeEach
  void kit(@TempDir Path temp) {
    kit = new GateKit(temp);
  }

  @Test
  void anHonestBacktestPassesAndPublishesItsReport() {
    GateKit.Outcome outcome = kit.run(GatedTestCases.class, "honest").assertPassed(1);

    Map<String, String> entries = outcome.onlyEntries();
    assertThat(entries).containsEntry(LeakageGateExtension.ENTRY_VERDICT, "PASSED")
        .containsEntry(LeakageGateExtension.ENTRY_REPORT, kit.report(GATE + "honest").toString())
        .doesNotContainKey(LeakageGateExtension.ENTRY_PENDING);
    assertThat(Path.of(entries.get(LeakageGateExtension.ENTRY_HTML))).exists().hasExtension("html");
    if (!GateKit.ATTACHES_FILES) { // JUnit before 5.14 has no publishFile: the extension says so in a report entry
      assertThat(outcome.notAttached()).singleElement().satisfies(note ->
          assertThat(note.get(HtmlAttachment.ENTRY_NOT_ATTACHED)).contains("publishFile"));
      return;
    }
    assertThat(outcome.files()).singleElement().satisfies(file -> {
      assertThat(file.path().getFileName()).hasToString(HtmlAttachment.NAME);
      assertThat(file.mediaType()).startsWith("text/html");
      assertThat(file.path()).hasSameTextualContentAs(Path.of(entries.get(LeakageGateExtension.ENTRY_HTML)));
    });
    assertThat(entries.get(LeakageGateExtension.ENTRY_LIFT)).matches("[+-]0\\.0[0-4]\\d\\d");
    JsonNode report = kit.reportJson(GATE + "honest");
    assertThat(report.get("gate").asText()).isEqualTo(GATE + "honest");
    assertThat(report.get("verdict").asText()).isEqualTo("PASSED");
  }

  @Test
  void aLiftAboveTheLimitWithoutSignOffFailsAndWritesThePendingSignOffLocally() {
    GateKit.Outcome outcome = kit.run(GatedTestCases.class, "leaky");

    Throwable failure = outcome.onlyFailure();
    Path pending = kit.pending(GATE + "leaky");
    assertThat(failure).isInstanceOf(LeakageGateFailure.class);
    assertThat(((LeakageGateFailure) failure).gateId()).isEqualTo(GATE + "leaky");
    assertThat(failure.getMessage())
        .startsWith("Leakage gate FAILED: " + GATE + "leaky\nAUC lift +0.")
        .contains("is above the 0.050 limit", "No leakage review covers it",
            "cp '" + pending + "' '" + kit.review(GATE + "leaky") + "'")
        .endsWith("The report with both ROC curves and the lift interval: " + kit.html(GATE + "leaky") + "\n");
    assertThat(pending).exists();
    assertThat(kit.reviewDir()).doesNotExist();
    assertThat(outcome.onlyEntries()).containsEntry(LeakageGateExtension.ENTRY_PENDING, pending.toString());
  }

  @Test
  void inVerifyModeTheFailureSaysHowToGetThePendingSignOffAndWritesNone() {
    kit.with(BacktestGateConfig.MODE, "verify");

    GateKit.Outcome outcome = kit.run(GatedTestCases.class, "leaky");

    assertThat(outcome.onlyFailure()).hasMessageContaining("Run this backtest locally")
        .hasMessageContaining("backtestgate.mode=local");
    assertThat(kit.pending(GATE + "leaky")).doesNotExist();
    assertThat(outcome.onlyEntries()).containsEntry(LeakageGateExtension.ENTRY_VERDICT, "FAILED")
        .containsEntry(LeakageGateExtension.ENTRY_REPORT, kit.report(GATE + "leaky").toString());
  }

  @Test
  @ResourceLock(Resources.SYSTEM_OUT) // captures what the gate prints
  void aCoveringSignOffLetsTheLeakyBacktestPass() {
    kit.run(GatedTestCases.class, "leaky").onlyFailure();
    SignOffs.commit(kit, SignOffs.approved(SignOffs.pending(kit.pending(GATE + "leaky"))));

    kit.with(BacktestGateConfig.MODE, "verify");
    GateKit.Outcome[] outcome = new GateKit.Outcome[1];
    String printed = printedBy(() -> outcome[0] = kit.run(GatedTestCases.class, "leaky"));

    outcome[0].assertPassed(1);
    assertThat(outcome[0].onlyEntries()).containsEntry(LeakageGateExtension.ENTRY_VERDICT, "PASSED_WITH_SIGN_OFF");
    assertThat(printed)
        .startsWith(VerdictLine.PREFIX + GATE + "leaky PASSED_WITH_SIGN_OFF lift +0.")
        .contains("\nLeakage gate PASSED with sign-off: " + GATE + "leaky\n")
        .contains("approved by " + SignOffs.REVIEWER + " on " + SignOffs.today() + ", valid until "
            + SignOffs.today().plusDays(365) + ".");
  }

  @Test
  @ResourceLock(Resources.SYSTEM_OUT)
  void everyGatedTestPrintsOneStableVerdictLineThatSurefireKeepsInItsXmlReport() {
    String[] lift = new String[2];
    String passed = printedBy(() -> lift[0] = kit.run(GatedTestCases.class, "honest").assertPassed(1).onlyEntries()
        .get(LeakageGateExtension.ENTRY_LIFT));
    String failed = printedBy(() -> lift[1] = kit.with(BacktestGateConfig.MODE, "verify")
        .run(GatedTestCases.class, "leaky").onlyEntries().get(LeakageGateExtension.ENTRY_LIFT));

    assertThat(passed).isEqualTo("backtest-gate: " + GATE + "honest PASSED lift " + lift[0] + " (limit 0.05)"
        + System.lineSeparator());
    // the failure names why: the kind of each finding that fails the gate, then the lift
    assertThat(failed).isEqualTo("backtest-gate: " + GATE + "leaky FAILED: lift; lift " + lift[1] + " (limit 0.05)"
        + System.lineSeparator());
    String late = printedBy(() -> kit.run(GatedTestCases.class, "lateBalance"));
    assertThat(late).as("a failure that is not the lift's names its kind; the lift stays as context")
        .matches("(?s)backtest-gate: " + java.util.regex.Pattern.quote(GATE)
            + "lateBalance FAILED: point-in-time; lift [+-]0\\.\\d{4} \\(limit 0\\.05\\)\\R.*");
  }

  /** What {@code action} prints to standard output. */
  private static String printedBy(Runnable action) {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream out = System.out;
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      action.run();
    } finally {
      System.setOut(out);
    }
    return printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aSignOffForOtherDataIsStale() {
    kit.run(GatedTestCases.class, "leaky").onlyFailure();
    SignOff approved = SignOffs.approved(SignOffs.pending(kit.pending(GATE + "leaky")));
    SignOffs.commit(kit, approved);
    kit.nextBuild(); // the data changed by the next build

    Throwable failure = kit.run(GatedTestCases.class, "leakyOnNewData").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class)
        .hasMessageContaining("its fingerprint does not match this run's. It was signed for data "
            + approved.fingerprint())
        .hasMessageContaining("the feature set changed since the review");
  }

  @Test
  @ResourceLock(Resources.SYSTEM_OUT) // captures what the gate prints
  void aRejectedSignOffFailsAndQuotesTheRationale() {
    kit.run(GatedTestCases.class, "leaky").onlyFailure();
    String rationale = "The lift comes from a post-outcome collections flag.";
    SignOffs.commit(kit, SignOffs.decided(SignOffs.pending(kit.pending(GATE + "leaky")), Decision.REJECTED, rationale,
        SignOffs.today().plusDays(30), List.of()));

    Throwable[] failure = new Throwable[1];
    String printed = printedBy(() -> failure[0] = kit.run(GatedTestCases.class, "leaky").onlyFailure());

    assertThat(printed).startsWith(VerdictLine.PREFIX + GATE + "leaky FAILED: lift, sign-off rejected; lift +0.");
    assertThat(failure[0]).isInstanceOf(LeakageGateFailure.class)
        .hasMessageContaining("REJECTED this backtest (reviewer " + SignOffs.REVIEWER + ")")
        .hasMessageContaining("\"" + rationale + "\"");
  }

  @Test
  void anExpiredSignOffNoLongerCovers() {
    kit.run(GatedTestCases.class, "leaky").onlyFailure();
    SignOff pending = SignOffs.pending(kit.pending(GATE + "leaky"));
    SignOffs.commit(kit, SignOffs.decided(pending, Decision.APPROVED, "Fine at the time.",
        SignOffs.today().minusDays(30), List.of()));

    Throwable failure = kit.run(GatedTestCases.class, "leaky").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class)
        .hasMessageContaining("expired on " + SignOffs.today().minusDays(30))
        .hasMessageContaining("To renew it");
  }

  @Test
  void aFeatureRecordedAfterTheDecisionFailsTheGate() {
    Throwable failure = kit.run(GatedTestCases.class, "lateBalance").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class);
    assertThat(failure.getMessage())
        .startsWith("Leakage gate FAILED: " + GATE + "lateBalance\n")
        .contains("Feature 'balance' was recorded after the decision time in 40 of 1,000 rows (4.0%), up to 2h late",
            "is within the 0.050 limit", "saw the future",
            "{\"kind\": \"point-in-time\", \"subject\": \"balance\", \"reason\": \"...\"}");
  }

  @Test
  void aSignOffThatWaivesTheFeaturePasses() {
    kit.run(GatedTestCases.class, "lateBalance").onlyFailure();
    SignOffs.commit(kit, SignOffs.decided(SignOffs.pending(kit.pending(GATE + "lateBalance")), Decision.APPROVED,
        "Load times, not event times.", SignOffs.today().plusDays(90),
        List.of(new SignOff.Waiver("point-in-time", "balance", "knownAt is the warehouse load time"))));

    GateKit.Outcome outcome = kit.run(GatedTestCases.class, "lateBalance").assertPassed(1);

    assertThat(outcome.onlyEntries()).containsEntry(LeakageGateExtension.ENTRY_VERDICT, "PASSED_WITH_SIGN_OFF");
    JsonNode finding = kit.reportJson(GATE + "lateBalance").get("findings").get(0);
    assertThat(finding.get("kind").asText()).isEqualTo("point-in-time");
    assertThat(finding.get("subject").asText()).isEqualTo("balance");
    assertThat(finding.get("waived").asBoolean()).isTrue();
  }

  @Test
  void anApprovalWithoutTheWaiverStillFailsOnTheLateFeature() {
    kit.run(GatedTestCases.class, "lateBalance").onlyFailure();
    SignOffs.commit(kit, SignOffs.approved(SignOffs.pending(kit.pending(GATE + "lateBalance"))));

    assertThat(kit.run(GatedTestCases.class, "lateBalance").onlyFailure())
        .hasMessageContaining("approves this run but does not waive every finding above");
  }

  @Test
  void aGatedTestThatRecordedNothingFails() {
    Throwable failure = kit.run(GatedTestCases.class, "recordsNothing").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class).hasMessage("@LeakageGated test " + GATE
        + "recordsNothing recorded nothing: record labels, candidate and baseline scores, decision times and "
        + "features into its Backtest parameter. The gate cannot vouch for a backtest it has not seen.");
    assertThat(kit.report(GATE + "recordsNothing")).doesNotExist();
  }

  @Test
  void aGatedTestWithoutBacktestParameterFailsTheSameWay() {
    Throwable failure = kit.run(GatedTestCases.class, "noParameter").onlyFailure();

    assertThat(failure).isInstanceOf(LeakageGateFailure.class)
        .hasMessageStartingWith("@LeakageGated test " + GATE + "noParameter recorded nothing: record labels")
        .hasMessageContaining("(it has none: declare one, e.g. void noParameter(Backtest backtest)).");
  }

  @Test
  void anIncompleteRecordingFailsNamingEveryProblem() {
    Throwable failure = kit.run(GatedTestCases.class, "recordsOnlyLabels").onlyFailure();

    assertThat(failure).isInstanceOf(InvalidBacktestRunException.class)
        .hasMessageContaining("Backtest run for gate " + GATE + "recordsOnlyLabels is invalid")
        .hasMessageContaining("candidate has no name", "baseline is missing", "no features are declared");
  }

  @Test
  void aTestBodyThatFailsOnItsOwnKeepsItsOwnFailure() {
    Throwable failure = kit.run(GatedTestCases.class, "bodyFails").onlyFailure();

    assertThat(failure).isExactlyInstanceOf(IllegalStateException.class).hasMessage("the feature store is down");
    assertThat(kit.report(GATE + "bodyFails")).doesNotExist();
  }

  @Test
  void anAbortedTestStaysAborted() {
    GateKit.Outcome outcome = kit.run(GatedTestCases.class, "aborted");

    outcome.results().testEvents().assertStatistics(stats -> stats.aborted(1).failed(0).succeeded(0));
    assertThat(kit.report(GATE + "aborted")).doesNotExist();
  }

  @Test
  void theBacktestKnowsItsGateId() {
    kit.run(GatedTestCases.class, "checksItsGateId").assertPassed(1);
  }

  @Test
  void aBacktestCanBeRecordedInABeforeEachMethod() {
    assertThat(kit.run(RecordedBeforeEachTestCases.class).onlyFailure()).isInstanceOf(LeakageGateFailure.class)
        .hasMessageStartingWith("Leakage gate FAILED: " + RecordedBeforeEachTestCases.class.getName() + "#leaky\n");
  }

  @Test
  void aBacktestCannotBeInjectedIntoTheConstructor() {
    assertThat(kit.run(ConstructorInjectionTestCases.class).onlyFailure())
        .isInstanceOf(ParameterResolutionException.class)
        .hasMessageStartingWith("A Backtest can only be injected into a @LeakageGated test method (or its @BeforeEach "
            + "methods), not into");
  }

  @LeakageGated
  static class RecordedBeforeEachTestCases {
    @BeforeEach
    void record(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }

    @Test
    void leaky(Backtest backtest) {
      assertThat(backtest.gateId()).endsWith("#leaky");
    }
  }

  @LeakageGated
  static class ConstructorInjectionTestCases {
    ConstructorInjectionTestCases(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }

    @Test
    void leaky() {
      assertThat(Samples.ROWS).isPositive();
    }
  }

  static class GatedTestCases {
    @Test
    @LeakageGated
    void honest(Backtest backtest) {
      Samples.HONEST.recordInto(backtest);
    }

    @Test
    @LeakageGated
    void leaky(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
    }

    @Test
    @LeakageGated(id = "dev.backtestgate.junit.LeakageGatedTests$GatedTestCases#leaky")
    void leakyOnNewData(Backtest backtest) {
      Samples.LEAKY_OTHER_DATA.recordInto(backtest);
    }

    @Test
    @LeakageGated
    void lateBalance(Backtest backtest) {
      Samples.LATE_BALANCE.recordInto(backtest);
    }

    @Test
    @LeakageGated
    void recordsNothing(Backtest backtest) {
      assertThat(backtest).isNotNull();
    }

    @Test
    @LeakageGated
    void noParameter() {
      assertThat(Samples.ROWS).isPositive();
    }

    @Test
    @LeakageGated
    void recordsOnlyLabels(Backtest backtest) {
      backtest.labels(new int[] {0, 1, 0, 1});
    }

    @Test
    @LeakageGated
    void bodyFails(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
      throw new IllegalStateException("the feature store is down");
    }

    @Test
    @LeakageGated
    void aborted(Backtest backtest) {
      Samples.LEAKY.recordInto(backtest);
      Assumptions.abort("no data for this region");
    }

    @Test
    @LeakageGated
    void checksItsGateId(Backtest backtest) {
      assertThat(backtest.gateId()).isEqualTo(GATE + "checksItsGateId");
      Samples.HONEST.recordInto(backtest);
    }
  }
}
