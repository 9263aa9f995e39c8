package dev.backtestgate.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.Finding;
import dev.backtestgate.GateFixtures;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Mode;
import dev.backtestgate.history.HistoryCheck;
import dev.backtestgate.history.HistoryCheckResult;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.LateWriteDetector;
import dev.backtestgate.history.LateWriteReport;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.time.EntityDictionary;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The snippets of docs/point-in-time-semantics.md, on the page's own small data. */
class PointInTimeSnippetsTests {
  private static final Instant MARCH = Instant.parse("2024-03-01T00:00:00Z");
  private static final Instant BACKFILL = Instant.parse("2024-05-10T02:00:00Z");

  @TempDir
  Path project;

  @Test
  void theJoinSeesWhatWasKnownAtEachDecision() {
    // tag::join[]
    EntityDictionary customers = new EntityDictionary();           // string keys -> dense long ids
    EventLog balance = EventLog.numericBuilder("balance")
        .add(customers.idOf("alice"), Instant.parse("2024-03-01T00:00:00Z"), Instant.parse("2024-03-01T06:00:00Z"), 120.0)
        .add(customers.idOf("alice"), Instant.parse("2024-03-01T00:00:00Z"), Instant.parse("2024-03-20T09:00:00Z"), 95.0) // correction
        .build();
    EventLog plan = EventLog.categoricalBuilder("plan")
        .add(customers.idOf("alice"), Instant.parse("2024-02-01T00:00:00Z"), Instant.parse("2024-02-01T00:00:00Z"), "premium")
        .build();
    Spine spine = Spine.builder()                                   // (entity, decision time) per training row
        .add(customers.idOf("alice"), Instant.parse("2024-03-10T00:00:00Z"))
        .add(customers.idOf("alice"), Instant.parse("2024-03-25T00:00:00Z"))
        .build();

    FeatureTable table = PointInTimeJoin.builder()
        .availabilityLag(Duration.ofHours(1))                       // a value is usable 1 h after recording
        .ttl(Duration.ofDays(90))                                   // older values count as missing
        .build()
        .join(spine, balance, plan);

    table.numeric("balance").values();    // [120.0, 95.0]: the correction is invisible on March 10
    table.numeric("balance").knownAt();   // recordedAt of each value's source event
    table.knownAt();                      // feature -> knowledge time per row, for the gate's point-in-time check
    // end::join[]

    assertThat(table.numeric("balance").values()).containsExactly(120.0, 95.0);
    assertThat(table.numeric("balance").knownAt()).containsExactly(
        Instant.parse("2024-03-01T06:00:00Z").toEpochMilli(), Instant.parse("2024-03-20T09:00:00Z").toEpochMilli());
    assertThat(table.knownAt()).containsOnlyKeys("balance", "plan");
  }

  @Test
  void theRunCarriesTheJoinAndTheSourceTablesChecks() throws Exception {
    int rows = 400;
    GateFixtures.Data data = GateFixtures.data(11, rows, 1.0, 1.0);
    boolean[] defaulted = data.labels();
    double[] gbmScores = data.candidate();
    double[] prodScores = data.baseline();
    EventLog status = backfilledStatus();
    Path committed = commit(status);
    FeatureTable table = PointInTimeJoin.builder().build().join(spineOf(rows), status);

    // tag::run[]
    BacktestRun run = BacktestRun.builder("com.acme.ChurnBacktest#gbm")   // or the JUnit Backtest recorder
        .labels(defaulted)
        .candidate("gbm-v7", gbmScores)
        .baseline("prod-v3", prodScores)
        .features(table)                                                    // knownAt per value + decision times
        .input(LateWriteDetector.withDefaults().detect(status))             // undeclared late writes fail
        .input(HistoryCheck.compare(HistoryManifest.read(committed), status))    // rewritten history fails
        .build();
    // end::run[]

    var result = BacktestGate.evaluate(run, GatePolicy.defaults().withMode(Mode.LOCAL),
        ReviewStore.directory(project.resolve("leakage-reviews")), GateFixtures.CLOCK);
    assertThat(result.findings()).extracting(Finding::kind).contains("late-writes")
        .doesNotContain("rewritten-history");
    assertThat(result.verdict().passed()).isFalse();
  }

  @Test
  void aCorrectionSaysWhatItCorrects() {
    Instant statementAt = MARCH;
    Instant cleanupAt = BACKFILL;
    // tag::corrections[]
    EventLog status = EventLog.categoricalBuilder("status")
        .add(7, statementAt, statementAt.plus(Duration.ofDays(1)), "H").id(1001)
        .add(7, statementAt, cleanupAt, "CURRENT").id(5001).corrects(1001, "status-remap")
        .build();
    // or, on columns: log.withCorrections(ids, corrects, reasons); ids null = positions 0, 1, 2, ...
    // end::corrections[]

    LateWriteReport late = LateWriteDetector.withDefaults().detect(status);
    assertThat(late.undeclared()).isFalse();
    assertThat(late.declaredCorrections()).isEqualTo(1);
  }

  @Test
  void aBackfillIsOneBurstOfLateWrites() {
    EventLog status = backfilledStatus();
    // tag::late-writes[]
    LateWriteReport late = LateWriteDetector.withDefaults().detect(status);
    late.problems().forEach(System.out::println);
    // 124 late write(s) to 'status' recorded on 2024-05-10 for 4 entities, valid from 2024-03-01T00:00:00Z to ...
    // end::late-writes[]

    assertThat(late.problems()).singleElement().asString().startsWith(
        "124 late write(s) to 'status' recorded on 2024-05-10 for 4 entities, valid from 2024-03-01T00:00:00Z to ");
  }

  @Test
  void theProposalGoesUnderTheReportDirectoryNeverOverTheCommittedManifest() throws Exception {
    EventLog before = EventLog.categoricalBuilder("status").add(7, MARCH, MARCH.plusSeconds(3600), "H").build();
    EventLog status = EventLog.categoricalBuilder("status").add(7, MARCH, MARCH.plusSeconds(3600), "CURRENT").build();
    commit(before);
    // tag::propose[]
    Path committed = project.resolve("history/status.json");                   // in git, written by a person
    HistoryCheckResult result = HistoryCheck.compare(HistoryManifest.read(committed), status);
    HistoryManifest proposed = HistoryManifest.of(status, PartitionGranularity.DAY, Instant.now().minus(Duration.ofDays(7)));
    Path written = proposed.writeProposed(project.resolve("target/backtest-gate"), committed);
    // -> target/backtest-gate/history-manifests/status.json (atomic write; never the committed path)
    // review the diff, then:  cp target/backtest-gate/history-manifests/status.json history/status.json && git commit
    // end::propose[]

    assertThat(result.clean()).isFalse();
    assertThat(result.problems()).isNotEmpty();
    assertThat(written).isEqualTo(project.resolve("target/backtest-gate/history-manifests/status.json"));
    assertThat(Files.readString(committed)).isNotEqualTo(Files.readString(written));
  }

  /** Writes the manifest of {@code log} where the page's project keeps it in git, {@code history/status.json}. */
  private Path commit(EventLog log) throws IOException {
    Path committed = project.resolve("history/status.json");
    Files.createDirectories(committed.getParent());
    Files.writeString(committed, HistoryManifest.of(log, PartitionGranularity.DAY, BACKFILL).toJson());
    return committed;
  }

  /** Four accounts' statuses of March 2024, each day's written on time, then all rewritten by one backfill in May. */
  private static EventLog backfilledStatus() {
    var log = EventLog.categoricalBuilder("status");
    for (int account = 0; account < 4; account++) {
      for (int day = 0; day < 31; day++) {
        Instant validFrom = MARCH.plus(Duration.ofDays(day));
        log.add(account, validFrom, validFrom.plus(Duration.ofHours(1)), "H");
        log.add(account, validFrom, BACKFILL, "CURRENT");
      }
    }
    return log.build();
  }

  /** Decisions on the four accounts, one an hour from April 2024. */
  private static Spine spineOf(int rows) {
    var spine = Spine.builder();
    for (int r = 0; r < rows; r++) {
      spine.add(r % 4, Instant.parse("2024-04-01T00:00:00Z").plus(Duration.ofHours(r)));
    }
    return spine.build();
  }
}
