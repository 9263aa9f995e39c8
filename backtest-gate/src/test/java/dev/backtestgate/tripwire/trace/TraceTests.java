package dev.backtestgate.tripwire.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.Comparison;
import dev.backtestgate.FeatureColumn;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.claim.FeatureValues;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.tripwire.Outcomes;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The trace joins the claim's attribution, the features' skew, the tables' histories and the blast radius. */
class TraceTests {
  private static final Instant LATEST = Instant.parse("2025-03-31T00:00:00Z");
  private static final long APRIL = Instant.parse("2025-04-02T00:00:00Z").toEpochMilli();

  static Claim claim() {
    double[] worst = new double[1000];
    Arrays.fill(worst, 0, 118, 4);
    return new Claim("credit", "sha256-v2:" + "b".repeat(64), Instant.parse("2024-10-01T00:00:00Z"), LATEST, "gbm",
        "scorecard", 0.937, 0.807, new Claim.Variances(4e-5, 6e-5, 3e-5), Comparison.Interval.PAIRED_DELONG,
        0.937 - 0.807, 0.109, 0.152, 0.95, 13_230, 529, null,
        List.of(new SignOff.LiftCarried("status", 0.004, List.of(0.0, 0.008)),
            new SignOff.LiftCarried("worst_status_12m", 0.108, List.of(0.087, 0.129))),
        List.of("status", "worst_status_12m"), List.of(new Claim.TableRead("status", "delta:file:/lake/status@20", "")),
        List.of(FeatureValues.of(new FeatureColumn.Numeric("worst_status_12m", worst))));
  }

  static Outcomes outcomes() {
    int n = 1000;
    long[] decided = new long[n];
    long[] known = new long[n];
    double[] scores = new double[n];
    boolean[] labels = new boolean[n];
    String[] worst = new String[n];
    String[] tenure = new String[n];
    for (int i = 0; i < n; i++) {
      decided[i] = APRIL + i * 60_000L;
      known[i] = decided[i] + 1;
      scores[i] = i % 7;
      labels[i] = i % 5 == 0;
      worst[i] = i < 29 ? "4" : "0";
      tenure[i] = Integer.toString(i % 40);
    }
    return Outcomes.builder().decidedAt(decided).labelKnownAt(known).candidateScores(scores).labels(labels)
        .servedFeature("worst_status_12m", worst).servedFeature("tenure", tenure).build();
  }

  @Test
  void theClosingSentenceJoinsTheCarrierTheSkewTheRewriteAndTheBlastRadius() {
    TableTrace status = new TableTrace("status", "delta:file:/lake/status@20",
        List.of(new TableTrace.Commit(20, Instant.parse("2025-08-15T02:00:00Z"), "MERGE",
            List.of("written_on=2024-01-01", "written_on=2024-02-01"), 800_714, 800_714)), List.of(), "", "");
    Trace trace = Trace.of(claim(), outcomes(), List.of(status),
        List.of(new Reached("credit-v2", "status", List.of("written_on=2024-01-01"), "covers")), "");
    assertThat(trace.carriers()).extracting(SignOff.LiftCarried::feature)
        .containsExactly("worst_status_12m", "status");
    assertThat(trace.skews()).singleElement().satisfies(s -> assertThat(s.feature()).isEqualTo("worst_status_12m"));
    assertThat(trace.notCompared()).singleElement().asString().startsWith("tenure: served, but the claim holds no");
    assertThat(trace.closing())
        .startsWith("In short: 'worst_status_12m' carried 0.108 of the claimed +0.130 lift; production's "
            + "'worst_status_12m' is the furthest from the backtest's, Kolmogorov-Smirnov 0.089")
        .contains("on 11.8% of backtest rows, 2.9% of production decisions")
        .contains("the backtest read 'status' at delta:file:/lake/status@20, after commit 20 (MERGE at "
            + "2025-08-15T02:00:00Z) had rewritten rows of 2 partition(s)")
        .contains("1 other backtest(s) read them too (credit-v2)")
        .endsWith("Not checked: 1 feature(s) without values on both sides.");
    String text = TraceText.render(trace);
    assertThat(text).contains("worst_status_12m     +0.108  [+0.087, +0.129]",
        "worst_status_12m = 4 on 11.8% of backtest rows, 2.9% of production decisions",
        "commit 20 (MERGE at 2025-08-15T02:00:00Z): 800,714 row(s) removed, 800,714 added, partitions "
            + "written_on=2024-01-01, written_on=2024-02-01",
        "credit-v2: 'status' written_on=2024-01-01, sign-off covers");
    assertThat(TraceJson.tree(trace).at("/tables/0/rewroteBeforeRead/0/operation").asText()).isEqualTo("MERGE");
  }

  @Test
  void aManifestThatChangedSinceTheReadIsFoundOneUnchangedIsNot() {
    String read = "manifest-sha256:" + "a".repeat(64) + "@history/status.json";
    Trace changed = Trace.of(claim(), outcomes(), List.of(TableTrace.manifest("status", read, List.of(
        TableTrace.MANIFEST_CHANGED + ": read manifest-sha256:" + "a".repeat(64) + ", now manifest-sha256:"
            + "c".repeat(64), "now: table 'status', 2 day partition(s) before 2024-01-03"))), List.of(), "");
    assertThat(changed.closing()).contains("the history manifest of 'status' changed since the backtest read it")
        .doesNotContain("Not checked: the history of 'status'");
    assertThat(TraceText.render(changed)).contains("'status' read at " + read + "\n      "
        + TableTrace.MANIFEST_CHANGED + ": read manifest-sha256:").contains("      now: table 'status'")
        .doesNotContain("no commit since the version read");
    assertThat(TraceJson.tree(changed).at("/tables/0/manifest/1").asText()).startsWith("now: table 'status'");
    Trace unchanged = Trace.of(claim(), outcomes(), List.of(TableTrace.manifest("status", read,
        List.of(TableTrace.MANIFEST_UNCHANGED))), List.of(), "");
    assertThat(unchanged.closing()).doesNotContain("manifest");
    assertThat(TraceText.render(unchanged)).contains("      " + TableTrace.MANIFEST_UNCHANGED + "\n");
  }

  @Test
  void aTableThatCouldNotBeReadIsSaidAndTheRestIsStillTraced() {
    Trace trace = Trace.of(claim(), outcomes(), List.of(TableTrace.unreadable("status", "delta:file:/lake/status@20",
        "the table is gone: file:/lake/status has no _delta_log")), List.of(), "");
    assertThat(trace.skews()).hasSize(1);
    assertThat(trace.closing()).contains("Not checked: the history of 'status'");
    Trace unreached = Trace.of(claim(), outcomes(), List.of(new TableTrace("status", "delta:file:/lake/status@20",
        List.of(new TableTrace.Commit(20, Instant.parse("2025-08-15T02:00:00Z"), "MERGE", List.of("p"), 1, 1)),
        List.of(), "", "")), List.of(), "no report directory");
    assertThat(unreached.closing()).as("a blast radius not checked is not said to be empty")
        .doesNotContain("no other backtest").contains("Not checked: the blast radius");
    assertThat(TraceText.render(trace)).contains("could not be read: the table is gone");
  }

  @Test
  void theClaimsFeatureSummariesSurviveItsJson() {
    Claim claim = claim();
    Claim back = ClaimJson.parse(ClaimJson.write(claim), "claim.json");
    assertThat(back.featureValues()).isEqualTo(claim.featureValues());
    assertThat(back).isEqualTo(claim);
    assertThat(ClaimJson.write(claim).length()).as("a claim with one feature summary stays small").isLessThan(4_000);
  }
}
