package dev.backtestgate.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Fingerprints of fixed inputs, pinned to the values the first released encoding computed: committed
 * sign-offs carry these strings, so any change to how the bytes are fed to SHA-256 (buffering, bulk
 * encoding) must leave them bit-identical.
 */
class FingerprintV1GoldenTests {

  @Test
  void aSmallRunKeepsItsFingerprint() {
    SortedMap<String, long[]> features = new TreeMap<>();
    features.put("balance", new long[] {0, 1, -5});
    features.put("region", null);
    assertThat(FingerprintV1.compute("com.acme.ChurnBacktest#gbm", "gbm-v7", "prod-v3", new boolean[] {true, false, true},
        new long[] {1, 2, 3}, features))
        .isEqualTo("sha256:626ad2ec26cec973361a7b83b8a48ebfbcc259610a3db8d00e3f3261ce9a40cc");
  }

  @Test
  void anEmptyRunWithUnicodeNamesKeepsItsFingerprint() {
    assertThat(FingerprintV1.compute("g", "", "Zoë", new boolean[0], new long[0], new TreeMap<>()))
        .isEqualTo("sha256:9e39f8d64882501f533ccb4d50c495b3e4398464a2197c01f1759b42d16ab18b");
  }

  /** 100,003 rows: labels and times cross many 64 KiB buffer boundaries at odd offsets. */
  @Test
  void aLargeRunAcrossManyBuffersKeepsItsFingerprint() {
    int n = 100_003;
    boolean[] labels = new boolean[n];
    long[] decided = new long[n];
    long[] status = new long[n];
    long[] balance = new long[n];
    for (int i = 0; i < n; i++) {
      labels[i] = i % 3 == 0;
      decided[i] = i * 7919L - 500_000_000_000L;
      status[i] = i % 1000 == 0 ? Long.MIN_VALUE : decided[i] - 86_400_000L;
      balance[i] = i % 777 == 0 ? Long.MAX_VALUE : -decided[i];
    }
    SortedMap<String, long[]> features = new TreeMap<>();
    features.put("status", status);
    features.put("balance", balance);
    features.put("顧客", null);
    assertThat(FingerprintV1.compute("dev.backtestgate.Golden#large[3]", "candidate", "baseline", labels, decided,
        features)).isEqualTo("sha256:9a7473b363af832efc3b4ecdab4e97dfbd023a57002ae140ce6f3ab7dff2ddc4");
  }
}
