package dev.backtestgate;

import static dev.backtestgate.GateFixtures.CLOCK;
import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.history.HistoryCheck;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.LateWriteDetector;
import dev.backtestgate.history.LateWritePolicy;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.LateWritesFinding;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.history.RewrittenHistoryFinding;
import dev.backtestgate.report.Published;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.report.ReportFiles;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.time.EventLog;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Late writes and rewritten history, carried by a run and judged by the gate. */
class HistoryFindingsTests {
  private static final String GATE = "com.acme.ChurnBacktest#history";
  private static final long DAY = 86_400_000L;
  private static final long MAR_1 = Instant.parse("2024-03-01T00:00:00Z").toEpochMilli();
  private static final long BACKFILL = Instant.parse("2024-05-10T09:30:00Z").toEpochMilli();
  @TempDir Path repo;
  private ReviewStore store;

  @BeforeEach
  void setUp() {
    store = ReviewStore.directory(repo.resolve("leakage-reviews"));
  }

  /** Ten customers' daily status in March; customers 0-2 churned later and a backfill rewrote their March. */
  private static EventLog statusTable(boolean backfilled, boolean stamped) {
    EventLog.CategoricalBuilder status = EventLog.categoricalBuilder("account_status");
    for (int day = 0; day < 31; day++) {
      long validFrom = MAR_1 + day * DAY;
      for (int customer = 0; customer < 10; customer++) {
        boolean rewritten = backfilled && customer < 3;
        status.add(customer, validFrom, rewritten && stamped ? BACKFILL : validFrom + 3_600_000L,
            rewritten ? "churned" : "active");
      }
    }
    return status.build();
  }

  private static LateWriteReport stampedBackfill() {
    return LateWriteDetector.withDefaults().detect(statusTable(true, true));
  }

  private static HistoryCheckResult unstampedBackfill() {
    HistoryManifest committed = HistoryManifest.of(statusTable(false, false), PartitionGranularity.MONTH,
        Instant.parse("2024-04-25T00:00:00Z"));
    return HistoryCheck.compare(committed, statusTable(true, false));
  }

  private GateResult evaluate(BacktestRun run, GatePolicy policy) {
    return BacktestGate.evaluate(run, policy, store, CLOCK);
  }

  /**
   * The same cleanup written the right way: the original March rows stay, and on the backfill day each of
   * customers 0-2 gets one new event per day that declares the row it corrects, with reason 'status-remap'.
   */
  private static EventLog declaredCleanup(boolean declare) {
    EventLog.CategoricalBuilder status = EventLog.categoricalBuilder("account_status");
    long id = 0;
    for (int day = 0; day < 31; day++) {
      for (int customer = 0; customer < 10; customer++) {
        status.add(customer, MAR_1 + day * DAY, MAR_1 + day * DAY + 3_600_000L, "active").id(1_000 + id++);
      }
    }
    for (int day = 0; day < 31; day++) {
      for (int customer = 0; customer < 3; customer++) {
        status.add(customer, MAR_1 + day * DAY, BACKFILL, "churned").id(5_000 + day * 10 + customer);
        if (declare) {
          status.corrects(1_000 + day * 10 + customer, "status-remap");
        }
      }
    }
    return status.build();
  }

  @Test
  void undeclaredLateWritesFailByDefaultAndSayWhatToDo() {
    BacktestRun run = run(GATE, data(1, 2_000, 1.0, 0.95)).input(stampedBackfill()).build();
    GateResult r = evaluate(run, GatePolicy.defaults());
    assertThat(r.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(r.needsSignOff()).isFalse();
    assertThat(r.unresolved()).singleElement().isInstanceOfSatisfying(LateWritesFinding.class, f -> {
      assertThat(f.report().lateEvents()).isEqualTo(93);
      assertThat(f.resolution()).isEqualTo(Finding.Resolution.FIX);
    });
    PublishedGate g = Published.publish(run, r, Mode.LOCAL, new ReportFiles(repo.resolve("target")), store);
    assertThat(g.pendingWritten()).isFalse();
    assertThat(g.text()).contains(
        "Late writes to 'account_status': 93 of 310 events were recorded more than 7d after they became valid "
            + "without declaring what they correct",
        "This fails the gate (backtestgate.late-writes=fail, the default).",
        "  - 93 late write(s) to 'account_status' recorded on 2024-05-10 for 3 entities",
        "A sign-off cannot cover this.\nNext:\n  1. Restore the rows of 'account_status'",
        "append the corrections as new events that declare what they correct",
        "set backtestgate.late-writes=warn");
  }

  @Test
  void theWarnPolicyTurnsUndeclaredLateWritesBackIntoAWarning() {
    BacktestRun run = run(GATE, data(1, 2_000, 1.0, 0.95)).input(stampedBackfill()).build();
    GateResult r = evaluate(run, GatePolicy.defaults().with(LateWritePolicy.WARN));
    assertThat(r.verdict()).isEqualTo(Verdict.PASSED);
    assertThat(r.findings()).singleElement().isInstanceOfSatisfying(LateWritesFinding.class,
        f -> assertThat(f.resolution()).isEqualTo(Finding.Resolution.WARNING));
    assertThat(r.unresolved()).isEmpty();
  }

  @Test
  void theCleanupAsDeclaredCorrectionsPassesAndIsListedByReasonCode() throws Exception {
    LateWriteReport report = LateWriteDetector.withDefaults().detect(declaredCleanup(true));
    assertThat(report.lateEvents()).isZero();
    assertThat(report.declaredCorrections()).isEqualTo(93);
    BacktestRun run = run(GATE, data(1, 2_000, 1.0, 0.95)).input(report).build();
    GateResult r = evaluate(run, GatePolicy.defaults());
    assertThat(r.verdict()).isEqualTo(Verdict.PASSED);
    assertThat(r.unresolved()).isEmpty();
    assertThat(r.findings()).singleElement().isInstanceOfSatisfying(LateWritesFinding.class,
        f -> assertThat(f.resolution()).isEqualTo(Finding.Resolution.WARNING));
    PublishedGate g = Published.publish(run, r, Mode.LOCAL, new ReportFiles(repo.resolve("target")), store);
    assertThat(g.text()).contains(
        "Declared corrections to 'account_status': 93 late event(s) say which event they correct and why",
        "  - 93 declared correction(s) to 'account_status' with reason 'status-remap' for 3 entities, "
            + "e.g. [event 5000 corrects 1000, event 5001 corrects 1001, event 5002 corrects 1002]")
        .doesNotContain("Late writes to");
    JsonNode evidence = new ObjectMapper().readTree(g.reportFile().toFile()).get("findings").get(0).get("evidence");
    assertThat(evidence.get("lateEvents").asInt()).isZero();
    assertThat(evidence.get("declaredCorrections").asInt()).isEqualTo(93);
    JsonNode group = evidence.get("corrections").get(0);
    assertThat(group.get("reason").asText()).isEqualTo("status-remap");
    assertThat(group.get("count").asInt()).isEqualTo(93);
    assertThat(group.get("entities").asInt()).isEqualTo(3);
    assertThat(group.get("examples")).hasSize(5);
    assertThat(group.get("examples").get(0).get("corrects").asLong()).isEqualTo(1_000);
    String html = java.nio.file.Files.readString(g.htmlFile());
    assertThat(html).contains("93 declared corrections to &#39;account_status&#39;, by reason: status-remap 93.",
        "<caption>Declared corrections to &#39;account_status&#39;, by reason</caption>",
        "<td class=\"id\">status-remap</td><td class=\"num\" data-label=\"Corrections\">93</td><td class=\"num\" "
            + "data-label=\"Entities\">3</td><td data-label=\"Example\">event 5000 corrects 1000: ");
  }

  @Test
  void theSameCleanupUndeclaredFails() {
    LateWriteReport report = LateWriteDetector.withDefaults().detect(declaredCleanup(false));
    assertThat(report.lateEvents()).isEqualTo(93);
    assertThat(report.corrections()).isEmpty();
    BacktestRun run = run(GATE, data(1, 2_000, 1.0, 0.95)).input(report).build();
    assertThat(evaluate(run, GatePolicy.defaults()).verdict()).isEqualTo(Verdict.FAILED);
  }

  @Test
  void rewrittenHistoryAlwaysFailsAndNamesThePartitions() throws Exception {
    BacktestRun run = run(GATE, data(1, 2_000, 1.0, 0.95)).input(unstampedBackfill()).build();
    GateResult r = evaluate(run, GatePolicy.defaults());
    assertThat(r.verdict()).isEqualTo(Verdict.FAILED);
    assertThat(r.unresolved()).singleElement().isInstanceOf(RewrittenHistoryFinding.class);
    PublishedGate g = Published.publish(run, r, Mode.LOCAL, new ReportFiles(repo.resolve("target")), store);
    assertThat(g.text()).contains(
        "History of 'account_status' was rewritten in place: 1 of 1 closed partitions differ from the committed "
            + "manifest.",
        "  - 'account_status': partition 2024-03 changed: the manifest recorded 310 row(s)",
        "review the proposed manifest and commit it in place of the old one",
        repo.resolve("target").resolve("history-manifests").resolve("account_status.json").toString());
    assertThat(g.proposedManifests()).containsExactly(repo.resolve("target/history-manifests/account_status.json")
        .toAbsolutePath().normalize());
    assertThat(HistoryManifest.read(g.proposedManifests().get(0)))
        .isEqualTo(((RewrittenHistoryFinding) r.unresolved().get(0)).result().proposed());
    JsonNode json = new ObjectMapper().readTree(g.reportFile().toFile());
    JsonNode finding = json.get("findings").get(0);
    assertThat(finding.get("kind").asText()).isEqualTo("rewritten-history");
    assertThat(finding.get("subject").asText()).isEqualTo("account_status");
    assertThat(finding.get("evidence").get("partitions").get(0).get("partition").asText()).isEqualTo("2024-03");
    assertThat(finding.get("evidence").get("partitions").get(0).get("change").asText()).isEqualTo("changed");
    String html = java.nio.file.Files.readString(g.htmlFile());
    assertThat(html).contains("History of &#39;account_status&#39; was rewritten in 1 closed partition, 2024-03.",
        // on the page the partitions are a table, not the console's lines
        "<caption>Closed partitions of &#39;account_status&#39; that differ (1 of 1 checked)</caption>",
        "<td class=\"id\">2024-03</td><td data-label=\"Change\">changed</td><td class=\"num\" "
            + "data-label=\"Rows recorded\">310</td>")
        .doesNotContain("<li>&#39;account_status&#39;: partition 2024-03 changed");
  }

  @Test
  void verifyModeWritesNoProposedManifest() {
    BacktestRun run = run(GATE, data(1, 2_000, 1.0, 0.95)).input(unstampedBackfill()).build();
    PublishedGate g = Published.publish(run, evaluate(run, GatePolicy.defaults()), Mode.VERIFY,
        new ReportFiles(repo.resolve("target")), store);
    assertThat(g.proposedManifests()).isEmpty();
    assertThat(repo.resolve("target/history-manifests")).doesNotExist();
  }

  @Test
  void manyRewrittenPartitionsAreSummedUpAfterTheFirstFive() {
    HistoryManifest daily = HistoryManifest.of(statusTable(false, false), PartitionGranularity.DAY,
        Instant.parse("2024-04-25T00:00:00Z"));
    BacktestRun run = run(GATE, data(1, 2_000, 1.0, 0.95))
        .input(HistoryCheck.compare(daily, statusTable(true, false))).build();
    PublishedGate g = Published.publish(run, evaluate(run, GatePolicy.defaults()), Mode.LOCAL,
        new ReportFiles(repo.resolve("target")), store);
    assertThat(g.text()).contains("31 of 31 closed partitions differ", "partition 2024-03-05 changed",
        "  - ... and 26 more partitions (all of them are in the JSON report).\n")
        .doesNotContain("partition 2024-03-06 changed");
  }

  @Test
  void cleanReportsAddNoFinding() {
    HistoryManifest committed = HistoryManifest.of(statusTable(false, false), PartitionGranularity.DAY,
        Instant.parse("2024-04-25T00:00:00Z"));
    BacktestRun run = run(GATE, data(1, 2_000, 1.0, 0.95))
        .input(LateWriteDetector.withDefaults().detect(statusTable(false, false)))
        .input(HistoryCheck.compare(committed, statusTable(false, false)))
        .build();
    assertThat(evaluate(run, GatePolicy.defaults().with(LateWritePolicy.FAIL)).verdict())
        .isEqualTo(Verdict.PASSED);
  }
}
