package dev.backtestgate.history;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RewrittenHistoryFindingTests {
  @Test
  void anExampleRowIsShownAsTheColumnsThatChanged() {
    assertThat(RewrittenHistoryFinding.changedColumns("account_id 7: {account_id=7, valid_from=2021-03-01 00:00:00.0, "
        + "status=DPD90, balance=1200.0} -> {account_id=7, valid_from=2021-03-01 00:00:00.0, status=REVIEW, "
        + "balance=1200.0}")).isEqualTo("account_id 7: status DPD90 \u2192 REVIEW");
    assertThat(RewrittenHistoryFinding.changedColumns("account_id 7: {status=DPD90, balance=1.0} -> {status=CURRENT, "
        + "balance=2.0}")).isEqualTo("account_id 7: status DPD90 \u2192 CURRENT; balance 1.0 \u2192 2.0");
  }

  @Test
  void anExampleOfAnotherShapeIsShownAsItIs() {
    for (String example : new String[] {"deleted {account_id=7, status=DPD90}", "before {account_id=7}",
        "the changed rows could not be read from the change data feed (no such version)",
        "account_id 7: {status=DPD90} -> {status=DPD90}", "account_id 7: {status=DPD90} -> {status=X, extra=1}"}) {
      assertThat(RewrittenHistoryFinding.changedColumns(example)).isEqualTo(example);
    }
  }

  @Test
  void aRewriteFoundInTheLogIsDrawnOnTheStripOfTheCommitsRead() {
    java.util.List<LogCommit> commits = new java.util.ArrayList<>();
    for (int v = 0; v < 30; v++) {
      commits.add(new LogCommit(v, java.time.Instant.parse("2025-01-01T02:00:00Z").plus(java.time.Duration.ofDays(
          7L * v)), v == 20 ? "MERGE" : "WRITE", "", "Apache-Spark/4.2.0"));
    }
    HistoryFinding rewrite = new HistoryFinding.Rewritten("written_on=2024-03-01", commits.get(20), 5, 5,
        java.util.List.of("account_id 1: {status=C} -> {status=CURRENT}", "deleted {account_id=3, status=H}"));
    RewrittenHistoryFinding finding = new RewrittenHistoryFinding(new HistoryCheckResult("status", PartitionGranularity
        .DAY, java.time.LocalDate.parse("2025-05-01"), 12, java.util.List.of(rewrite), null, commits));

    String svg = finding.render().figure();
    assertThat(svg).startsWith("<svg").contains("aria-label=\"30 commits of &#39;status&#39;".replace("&#39;", "'"));
    assertThat(svg.split("class=\"commit\"", -1)).hasSize(30);   // 29 plain commits
    assertThat(svg).contains("class=\"rewrite\" data-version=\"20\"", ">commit 20, MERGE on 2025-05-21</text>",
        ">2025-01-01</text>", ">2025-07-23</text>");
    assertThat(finding.render().evidence()).containsEntry("commitsRead", 30);
    // the partition's row on the page: every example, one per line (the page shows the first and opens to the rest)
    assertThat(finding.render().table().rows()).singleElement().satisfies(row -> assertThat(row).containsExactly(
        "written_on=2024-03-01", "20", "2025-05-21T02:00:00Z", "MERGE", "Apache-Spark/4.2.0", "5", "5",
        "account_id 1: status C \u2192 CURRENT\ndeleted {account_id=3, status=H}"));
    assertThat(new RewrittenHistoryFinding(new HistoryCheckResult("status", PartitionGranularity.DAY,
        java.time.LocalDate.parse("2025-05-01"), 12, java.util.List.of(rewrite))).render().figure()).isEmpty();
  }
}
