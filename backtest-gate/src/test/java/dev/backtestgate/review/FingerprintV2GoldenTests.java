package dev.backtestgate.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The test vectors of docs/fingerprint.md: sign-offs carry these strings and other engines check themselves
 * against them, so they must never change.
 */
class FingerprintV2GoldenTests {
  private static final long[][] ROWS = {
    {1, 1709251200000L, 1709164800000L},
    {0, 1709251200000L, Long.MIN_VALUE},
    {1, -5, 0},
  };

  @Test
  void rowLanes() {
    assertThat(lanes(ROWS[0])).isEqualTo("8ed16e3437b507f9 09aa815a7a1e0322");
    assertThat(lanes(ROWS[1])).isEqualTo("bc7b7e011a7bc309 e8dd5401a13f9183");
    assertThat(lanes(ROWS[2])).isEqualTo("3b52022e342a4dc9 0563ec49344d5ceb");
    RowHash.Sums sums = new RowHash.Sums();
    for (long[] row : ROWS) {
      sums.add(row, row.length);
    }
    assertThat(sums).hasToString("Sums[rows=3, lane0=869eee63865b18cb, lane1=f7ebc1a54faaf190]");
  }

  @Test
  void words() {
    assertThat(List.of("", "premium", "ü", "12345678", "123456789")).map(t -> hex(RowHash.textWord(t)))
        .containsExactly("1c91b8297c17042c", "5678a17c14da5ae8", "f85d2e24372c1c6a", "795ec370c3a44dc1",
            "50672ea08fadb28d");
    assertThat(hex(RowHash.numericWord(120.5))).isEqualTo("405e200000000000");
  }

  @Test
  void runs() {
    boolean[] labels = {true, false, true};
    long[] decided = {ROWS[0][1], ROWS[1][1], ROWS[2][1]};
    SortedMap<String, long[]> times = new TreeMap<>();
    times.put("balance", new long[] {ROWS[0][2], ROWS[1][2], ROWS[2][2]});
    times.put("region", null);
    assertThat(FingerprintV2.compute("com.acme.ChurnBacktest#gbm", "gbm-v7", "prod-v3", labels, decided, times,
        new TreeMap<>(), new TreeMap<>(), Fingerprint.Training.NONE))
        .isEqualTo("sha256-v2:7231e049a3facacedc36199b4654bba1fa82bcef734b7f55fa29f73196f8c0fb");
    SortedMap<String, long[]> reordered = new TreeMap<>();
    reordered.put("balance", new long[] {0, ROWS[0][2], ROWS[1][2]});
    reordered.put("region", null);
    assertThat(FingerprintV2.compute("com.acme.ChurnBacktest#gbm", "gbm-v7", "prod-v3",
        new boolean[] {true, true, false}, new long[] {decided[2], decided[0], decided[1]}, reordered,
        new TreeMap<>(), new TreeMap<>(), Fingerprint.Training.NONE))
        .as("the same rows in another order")
        .isEqualTo("sha256-v2:7231e049a3facacedc36199b4654bba1fa82bcef734b7f55fa29f73196f8c0fb");

    SortedMap<String, double[]> values = new TreeMap<>(Map.of("amount", new double[] {120.5, -0.0, Double.NaN}));
    SortedMap<String, int[]> codes = new TreeMap<>(Map.of("branch", new int[] {3, -1, 0}));
    assertThat(FingerprintV2.compute("com.acme.ChurnBacktest#gbm", "gbm-v7", "prod-v3", labels, decided, times,
        values, codes, new Fingerprint.Training(new long[] {100, 200}, new long[] {150, 260}, new long[] {0, 1},
            new long[] {1, 0, 1}, List.of("kunde-a", "kunde-b"))))
        .isEqualTo("sha256-v2:ab7fa4261a7f69b6f672e56fea6362cf147d2de43e0643a457e23bca69d201d6");
    assertThat(FingerprintV2.compute("g", "", "Zoë", new boolean[0], new long[0], new TreeMap<>(), new TreeMap<>(),
        new TreeMap<>(), Fingerprint.Training.NONE))
        .isEqualTo("sha256-v2:12caa096f19aed761be1353fb13a76cca1a96e96696cf612e837e0f9a3be5c1f");
  }

  private static String lanes(long[] words) {
    return hex(RowHash.digest(0, words, words.length)) + " " + hex(RowHash.digest(1, words, words.length));
  }

  private static String hex(long word) {
    return String.format("%016x", word);
  }
}
