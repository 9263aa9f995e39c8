package dev.backtestgate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.Comparison;
import dev.backtestgate.FeatureColumn;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.claim.FeatureValues;
import dev.backtestgate.cli.workflow.fixtures.HistoryFixture;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.review.SignOff;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * A tripped tripwire's trace on the command line: the carriers, the skew of a served feature, the MERGE of a claimed
 * Delta table (a log written by hand) named with its partition, the blast radius over real gated reports (the
 * backtest whose decisions reach the rewritten day, not the one decided before it), and the JSON report.
 */
class TripwireTraceCommandTests {
  private static final Instant LATEST = Instant.parse("2026-06-30T00:00:00Z");
  private static final long JULY = Instant.parse("2026-07-01T00:00:00Z").toEpochMilli();
  private static final long DAY = 86_400_000L;

  @TempDir
  Path dir;

  @Test
  void aTrippedTripwireTracesTheCarrierTheSkewTheMergeAndTheBlastRadius() throws IOException {
    Path reports = dir.resolve("reports");
    EngineTestKit.engine("junit-jupiter").selectors(selectClass(HistoryFixture.class))
        .configurationParameter("backtestgate.report-dir", reports.toString())
        .configurationParameter("backtestgate.review-dir", dir.resolve("reviews").toString())
        .execute();
    Path table = deltaTable();
    double[] utilization = new double[4_000];
    for (int i = 0; i < utilization.length; i++) {
      utilization[i] = i % 10 < 3 ? 0.9 : 0.2;   // 30% of the backtest's rows at 0.9
    }
    Claim claim = new Claim("churn-v7", "sha256-v2:" + "c".repeat(64), Instant.parse("2026-01-01T00:00:00Z"), LATEST,
        "gbm", "logreg", 0.90, 0.80, new Claim.Variances(2e-5, 3e-5, 1e-5), Comparison.Interval.PAIRED_DELONG,
        0.90 - 0.80, 0.09, 0.11, 0.95, 4_000, 1_000, null,
        List.of(new SignOff.LiftCarried("utilization", 0.085, List.of(0.07, 0.10))), List.of("utilization"),
        List.of(new Claim.TableRead("statements", "delta:file:" + table + "@1", "")),
        List.of(FeatureValues.of(new FeatureColumn.Numeric("utilization", utilization))));
    Path claimFile = Files.writeString(dir.resolve("claim.json"), ClaimJson.write(claim));
    Path json = dir.resolve("out/tripwire.json");

    ToolRun run = ToolRun.of("tripwire", "--claim", claimFile.toString(), outcomes().toString(), "--at",
        "2026-12-01T00:00:00Z", "--reports=" + reports, "--json", json.toString());

    assertThat(run.code()).as(run.err()).isEqualTo(Main.FINDINGS);
    assertThat(run.out()).contains("Tripwire TRIPPED: churn-v7", "Trace:",
        "utilization          +0.085  [+0.070, +0.100]",
        "utilization          Kolmogorov-Smirnov 0.200",
        "utilization = 0.9 on 30.0% of backtest rows, 10.0% of production decisions",
        "rewritten before the read:",
        "commit 1 (MERGE at 2026-03-01T02:00:00Z): 10 row(s) removed, 10 added, partitions day=2026-01-01",
        "dev.backtestgate.cli.workflow.fixtures.HistoryFixture#reader: 'statements' day=2026-01-01, sign-off")
        .doesNotContain("HistoryFixture#early:")
        .contains("In short: 'utilization' carried 0.085 of the claimed +0.100 lift");
    JsonNode report = new ObjectMapper().readTree(Files.readString(json));
    assertThat(report.get("outcome").asText()).isEqualTo("TRIPPED");
    assertThat(report.at("/trace/tables/0/rewroteBeforeRead/0/operation").asText()).isEqualTo("MERGE");
    assertThat(report.at("/trace/blastRadius/0/gate").asText()).endsWith("HistoryFixture#reader");
    assertThat(report.at("/claim/gate").asText()).isEqualTo("churn-v7");
  }

  @Test
  void aClaimedTableThatIsGoneIsSaidAndTheTripwireStillJudges() throws IOException {
    Claim claim = new Claim("churn-v7", "sha256-v2:" + "c".repeat(64), Instant.parse("2026-01-01T00:00:00Z"), LATEST,
        "gbm", "logreg", 0.90, 0.80, new Claim.Variances(2e-5, 3e-5, 1e-5), Comparison.Interval.PAIRED_DELONG,
        0.90 - 0.80, 0.09, 0.11, 0.95, 4_000, 1_000, null, List.of(), List.of("utilization"),
        List.of(new Claim.TableRead("statements", "delta:file:" + dir.resolve("gone") + "@3", "")));
    Path claimFile = Files.writeString(dir.resolve("claim.json"), ClaimJson.write(claim));

    ToolRun run = ToolRun.of("tripwire", "--claim", claimFile.toString(), outcomes().toString(), "--at",
        "2026-12-01T00:00:00Z", "--reports=" + dir.resolve("none"));

    assertThat(run.code()).as(run.err()).isEqualTo(Main.FINDINGS);
    assertThat(run.out()).contains("could not be read: ", "_delta_log",
        "Not checked: the history of 'statements'", "which features carried the lift (the claim has no attribution)");
  }

  @Test
  void aManifestDeclaredTableIsReadFromTheModuleChangedUnchangedOrGone() throws IOException {
    HistoryManifest read = new HistoryManifest("statements", PartitionGranularity.DAY, LocalDate.parse("2026-01-03"),
        List.of(new HistoryManifest.Partition("2026-01-01", 10, "a".repeat(32))));
    HistoryManifest now = new HistoryManifest("statements", PartitionGranularity.DAY, LocalDate.parse("2026-01-03"),
        List.of(new HistoryManifest.Partition("2026-01-01", 10, "b".repeat(32))));
    Claim claim = new Claim("churn-v7", "sha256-v2:" + "c".repeat(64), Instant.parse("2026-01-01T00:00:00Z"), LATEST,
        "gbm", "logreg", 0.90, 0.80, new Claim.Variances(2e-5, 3e-5, 1e-5), Comparison.Interval.PAIRED_DELONG,
        0.90 - 0.80, 0.09, 0.11, 0.95, 4_000, 1_000, null, List.of(), List.of("utilization"),
        List.of(new Claim.TableRead("statements", read.digest() + "@history/statements.json", "")));
    Path claimFile = Files.writeString(dir.resolve("claim.json"), ClaimJson.write(claim));
    Path module = Files.createDirectories(dir.resolve("module/history")).getParent();
    List<String> args = List.of("tripwire", "--claim", claimFile.toString(), outcomes().toString(), "--at",
        "2026-12-01T00:00:00Z", "--reports=" + dir.resolve("none"), "--module=" + module);

    ToolRun gone = ToolRun.of(args.toArray(String[]::new));
    Files.writeString(module.resolve("history/statements.json"), read.toJson());
    ToolRun unchanged = ToolRun.of(args.toArray(String[]::new));
    Files.writeString(module.resolve("history/statements.json"), now.toJson());
    ToolRun changed = ToolRun.of(args.toArray(String[]::new));

    assertThat(gone.code()).as(gone.err()).isEqualTo(Main.FINDINGS);
    assertThat(gone.out()).contains("could not be read: the manifest is gone: no file at "
        + module.resolve("history/statements.json").toAbsolutePath().normalize(), "Not checked: the history of "
        + "'statements'");
    assertThat(unchanged.out()).contains("'statements' read at " + read.digest() + "@history/statements.json",
        "the manifest is unchanged since the backtest read it (" + read.digest() + ")")
        .doesNotContain("Not checked: the history of 'statements'");
    assertThat(changed.code()).as(changed.err()).isEqualTo(Main.FINDINGS);
    assertThat(changed.out()).contains("the manifest changed since the backtest read it: read " + read.digest()
        + ", now " + now.digest(), "the history manifest of 'statements' changed since the backtest read it");
  }

  @Test
  void aSqlTableIsReadFromTheGuardsAuditWithGuardAndADatabaseWithoutTheGuardIsSaid() throws IOException {
    Claim claim = new Claim("churn-v7", "sha256-v2:" + "c".repeat(64), Instant.parse("2026-01-01T00:00:00Z"), LATEST,
        "gbm", "logreg", 0.90, 0.80, new Claim.Variances(2e-5, 3e-5, 1e-5), Comparison.Interval.PAIRED_DELONG,
        0.90 - 0.80, 0.09, 0.11, 0.95, 4_000, 1_000, null, List.of(), List.of("utilization"),
        List.of(new Claim.TableRead("balances", null, "its history is declared by a manifest")));
    Path claimFile = Files.writeString(dir.resolve("claim.json"), ClaimJson.write(claim));

    ToolRun without = ToolRun.of("tripwire", "--claim", claimFile.toString(), outcomes().toString(), "--at",
        "2026-12-01T00:00:00Z", "--reports=" + dir.resolve("none"));
    ToolRun duck = ToolRun.of("tripwire", "--claim", claimFile.toString(), outcomes().toString(), "--at",
        "2026-12-01T00:00:00Z", "--reports=" + dir.resolve("none"), "--guard", "jdbc:duckdb:");

    assertThat(without.out()).contains("could not be read: the claim records no version read (its history is "
        + "declared by a manifest)");
    assertThat(duck.code()).as(duck.err()).isEqualTo(Main.FINDINGS);
    assertThat(duck.out()).contains("and the append-only guard's audit could not be read for it: ", "PostgreSQL",
        "Not checked: the history of 'balances'");
  }

  /** Production far below the claim (lift about 0), utilization at 0.9 on 10% of the decisions. */
  private Path outcomes() throws IOException {
    Random random = new Random(5);
    StringBuilder csv = new StringBuilder("decidedAt,candidateScore,label,labelKnownAt,baselineScore,utilization\n");
    for (int i = 0; i < 4_000; i++) {
      boolean label = random.nextDouble() < 0.25;
      double shared = random.nextGaussian() + (label ? 1.2 : 0);
      Instant decided = Instant.ofEpochMilli(JULY + (long) (random.nextDouble() * 90 * DAY));
      csv.append(decided).append(',').append(shared + random.nextGaussian()).append(',').append(label ? 1 : 0)
          .append(',').append(decided.plusMillis(30 * DAY)).append(',').append(shared + random.nextGaussian())
          .append(',').append(i % 10 == 0 ? "0.9" : "0.2").append('\n');
    }
    return Files.writeString(dir.resolve("outcomes.csv"), csv.toString());
  }

  /** A Delta log of two commits: the table created with one file on 2026-01-01, then a MERGE that rewrote it. */
  private Path deltaTable() throws IOException {
    Path table = dir.resolve("statements").toAbsolutePath().normalize();
    Path log = Files.createDirectories(table.resolve("_delta_log"));
    String schema = "{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":[{\\\"name\\\":\\\"day\\\",\\\"type\\\":"
        + "\\\"date\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}}]}";
    Files.writeString(log.resolve(String.format("%020d.json", 0)), String.join("\n",
        "{\"commitInfo\":{\"timestamp\":" + Instant.parse("2026-01-02T06:00:00Z").toEpochMilli()
            + ",\"operation\":\"WRITE\"}}",
        "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}",
        "{\"metaData\":{\"id\":\"t\",\"format\":{\"provider\":\"parquet\",\"options\":{}},\"schemaString\":\""
            + schema + "\",\"partitionColumns\":[\"day\"],\"configuration\":{},\"createdTime\":0}}",
        file("add", "a"), ""), StandardCharsets.UTF_8);
    Files.writeString(log.resolve(String.format("%020d.json", 1)), String.join("\n",
        "{\"commitInfo\":{\"timestamp\":" + Instant.parse("2026-03-01T02:00:00Z").toEpochMilli()
            + ",\"operation\":\"MERGE\"}}", file("remove", "a"), file("add", "b"), ""), StandardCharsets.UTF_8);
    return table;
  }

  private static String file(String action, String name) {
    return "{\"" + action + "\":{\"path\":\"day=2026-01-01/" + name + ".parquet\",\"partitionValues\":{\"day\":"
        + "\"2026-01-01\"},\"size\":1,\"modificationTime\":0,\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":10}\"}}";
  }
}
