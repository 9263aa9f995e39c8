package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.history.LateWriteDetector;
import dev.backtestgate.history.LateWritePolicy;
import dev.backtestgate.history.LateWriteReport;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class NormalizeStatusBackfillTests {
  private static final CreditWorld WORLD = WorldGenerator.generate(new WorldSpec(1_000, 3L));

  @Test
  void spellingsBecomeTheCanonicalNameAndReviewsBecomeHowTheAccountEnded() {
    Statements s = WORLD.statements();
    int reviewsOfChargedOff = 0;
    int reviewsOfOthers = 0;
    for (int row = 0; row < s.size(); row++) {
      String target = StatusCodes.CODES.get(NormalizeStatusBackfill.normalized(WORLD, row));
      int code = s.code()[row];
      if (!StatusCodes.isHold(code)) {
        assertThat(target).isEqualTo(StatusCodes.meaning(code).name());
      } else if (WORLD.chargedOffBeforeBackfill(s.account()[row])) {
        assertThat(target).isEqualTo("DPD90");
        reviewsOfChargedOff++;
      } else {
        assertThat(target).isEqualTo("CURRENT");
        reviewsOfOthers++;
      }
    }
    assertThat(reviewsOfChargedOff).isPositive();
    assertThat(reviewsOfOthers).isPositive();
    assertThat(StatusCodes.CODES.get(StatusCodes.code(0, Status.DPD30))).isEqualTo("D1");
    assertThat(StatusCodes.CODES.get(StatusCodes.code(1, Status.HOLD))).isEqualTo("R");
  }

  @Test
  void inPlaceWithoutStampingTheRewriteLeavesNoTrace() {
    StatementTable table = StatementTable.load(WORLD);
    int changed = NormalizeStatusBackfill.rewrite(table, WORLD, StatementTable.Stamping.SILENT);
    int expected = 0;
    for (int row = 0; row < table.size(); row++) {
      int target = NormalizeStatusBackfill.normalized(WORLD, row);
      expected += WORLD.statements().code()[row] != target ? 1 : 0;
      assertThat(table.status()[row]).isEqualTo((byte) target);
      assertThat(table.updatedAt()[row]).isEqualTo(StatementTable.NOT_UPDATED);
      assertThat(table.knownAt(row)).isEqualTo(table.createdAt()[row]);
    }
    assertThat(changed).isEqualTo(expected).isPositive().isLessThan(table.size());
  }

  @Test
  void inPlaceWithStampingExactlyTheRewrittenRowsCarryTheBackfillTime() {
    StatementTable table = StatementTable.load(WORLD);
    int changed = NormalizeStatusBackfill.rewrite(table, WORLD, StatementTable.Stamping.STAMP_UPDATED_AT);
    int stamped = 0;
    for (int row = 0; row < table.size(); row++) {
      boolean rewritten = WORLD.statements().code()[row] != table.status()[row];
      assertThat(table.updatedAt()[row]).isEqualTo(rewritten ? Timeline.BACKFILL_AT : StatementTable.NOT_UPDATED);
      assertThat(table.knownAt(row)).isEqualTo(rewritten ? Timeline.BACKFILL_AT : table.createdAt()[row]);
      stamped += rewritten ? 1 : 0;
    }
    assertThat(stamped).isEqualTo(changed);
  }

  @Test
  void appendOnlyTheCleanupIsOneCorrectionEventPerChangedRowAndTheOriginalsStay() {
    StatusLog log = StatusLog.load(WORLD);
    int corrections = NormalizeStatusBackfill.record(log, WORLD);
    Statements s = WORLD.statements();
    assertThat(log.size()).isEqualTo(s.size() + corrections);
    assertThat(log.count(StatusLog.STATEMENT)).isEqualTo(s.size());
    assertThat(log.count(StatusLog.CORRECTION)).isEqualTo(corrections);
    assertThat(StatusLog.REASONS.get(StatusLog.CORRECTION)).isEqualTo("NORMALIZE_STATUS_CODES");
    for (int row = 0; row < s.size(); row++) {
      assertThat(log.code(row)).isEqualTo(s.code()[row]);
      assertThat(log.recordedAt(row)).isEqualTo(s.recordedAt()[row]);
      assertThat(log.reason(row)).isEqualTo(StatusLog.STATEMENT);
    }
    for (int e = s.size(); e < log.size(); e++) {
      assertThat(log.recordedAt(e)).isEqualTo(Timeline.BACKFILL_AT);
      assertThat(log.reason(e)).isEqualTo(StatusLog.CORRECTION);
    }
    assertThat(corrections).isEqualTo(
        NormalizeStatusBackfill.rewrite(StatementTable.load(WORLD), WORLD, StatementTable.Stamping.SILENT));
  }

  @Test
  void appendOnlyTheCleanupDeclaresItsCorrectionsAndPassesTheLateWritesCheck() {
    StatusLog log = StatusLog.load(WORLD);
    int corrections = NormalizeStatusBackfill.record(log, WORLD);
    LateWriteReport declared = LateWriteDetector.withDefaults().detect(log.toEventLog("status"));
    assertThat(declared.lateEvents()).isZero();
    assertThat(declared.corrections()).singleElement().satisfies(group -> {
      assertThat(group.reason()).isEqualTo(NormalizeStatusBackfill.REASON);
      assertThat(group.count()).isEqualTo(corrections);
    });
    assertThat(LateWritePolicy.DEFAULT.fails(declared)).isFalse();

    StatementTable table = StatementTable.load(WORLD);
    int stamped = NormalizeStatusBackfill.rewrite(table, WORLD, StatementTable.Stamping.STAMP_UPDATED_AT);
    LateWriteReport undeclared = LateWriteDetector.withDefaults().detect(table.toEventLog("status"));
    assertThat(undeclared.lateEvents()).isEqualTo(stamped);
    assertThat(LateWritePolicy.DEFAULT.fails(undeclared)).isTrue();
  }

  @Property(tries = 10)
  void readAfterTheBackfillTheLogSaysWhatTheRewrittenTableSaysAndBeforeItWhatTheOriginalSaid(
      @ForAll @LongRange(max = 1_000) long seed) {
    CreditWorld world = WorldGenerator.generate(new WorldSpec(150, seed));
    StatusLog log = StatusLog.load(world);
    NormalizeStatusBackfill.record(log, world);
    StatementTable table = StatementTable.load(world);
    NormalizeStatusBackfill.rewrite(table, world, StatementTable.Stamping.SILENT);
    Map<String, List<Integer>> versions = new HashMap<>();
    for (int e = 0; e < log.size(); e++) {
      versions.computeIfAbsent(log.account(e) + "@" + log.validFrom(e), k -> new ArrayList<>()).add(e);
    }
    Statements s = world.statements();
    for (int row = 0; row < s.size(); row++) {
      List<Integer> events = versions.get(s.account()[row] + "@" + s.statementAt()[row]);
      assertThat(latestCode(log, events, Timeline.BACKFILL_AT)).isEqualTo(table.status()[row]);
      assertThat(latestCode(log, events, Timeline.BACKFILL_AT - 1)).isEqualTo(s.code()[row]);
    }
  }

  /** The code of the version recorded last by {@code time} (later position wins ties). */
  private static int latestCode(StatusLog log, List<Integer> events, long time) {
    int best = -1;
    for (int e : events) {
      if (log.recordedAt(e) <= time && (best < 0 || log.recordedAt(e) >= log.recordedAt(best))) {
        best = e;
      }
    }
    return log.code(best);
  }
}
