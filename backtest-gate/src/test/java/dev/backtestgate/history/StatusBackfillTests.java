package dev.backtestgate.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/**
 * A reproduction of the classic leak: a nightly job records each customer's status; weeks later someone
 * "fixes" March by rewriting the status of customers who churned in April to {@code churned}, in place.
 * Models trained on the rewritten table learn from the future. Stamped or not, the rewrite must be seen.
 */
class StatusBackfillTests {
  private static final long DAY = 86_400_000L;
  private static final Instant MAR_1 = Instant.parse("2024-03-01T00:00:00Z");
  private static final Instant BACKFILL = Instant.parse("2024-05-10T09:30:00Z");
  private static final int CUSTOMERS = 20;
  private static final int CHURNED_IN_APRIL = 4; // customers 0..3

  /** Daily status for March and April, recorded one hour after it became valid. */
  private static EventLog statusTable(boolean backfilled, boolean stampRecordedAt) {
    EventLog.CategoricalBuilder status = EventLog.categoricalBuilder("status");
    long start = MAR_1.toEpochMilli();
    for (int day = 0; day < 61; day++) {
      long validFrom = start + day * DAY;
      boolean april = day >= 31;
      for (int customer = 0; customer < CUSTOMERS; customer++) {
        boolean churned = customer < CHURNED_IN_APRIL && april;
        boolean rewritten = backfilled && customer < CHURNED_IN_APRIL && !april;
        long recordedAt = rewritten && stampRecordedAt ? BACKFILL.toEpochMilli() : validFrom + 3_600_000L;
        status.add(customer, validFrom, recordedAt, churned || rewritten ? "churned" : "active");
      }
    }
    return status.build();
  }

  private static String statusSeenOnMarch20(EventLog status, Instant decisionTime) {
    Spine spine = Spine.builder().add(0, decisionTime).build();
    FeatureTable table = PointInTimeJoin.builder().build().join(spine, status);
    return table.categorical("status").category(0);
  }

  @Test
  void stampedBackfillShowsUpAsOneLateWriteBatch() {
    EventLog rewritten = statusTable(true, true);

    LateWriteReport report = LateWriteDetector.withDefaults().detect(rewritten);

    assertThat(report.batches()).hasSize(1);
    LateWriteReport.Batch batch = report.batches().get(0);
    assertThat(batch.recordedDay()).isEqualTo(LocalDate.parse("2024-05-10"));
    assertThat(batch.count()).isEqualTo(CHURNED_IN_APRIL * 31);
    assertThat(batch.entities()).isEqualTo(CHURNED_IN_APRIL);
    assertThat(batch.minValidFrom()).isEqualTo(MAR_1);
    assertThat(batch.maxValidFrom()).isEqualTo(Instant.parse("2024-03-31T00:00:00Z"));
    assertThat(LateWritePolicy.FAIL.fails(report)).isTrue();
    // the join itself stays honest with stamped rows: as of March 20 the row was not recorded yet
    assertThat(statusSeenOnMarch20(rewritten, Instant.parse("2024-03-20T12:00:00Z"))).isNull();
  }

  @Test
  void unstampedBackfillIsInvisibleToLateWritesButCaughtByTheManifest() {
    EventLog original = statusTable(false, false);
    EventLog rewritten = statusTable(true, false);
    HistoryManifest committed =
        HistoryManifest.of(original, PartitionGranularity.DAY, Instant.parse("2024-04-25T00:00:00Z"));

    LateWriteReport lateWrites = LateWriteDetector.withDefaults().detect(rewritten);
    HistoryCheckResult history = HistoryCheck.compare(committed, rewritten);

    assertThat(lateWrites.clean()).isTrue();
    // the leak: the join now sees April's churn on March 20, with a knownAt that looks innocent
    assertThat(statusSeenOnMarch20(original, Instant.parse("2024-03-20T12:00:00Z"))).isEqualTo("active");
    assertThat(statusSeenOnMarch20(rewritten, Instant.parse("2024-03-20T12:00:00Z"))).isEqualTo("churned");
    assertThat(history.clean()).isFalse();
    assertThat(history.findings()).hasSize(31).allSatisfy(finding -> {
      assertThat(finding).isInstanceOf(HistoryFinding.Changed.class);
      assertThat(finding.partition()).startsWith("2024-03-");
    });
    HistoryFinding.Changed first = (HistoryFinding.Changed) history.findings().get(0);
    assertThat(first.expectedRows()).isEqualTo(CUSTOMERS);
    assertThat(first.actualRows()).isEqualTo(CUSTOMERS);
  }

  @Test
  void stampedBackfillIsAlsoCaughtByTheManifestBecauseTheOriginalRowsVanished() {
    HistoryManifest committed = HistoryManifest.of(
        statusTable(false, false), PartitionGranularity.MONTH, Instant.parse("2024-04-25T00:00:00Z"));

    HistoryCheckResult history = HistoryCheck.compare(committed, statusTable(true, true));

    assertThat(history.findings()).singleElement().isInstanceOfSatisfying(HistoryFinding.Changed.class, changed -> {
      assertThat(changed.partition()).isEqualTo("2024-03");
      assertThat(changed.expectedRows()).isEqualTo(31L * CUSTOMERS);
      assertThat(changed.actualRows()).isEqualTo(31L * (CUSTOMERS - CHURNED_IN_APRIL));
    });
  }

  @Test
  void appendedCorrectionsAreLateWritesButNotRewrittenHistory() {
    EventLog original = statusTable(false, false);
    HistoryManifest committed =
        HistoryManifest.of(original, PartitionGranularity.DAY, Instant.parse("2024-04-25T00:00:00Z"));
    EventLog.CategoricalBuilder withCorrection = EventLog.categoricalBuilder("status");
    for (int i = 0; i < original.size(); i++) {
      withCorrection.add(original.entity()[i], original.validFrom()[i], original.recordedAt()[i],
          original.categories().get(original.codes()[i]));
    }
    withCorrection.add(5, MAR_1.toEpochMilli() + 10 * DAY, BACKFILL.toEpochMilli(), "churned");
    EventLog corrected = withCorrection.build();

    assertThat(HistoryCheck.compare(committed, corrected).clean()).isTrue();
    assertThat(LateWriteDetector.withDefaults().detect(corrected).lateEvents()).isEqualTo(1);
    assertThat(LateWriteDetector.builder().closingWindow(Duration.ofDays(90)).build().detect(corrected).clean())
        .isTrue();
  }
}
