package dev.backtestgate.lakehouse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.history.HistoryFinding;
import dev.backtestgate.history.LogCommit;
import dev.backtestgate.history.TableHistory;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The format-neutral rules on hand-made logs: the closing boundary, silent maintenance, unreadable commits. */
class LogJudgeTests {
  private static final Instant COMMIT = Instant.parse("2026-03-20T15:00:00Z");
  /** 7 days before the commit is 2026-03-13T15:00, whose UTC day began 2026-03-13T00:00: the cut-off. */
  private static final Instant CUTOFF = Instant.parse("2026-03-13T00:00:00Z");

  private static TableHistory judge(FileChange... changes) {
    TableLog.Commit commit = new TableLog.Commit(new LogCommit(5, COMMIT, "UPDATE", "etl", "engine"),
        List.of(changes), null, false, List.of());
    TableLog log = new TableLog("file:/t", "delta", 5, List.of(commit), 0, true, "retention", "fix", Map.of(),
        List.of());
    return LogJudge.judge(log, Window.sinceVersion(0), 7, ChangedRows.NONE);
  }

  @Test
  void theCutOffIsTheStartOfTheUtcDaySevenDaysBeforeTheCommitAsInTheJdbcGuard() {
    assertThat(LogJudge.cutoff(COMMIT, 7)).isEqualTo(CUTOFF);
    assertThat(judge(new FileChange("day=2026-03-13", CUTOFF, 3, false, true)).clean()).isTrue();
    TableHistory justClosed = judge(new FileChange("day=2026-03-12", CUTOFF.minusMillis(1), 3, false, true),
        new FileChange("day=2026-03-12", CUTOFF.minusMillis(1), 2, true, true));
    assertThat(justClosed.rewrites().findings()).singleElement().satisfies(f -> {
      HistoryFinding.Rewritten r = (HistoryFinding.Rewritten) f;
      assertThat(r.rowsRemoved()).isEqualTo(3);
      assertThat(r.rowsAdded()).isEqualTo(2);
      assertThat(r.commit().user()).isEqualTo("etl");
    });
  }

  @Test
  void rearrangedFilesAreSilentAndAppendsOnlyAreLateWrites() {
    Instant old = Instant.parse("2024-01-01T00:00:00Z");
    assertThat(judge(new FileChange("day=2024-01-01", old, 3, false, false),
        new FileChange("day=2024-01-01", old, 3, true, false)).clean()).isTrue();
    TableHistory late = judge(new FileChange("day=2024-01-01", old, 4, true, true),
        new FileChange("day=2026-03-20", COMMIT, 9, true, true));
    assertThat(late.rewrites().clean()).isTrue();
    assertThat(late.lateWrites().lateEvents()).isEqualTo(4);
    assertThat(late.lateWrites().events()).isEqualTo(13);
    assertThat(late.lateWrites().batches()).singleElement().satisfies(b -> {
      assertThat(b.commit().version()).isEqualTo(5);
      assertThat(b.minValidFrom()).isEqualTo(old);
    });
  }

  @Test
  void aDataChangeWithoutRowCountOrValidTimeIsUnreadableNeverClean() {
    TableHistory noRows = judge(new FileChange("day=2024-01-01", Instant.EPOCH, -1, false, true));
    TableHistory noTime = judge(new FileChange("day=2024-01-01", null, 3, true, true));
    assertThat(noRows.clean()).isFalse();
    assertThat(noRows.unreadable()).singleElement().asString().contains("commit 5", "row count");
    assertThat(noTime.unreadable()).singleElement().asString().contains("earliest valid time");
  }
}
