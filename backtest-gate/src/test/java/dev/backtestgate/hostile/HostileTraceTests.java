package dev.backtestgate.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.backtestgate.Comparison;
import dev.backtestgate.FeatureColumn;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.claim.FeatureValues;
import dev.backtestgate.claim.MalformedClaimException;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Hostile feature summaries in a claim: each fails at its JSON path with the fix. */
class HostileTraceTests {
  private static final Claim CLAIM = new Claim("churn-v7", "sha256-v2:" + "a".repeat(64),
      Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-06-30T00:00:00Z"), "gbm", "logreg", 0.80, 0.75,
      new Claim.Variances(1e-4, 1.2e-4, 0.8e-4), Comparison.Interval.PAIRED_DELONG, 0.80 - 0.75, 0.03, 0.07, 0.95,
      4_000, 1_000, null, List.of(), List.of("tenure"), List.of(),
      List.of(FeatureValues.of(new FeatureColumn.Numeric("tenure", new double[] {1, 2, 2, 3}))));
  private static final String VALID = ClaimJson.write(CLAIM);

  static Stream<Arguments> brokenSummaries() {
    return Stream.of(
        Arguments.of(VALID.replace("\"type\": \"numeric\"", "\"type\": \"ordinal\""), "$.featureValues[0].type",
            "is not a feature summary's type"),
        Arguments.of(VALID.replace("0.75,\n        1.0", "0.75,\n        1.5"), "$.featureValues[0].shares[2]",
            "is not a share"),
        Arguments.of(VALID.replace("1.0,\n        2.0,\n        3.0", "1.0,\n        3.0,\n        2.0"),
            "$.featureValues[0].values[2]", "not in increasing order"),
        Arguments.of(VALID.replace("\"rows\": 4,", "\"rows\": -4,"), "$.featureValues[0].rows",
            "cannot be negative"),
        Arguments.of(VALID.replace("\"complete\": true", "\"complete\": true, \"bins\": 3"), "$.featureValues[0].bins",
            "unknown field"),
        Arguments.of(VALID.replace("0.75,\n        1.0\n", "0.75\n"), "$.featureValues[0].shares",
            "expected 3 numbers, found 2"));
  }

  @ParameterizedTest
  @MethodSource("brokenSummaries")
  void aBrokenFeatureSummaryFailsAtItsPath(String json, String path, String message) {
    assertThat(json).isNotEqualTo(VALID);
    Throwable thrown = catchThrowable(() -> ClaimJson.parse(json, "claims/churn-v7.json"));
    assertThat(thrown).isInstanceOf(MalformedClaimException.class).hasMessageContaining(path)
        .hasMessageContaining(message).hasMessageContaining("claims/churn-v7.json");
  }

  @Test
  void aSummaryOfMoreThanAHundredPointsIsRefused() {
    var tree = ClaimJson.tree(CLAIM);
    var summary = (com.fasterxml.jackson.databind.node.ObjectNode) tree.get("featureValues").get(0);
    var values = summary.putArray("values");
    var shares = summary.putArray("shares");
    for (int i = 0; i <= FeatureValues.MAX_POINTS; i++) {
      values.add(i);
      shares.add((i + 1.0) / (FeatureValues.MAX_POINTS + 1));
    }
    Throwable thrown = catchThrowable(() -> ClaimJson.parse(tree.toString(), "claims/churn-v7.json"));
    assertThat(thrown).isInstanceOf(MalformedClaimException.class).hasMessageContaining("$.featureValues[0].values")
        .hasMessageContaining("101 points: a summary keeps at most 100");
  }
}
