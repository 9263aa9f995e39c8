package dev.backtestgate.lakehouse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.history.HistoryFinding;
import dev.backtestgate.history.TableHistory;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The example rows of every rewriting commit from one read of the change data feed: the same lines, in the same
 * order, as one read per commit; a read that fails said under every partition it affects. Read without Spark from
 * the commits' change-data files: the same lines again.
 */
class DeltaChangeFeedTests {
  private static final String OLD = "2024-01-01";
  private static final String OLDER = "2024-01-02";
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = DeltaTests.session();
  }

  private static String t(Path dir) {
    return "delta.`" + dir + "`";
  }

  /**
   * Five closed rows on day OLD, three on OLDER; then rewrites in several commits, the same day rewritten more
   * than once (so examples ranked across commits, not per commit, would take another commit's smallest keys), an
   * append between them, a delete and a rewrite of more rows than are shown.
   */
  private static Path rewrittenTable(String name, boolean feedFromStart) {
    Path dir = DeltaTests.freshDir(name);
    spark.sql("CREATE TABLE " + t(dir) + " (id BIGINT, day DATE, status STRING) USING delta PARTITIONED BY (day) "
        + "TBLPROPERTIES ('delta.enableChangeDataFeed' = '" + feedFromStart + "')");   // version 0
    StringBuilder rows = new StringBuilder();
    for (int id = 1; id <= 8; id++) {
      rows.append(id == 1 ? "" : ", ").append("(").append(id).append(", DATE'").append(id <= 5 ? OLD : OLDER)
          .append("', 'open')");
    }
    spark.sql("INSERT INTO " + t(dir) + " VALUES " + rows);   // version 1
    spark.sql("UPDATE " + t(dir) + " SET status = 'a' WHERE id IN (3, 4, 5)");   // version 2: OLD
    if (!feedFromStart) {
      spark.sql("ALTER TABLE " + t(dir) + " SET TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true')");
    }
    spark.sql("INSERT INTO " + t(dir) + " VALUES (9, DATE'2020-01-01', 'open')");   // a late write, no rewrite
    spark.sql("UPDATE " + t(dir) + " SET status = 'b' WHERE id IN (1, 2, 6)");   // OLD and OLDER
    spark.sql("DELETE FROM " + t(dir) + " WHERE id = 7");   // OLDER
    spark.sql("UPDATE " + t(dir) + " SET status = 'c' WHERE day = DATE'" + OLD + "'");   // all five rows of OLD
    return dir;
  }

  private static TableHistory history(Path dir) {
    return DeltaHistory.of(spark, dir.toString()).partitionColumn("day").validTimeColumn("day").keyColumn("id")
        .sinceVersion(0);
  }

  /** Each rewriting commit's rewritten partitions, in commit order, as the history found them. */
  private static Map<Long, Set<String>> rewrites(TableHistory history) {
    Map<Long, Set<String>> rewrites = new LinkedHashMap<>();
    for (var finding : history.rewrites().findings()) {
      HistoryFinding.Rewritten r = (HistoryFinding.Rewritten) finding;
      rewrites.computeIfAbsent(r.commit().version(), v -> new TreeSet<>()).add(r.partition());
    }
    return rewrites;
  }

  private static List<String> lines(TableHistory history) {
    return history.rewrites().findings().stream().map(f -> (HistoryFinding.Rewritten) f)
        .map(r -> r.commit().version() + " " + r.partition() + " " + r.examples()).toList();
  }

  @Test
  void oneReadForEveryRewriteGivesTheLinesOneReadPerCommitGives() {
    Path dir = rewrittenTable("batched", true);
    TableHistory history = history(dir);
    Map<Long, Set<String>> rewrites = rewrites(history);
    assertThat(rewrites).hasSize(4);
    DeltaChangeFeed feed = new DeltaChangeFeed(spark, history.table(), "day", "id");

    ChangedRows.Examples batched = feed.examples(rewrites);
    Map<Long, Map<String, List<String>>> oneByOne = new LinkedHashMap<>();
    rewrites.forEach((version, partitions) -> oneByOne.putAll(feed.examples(Map.of(version, partitions))
        .byCommit()));

    assertThat(batched.byCommit()).isEqualTo(oneByOne);
    List<Long> versions = List.copyOf(rewrites.keySet());
    assertThat(batched.how()).isEqualTo("example rows from one read of the change data feed (versions "
        + versions.get(0) + " to " + versions.get(3) + ", 4 rewriting commits)");
    assertThat(history.window()).endsWith("; " + batched.how());
    // the history shows what the batched read gave, finding by finding
    assertThat(lines(history)).isEqualTo(rewrites.entrySet().stream().flatMap(e -> e.getValue().stream()
        .map(p -> e.getKey() + " " + p + " " + oneByOne.get(e.getKey()).getOrDefault(p, List.of()))).toList());
    // the rows are each commit's own: the first rewrite of OLD shows ids 3 to 5, not the later commits' 1 and 2
    assertThat(lines(history)).containsExactly(
        versions.get(0) + " day=" + OLD + " [id 3: {id=3, day=" + OLD + ", status=open} -> {id=3, day=" + OLD
            + ", status=a}, id 4: {id=4, day=" + OLD + ", status=open} -> {id=4, day=" + OLD + ", status=a}, "
            + "id 5: {id=5, day=" + OLD + ", status=open} -> {id=5, day=" + OLD + ", status=a}]",
        versions.get(1) + " day=" + OLD + " [id 1: {id=1, day=" + OLD + ", status=open} -> {id=1, day=" + OLD
            + ", status=b}, id 2: {id=2, day=" + OLD + ", status=open} -> {id=2, day=" + OLD + ", status=b}]",
        versions.get(1) + " day=" + OLDER + " [id 6: {id=6, day=" + OLDER + ", status=open} -> {id=6, day="
            + OLDER + ", status=b}]",
        versions.get(2) + " day=" + OLDER + " [deleted {id=7, day=" + OLDER + ", status=open}]",
        versions.get(3) + " day=" + OLD + " [id 1: {id=1, day=" + OLD + ", status=b} -> {id=1, day=" + OLD
            + ", status=c}, id 2: {id=2, day=" + OLD + ", status=b} -> {id=2, day=" + OLD + ", status=c}, "
            + "id 3: {id=3, day=" + OLD + ", status=a} -> {id=3, day=" + OLD + ", status=c}]");
  }

  @Test
  void aReadThatFailsIsSaidUnderEveryPartitionItAffectsAndTheCommitsItDoesNotAffectShowTheirRows() {
    // the feed turned on after the first rewrite: the one read over every rewrite fails, each commit is then
    // read on its own, and only the first rewrite's partition says that its rows could not be read
    Path dir = rewrittenTable("feed-later", false);
    TableHistory history = history(dir);

    List<HistoryFinding.Rewritten> findings = history.rewrites().findings().stream()
        .map(f -> (HistoryFinding.Rewritten) f).toList();
    assertThat(findings).hasSize(5);
    assertThat(findings.get(0).commit().version()).isEqualTo(2);
    assertThat(findings.get(0).examples()).singleElement().asString()
        .startsWith("the changed rows could not be read from the change data feed (");
    assertThat(findings.subList(1, 5)).allSatisfy(r -> assertThat(r.examples()).isNotEmpty()
        .noneMatch(line -> line.contains("could not be read")));
    assertThat(history.window()).contains("; example rows from one read of the change data feed per rewriting "
        + "commit (4 rewriting commits), because one read over versions 2 to ");
  }

  @Test
  void aTableTheFeedCannotReadSaysSoUnderEveryPartitionOfEveryCommit() {
    Path dir = DeltaTests.freshDir("no-table");   // no Delta table here
    DeltaChangeFeed feed = new DeltaChangeFeed(spark, dir.toString(), "day", "id");
    Map<Long, Set<String>> rewrites = new LinkedHashMap<>();
    rewrites.put(3L, new TreeSet<>(Set.of("day=" + OLD, "day=" + OLDER)));
    rewrites.put(5L, Set.of("day=" + OLD));

    ChangedRows.Examples examples = feed.examples(rewrites);

    assertThat(examples.byCommit().keySet()).containsExactlyInAnyOrder(3L, 5L);
    assertThat(examples.byCommit().get(3L).keySet()).containsExactlyInAnyOrder("day=" + OLD, "day=" + OLDER);
    assertThat(examples.byCommit().get(5L).keySet()).containsExactly("day=" + OLD);
    assertThat(examples.byCommit().values()).allSatisfy(byPartition -> assertThat(byPartition.values())
        .allSatisfy(lines -> assertThat(lines).singleElement().asString()
            .startsWith("the changed rows could not be read from the change data feed (")));
    assertThat(examples.how()).startsWith("example rows from one read of the change data feed per rewriting "
        + "commit (2 rewriting commits), because one read over versions 3 to 5 failed (");
  }

  private static TableHistory withoutSpark(Path dir) {
    return DeltaHistory.of(dir.toString()).partitionColumn("day").validTimeColumn("day").keyColumn("id")
        .sinceVersion(0);
  }

  @Test
  void theChangeDataFilesReadWithoutSparkGiveTheLinesTheFeedGives() {
    Path dir = rewrittenTable("files", true);

    TableHistory withSpark = history(dir);
    TableHistory logAlone = withoutSpark(dir);

    assertThat(lines(logAlone)).hasSize(5).isEqualTo(lines(withSpark));
    assertThat(logAlone.window()).contains("; example rows from the rewriting commits' change-data files, read "
        + "without Spark (versions 2 to 6, 4 rewriting commits, ");
  }

  @Test
  void everyColumnTypeIsShownWithoutSparkAsSparkShowsIt() {
    Path dir = DeltaTests.freshDir("types");
    spark.sql("CREATE TABLE " + t(dir) + " (id BIGINT, day DATE, score DOUBLE, at TIMESTAMP, amount DECIMAL(10, 2), "
        + "flag BOOLEAN, n INT, note STRING) USING delta PARTITIONED BY (day) "
        + "TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true')");
    spark.sql("INSERT INTO " + t(dir) + " VALUES (1, DATE'" + OLD + "', 0.5, TIMESTAMP'2024-01-01 06:30:00', 12.34, "
        + "true, 7, 'a'), (2, DATE'" + OLD + "', -1.25, TIMESTAMP'2024-01-01 23:59:59.123', -0.01, false, -3, NULL), "
        + "(3, DATE'" + OLD + "', 2.0, NULL, NULL, NULL, NULL, 'c')");
    spark.sql("UPDATE " + t(dir) + " SET score = score * 2, amount = amount + 1, note = 'fixed', "
        + "at = TIMESTAMP'2024-02-01 00:00:00' WHERE id IN (1, 2)");
    spark.sql("DELETE FROM " + t(dir) + " WHERE id = 3");

    TableHistory withSpark = history(dir);
    TableHistory logAlone = withoutSpark(dir);

    assertThat(lines(withSpark)).hasSize(2).allSatisfy(line -> assertThat(line).doesNotContain("could not"));
    assertThat(lines(logAlone)).isEqualTo(lines(withSpark));
  }

  @Test
  void aChangeDataFileThatIsGoneIsSaidUnderItsCommitsPartitionsWithoutSpark() throws java.io.IOException {
    Path dir = rewrittenTable("files-gone", true);
    try (var files = java.nio.file.Files.walk(dir.resolve("_change_data"))) {
      for (Path file : files.filter(java.nio.file.Files::isRegularFile).toList()) {
        java.nio.file.Files.delete(file);
      }
    }

    TableHistory logAlone = withoutSpark(dir);

    assertThat(logAlone.rewrites().findings()).hasSize(5).allSatisfy(f -> assertThat(
        ((HistoryFinding.Rewritten) f).examples()).singleElement().asString()
        .startsWith("the changed rows could not be read from the commit's change-data files ("));
  }
}
