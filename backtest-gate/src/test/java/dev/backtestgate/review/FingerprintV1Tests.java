package dev.backtestgate.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class FingerprintV1Tests {
  private static final boolean[] LABELS = {true, false, true};
  private static final long[] DECIDED = {10, 20, 30};

  private static String fp(String gate, String cand, String base, boolean[] labels, long[] decided,
      SortedMap<String, long[]> features) {
    return FingerprintV1.compute(gate, cand, base, labels, decided, features);
  }

  private static SortedMap<String, long[]> features(Object... nameThenTimes) {
    SortedMap<String, long[]> m = new TreeMap<>();
    for (int i = 0; i < nameThenTimes.length; i += 2) {
      m.put((String) nameThenTimes[i], (long[]) nameThenTimes[i + 1]);
    }
    return m;
  }

  @Test
  void isStableAndPrefixed() {
    String a = fp("g", "c", "b", LABELS, DECIDED, features("f", new long[] {1, 2, 3}, "t", null));
    assertThat(a).matches("sha256:[0-9a-f]{64}");
    assertThat(fp("g", "c", "b", LABELS.clone(), DECIDED.clone(), features("t", null, "f", new long[] {1, 2, 3})))
        .isEqualTo(a);
  }

  @Test
  void anyChangeToIdentityOrDataChangesIt() {
    String base = fp("g", "c", "b", LABELS, DECIDED, features("f", new long[] {1, 2, 3}));
    assertThat(fp("g2", "c", "b", LABELS, DECIDED, features("f", new long[] {1, 2, 3}))).isNotEqualTo(base);
    assertThat(fp("g", "c2", "b", LABELS, DECIDED, features("f", new long[] {1, 2, 3}))).isNotEqualTo(base);
    assertThat(fp("g", "c", "b2", LABELS, DECIDED, features("f", new long[] {1, 2, 3}))).isNotEqualTo(base);
    assertThat(fp("g", "c", "b", new boolean[] {true, true, false}, DECIDED, features("f", new long[] {1, 2, 3})))
        .isNotEqualTo(base);
    assertThat(fp("g", "c", "b", LABELS, new long[] {10, 20, 31}, features("f", new long[] {1, 2, 3})))
        .isNotEqualTo(base);
    assertThat(fp("g", "c", "b", LABELS, DECIDED, features("f", new long[] {1, 2, 4}))).isNotEqualTo(base);
    assertThat(fp("g", "c", "b", LABELS, DECIDED, features("g", new long[] {1, 2, 3}))).isNotEqualTo(base);
    assertThat(fp("g", "c", "b", LABELS, DECIDED, features("f", null))).isNotEqualTo(base);
  }

  @Test
  void boundariesBetweenPartsMatter() {
    assertThat(fp("ab", "c", "b", LABELS, DECIDED, features()))
        .isNotEqualTo(fp("a", "bc", "b", LABELS, DECIDED, features()));
  }

  @Test
  void largeColumnsSpanSeveralBuffers() {
    long[] times = new long[100_000];
    long[] changed = times.clone();
    changed[99_999] = 1;
    boolean[] labels = new boolean[100_000];
    assertThat(fp("g", "c", "b", labels, times, features("f", times)))
        .isNotEqualTo(fp("g", "c", "b", labels, times, features("f", changed)));
  }
}
