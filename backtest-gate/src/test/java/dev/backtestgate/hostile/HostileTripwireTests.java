package dev.backtestgate.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.backtestgate.Comparison;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.claim.MalformedClaimException;
import dev.backtestgate.tripwire.Outcomes;
import dev.backtestgate.tripwire.OutcomesCsv;
import dev.backtestgate.tripwire.Tripwire;
import dev.backtestgate.tripwire.TripwireSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile claims and outcomes for the tripwire: each fails with the value, where it is and the fix, never with a
 * JVM exception's text; the tripwire writes nothing.
 */
class HostileTripwireTests {
  private static final Instant LATEST = Instant.parse("2026-06-30T00:00:00Z");
  private static final long JULY = Instant.parse("2026-07-01T00:00:00Z").toEpochMilli();
  private static final long DAY = 86_400_000L;
  private static final Instant CHECKED = Instant.parse("2026-12-01T00:00:00Z");
  private static final Claim CLAIM = new Claim("churn-v7", "sha256-v2:" + "a".repeat(64),
      Instant.parse("2026-01-01T00:00:00Z"), LATEST, "gbm", "logreg", 0.80, 0.75,
      new Claim.Variances(1e-4, 1.2e-4, 0.8e-4), Comparison.Interval.PAIRED_DELONG, 0.80 - 0.75, 0.03, 0.07, 0.95,
      4_000, 1_000, null, List.of(), List.of("tenure"), List.of(new Claim.TableRead("events", null, "a manifest")));
  private static final String VALID = ClaimJson.write(CLAIM);
  private static final String COUNTED = ClaimJson.write(CLAIM.withTrials(Claim.Trials.counted(30, 5, 2.04, 0.41,
      java.util.Optional.empty())));

  @TempDir
  Path dir;

  static Stream<Arguments> brokenClaims() {
    return Stream.of(
        Arguments.of(VALID.replace("\"schema\": 1", "\"schema\": 7"), "$.schema", "schema 7 is not a claim schema"),
        Arguments.of(VALID.replace("\"variances\": {", "\"variancez\": {"), "$.variancez", "unknown field"),
        Arguments.of(VALID.replace("\"value\": 0.05", "\"value\": 0.15"), "$.lift.value", "the claim was edited"),
        Arguments.of(VALID.replace("\"auc\": 0.8", "\"auc\": NaN"), "$", "NaN and Infinity are not JSON numbers"),
        Arguments.of(VALID.replace("\"auc\": 0.8", "\"auc\": 1.8"), "$.candidate.auc", "is not an AUC"),
        Arguments.of(VALID.replace(",\n      \"reason\": \"a manifest\"", ""), "$.dataRead[0].reason",
            "must say why"),
        Arguments.of(VALID.replace("\"2026-06-30T00:00:00Z\"", "\"June 30\""), "$.decisionWindow.latest",
            "not an ISO instant"),
        Arguments.of(VALID.replace("\"fingerprint\": \"sha256-v2:", "\"fingerprint\": \"md5:"), "$.fingerprint",
            "is not a fingerprint"),
        Arguments.of(VALID.replace("\"periodLength\": \"month\"", "\"periodLength\": \"fortnight\""),
            "$.periodLength", "'fortnight' is not a period length"),
        Arguments.of(VALID.replace("\"periodLength\": \"month\",", ""), "$.periodLength", "missing"),
        Arguments.of(COUNTED.replace("\"count\": 30", "\"count\": 0"), "$.trials.count", "at least 1"),
        Arguments.of(COUNTED.replace("\"approximation\"", "\"guess\""), "$.trials.method",
            "'guess' is not what decided the trials"),
        Arguments.of(COUNTED.replace("\"count\": 30,", "\"count\": 30,\n    \"reason\": \"x\","),
            "$.trials.reason", "so there is no reason"),
        Arguments.of(COUNTED.replace("\"count\": 30", "\"count\": null"), "$.trials.freeTrials",
            "no trials were counted"),
        Arguments.of(COUNTED.replace("\"approximation\"", "\"bootstrap\""), "$.trials.bootstrapP",
            "its p-value is needed"),
        Arguments.of(COUNTED.replace("\"deflatedP\": 0.41", "\"deflatedP\": 1.5"), "$.trials.deflatedP",
            "is not a p-value"),
        Arguments.of(COUNTED.replace("\"count\": 30,", "\"count\": 30,\n    \"trails\": 3,"), "$.trials.trails",
            "unknown field"));
  }

  @ParameterizedTest
  @MethodSource("brokenClaims")
  void aBrokenClaimFileIsRefusedAtItsJsonPath(String text, String path, String words) {
    MalformedClaimException e = (MalformedClaimException) catchThrowable(() -> ClaimJson.parse(text, "c.json"));

    assertThat(e).isNotNull();
    assertThat(e.jsonPath()).isEqualTo(path);
    assertThat(Messages.assertPlain(e.getMessage())).contains("c.json", words);
  }

  @Test
  void aClaimWithoutVariancesIsRefusedByTheTripwire() {
    Claim none = ClaimJson.parse(VALID.replaceAll("(?s)\"variances\": \\{.*?\\}", "\"variances\": null"), "c.json");

    Throwable e = catchThrowable(() -> Tripwire.check(none, outcomes(200).build(), CHECKED,
        TripwireSettings.defaults()));

    assertThat(Messages.assertPlain(e.getMessage())).contains("carries no DeLong variances",
        "backtest-gate claim --gate=churn-v7");
  }

  @Test
  void aClaimOfAnotherGateIsRefused() {
    Throwable e = catchThrowable(() -> Tripwire.requireGate(CLAIM, "fraud-v2"));

    assertThat(Messages.assertPlain(e.getMessage())).contains("of gate 'churn-v7', not of 'fraud-v2'",
        "leakage-reviews/claims/fraud-v2.json");
  }

  @Test
  void outcomesWithinTheClaimsDecisionWindowAreRefused() {
    Outcomes.Builder b = outcomes(200);
    long[] decided = outcomes(200).build().decidedAt();
    decided[3] = LATEST.toEpochMilli() - DAY;
    long[] known = outcomes(200).build().labelKnownAt();
    known[3] = decided[3] + DAY;

    Throwable e = catchThrowable(() -> Tripwire.check(CLAIM, b.decidedAt(decided).labelKnownAt(known).build(),
        CHECKED, TripwireSettings.defaults()));

    assertThat(Messages.assertPlain(e.getMessage())).contains("1 outcome(s) were decided within the claim's decision "
        + "window", "row 3", "backtest rows are not production", "after 2026-06-30T00:00:00Z");
  }

  @Test
  void outcomesDecidedAfterTheCheckTimeAreRefused() {
    Throwable e = catchThrowable(() -> Tripwire.check(CLAIM, outcomes(200).build(), Instant.ofEpochMilli(JULY + 3_600_000L),
        TripwireSettings.defaults()));

    assertThat(Messages.assertPlain(e.getMessage())).contains("decided after the check time", "units");
  }

  static Stream<Arguments> badColumns() {
    double[] nan = scores(200);
    nan[7] = Double.NaN;
    double[] infinite = scores(200);
    infinite[9] = Double.POSITIVE_INFINITY;
    double[] someBaseline = scores(200);
    someBaseline[4] = Double.NaN;
    long[] early = known(200);
    early[5] = JULY - DAY;
    String[] ids = new String[200];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = "d" + i;
    }
    ids[12] = "d2";
    return Stream.of(
        Arguments.of(outcomes(200).candidateScores(nan), "1 NaN or infinite score(s), the first at row 7"),
        Arguments.of(outcomes(200).candidateScores(infinite), "the first at row 9 (Infinity)"),
        Arguments.of(outcomes(200).baselineScores(someBaseline), "scores on only some rows: 1 of 200"),
        Arguments.of(outcomes(200).labelKnownAt(early), "1 label(s) known before their decision, the first at row 5"),
        Arguments.of(outcomes(200).decisionIds(ids), "duplicate decision id(s), the first 'd2' at rows 2 and 12"),
        Arguments.of(outcomes(200).candidateScores(scores(199)), "column 'candidateScores' has 199 values"));
  }

  @ParameterizedTest
  @MethodSource("badColumns")
  void badOutcomeColumnsAreRefusedAtBuild(Outcomes.Builder builder, String words) {
    Throwable e = catchThrowable(builder::build);

    assertThat(e).isInstanceOf(IllegalArgumentException.class);
    assertThat(Messages.assertPlain(e.getMessage())).contains(words);
  }

  static Stream<Arguments> badFiles() {
    String header = "decidedAt,candidateScore,label,labelKnownAt\n";
    String row = "2026-07-02T00:00:00Z,0.4,1,2026-08-01T00:00:00Z\n";
    return Stream.of(
        Arguments.of("o.csv", "PAR1\u0000\u0000".getBytes(StandardCharsets.ISO_8859_1), "is a Parquet file"),
        Arguments.of("o.csv", new byte[] {0x1f, (byte) 0x8b, 8, 0}, "gzip-compressed"),
        Arguments.of("o.csv", new byte[] {'a', ',', (byte) 0xff, (byte) 0xfe, '\n'}, "not UTF-8 text"),
        Arguments.of("o.csv", new byte[] {0, 0, 0, 0, 'x', 0, '\n'}, "holds NUL bytes in its first line"),
        Arguments.of("o.parquet", bytes(header + row), "not named .csv"),
        Arguments.of("o.txt", bytes(header + row), "not named .csv"),
        Arguments.of("o.csv", bytes(""), "is empty"),
        Arguments.of("o.csv", bytes("decidedAt,candidateScore,label\n"), "has no column labelKnownAt"),
        Arguments.of("o.csv", bytes("decidedAt,candidateScor,label,labelKnownAt\n"), "rename it to 'candidateScore'"),
        Arguments.of("o.csv", bytes(header.replace("\n", ",label\n")), "the column 'label' twice"),
        Arguments.of("o.csv", bytes(header + "2026-07-02T00:00:00Z,0.4,1,\n"), "line 2, column 'labelKnownAt'"),
        Arguments.of("o.csv", bytes(header + "2026-07-02T00:00:00Z,high,1,2026-08-01\n"), "'high', which is not a "
            + "number"),
        Arguments.of("o.csv", bytes(header + "2026-07-02T00:00:00Z,NaN,1,2026-08-01\n"), "'NaN', which is not finite"),
        Arguments.of("o.csv", bytes(header + "2026-07-02T00:00:00Z,0.4,yes,2026-08-01\n"), "the label 'yes'"),
        Arguments.of("o.csv", bytes(header + "2026-07-02T00:00:00Z,0.4,1\n"), "line 2 has 3 cells, the header 4"),
        Arguments.of("o.csv", bytes(header + "\"2026-07-02,0.4,1,2026-08-01\n"), "never closed"),
        Arguments.of("o.csv", bytes(header + "July 2,0.4,1,2026-08-01\n"), "the time 'July 2'"));
  }

  @ParameterizedTest
  @MethodSource("badFiles")
  void anOutcomesFileThatIsNotWhatItsNameSaysOrIsMalformedIsRefused(String name, byte[] content, String words)
      throws IOException {
    Path file = Files.write(dir.resolve(name), content);

    Throwable e = catchThrowable(() -> OutcomesCsv.read(file));

    assertThat(e).isInstanceOf(IllegalArgumentException.class);
    assertThat(Messages.assertPlain(e.getMessage())).contains(words);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static Outcomes.Builder outcomes(int n) {
    boolean[] labels = new boolean[n];
    long[] decided = new long[n];
    for (int i = 0; i < n; i++) {
      labels[i] = i % 3 == 0;
      decided[i] = JULY + i * 60_000L;
    }
    return Outcomes.builder().decidedAt(decided).candidateScores(scores(n)).labels(labels).labelKnownAt(known(n));
  }

  private static double[] scores(int n) {
    double[] s = new double[n];
    for (int i = 0; i < n; i++) {
      s[i] = (i * 7919 % 1000) / 1000.0;
    }
    return s;
  }

  private static long[] known(int n) {
    long[] k = new long[n];
    for (int i = 0; i < n; i++) {
      k[i] = JULY + i * 60_000L + 30 * DAY;
    }
    return k;
  }
}
