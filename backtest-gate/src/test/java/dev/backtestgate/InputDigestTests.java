package dev.backtestgate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** The canonical encoding behind a check input's part of the fingerprint. */
class InputDigestTests {
  record Values(List<?> values) implements CheckInput {
    @Override
    public List<?> fingerprinted() {
      return values;
    }
  }

  record Cell(String name, double[] values, Optional<Instant> at) implements CheckInput {}

  static final class Holder implements CheckInput {
    private final int[] codes;
    private final String label;

    Holder(int[] codes, String label) {
      this.codes = codes;
      this.label = label;
    }
  }

  private static String digest(Object... values) {
    return InputDigest.of(new Values(java.util.Arrays.asList(values))).orElseThrow();
  }

  @Test
  void equalDataEqualDigestsAndEveryChangeShows() {
    Cell a = new Cell("balance", new double[] {1.5, -0.0, Double.NaN}, Optional.of(Instant.EPOCH));
    Cell same = new Cell("balance", new double[] {1.5, 0.0, Double.longBitsToDouble(0x7ff8000000000123L)},
        Optional.of(Instant.EPOCH));

    assertThat(InputDigest.of(a)).isEqualTo(InputDigest.of(same)).get().asString().hasSize(64);
    assertThat(InputDigest.of(new Cell("balance", new double[] {1.5, 0.0, 1}, Optional.of(Instant.EPOCH))))
        .isNotEqualTo(InputDigest.of(a));
    assertThat(InputDigest.of(new Cell("balances", a.values(), a.at()))).isNotEqualTo(InputDigest.of(a));
    assertThat(InputDigest.of(new Cell("balance", a.values(), Optional.empty()))).isNotEqualTo(InputDigest.of(a));
    assertThat(InputDigest.of(new Holder(new int[] {1, 2}, "x")))
        .isEqualTo(InputDigest.of(new Holder(new int[] {1, 2}, "x")))
        .isNotEqualTo(InputDigest.of(new Holder(new int[] {2, 1}, "x")));
  }

  @Test
  void kindsAreTaggedSoLookalikesDiffer() {
    assertThat(digest(1)).isEqualTo(digest(1L)).isNotEqualTo(digest(1.0)).isNotEqualTo(digest("1"))
        .isNotEqualTo(digest(true));
    assertThat(digest("ab", "c")).isNotEqualTo(digest("a", "bc"));
    assertThat(digest(new int[] {1, 2})).isNotEqualTo(digest(new long[] {1, 2})).isNotEqualTo(digest(List.of(1, 2)));
    assertThat(digest((Object) null)).isNotEqualTo(digest(Optional.empty()));
  }

  @Property(tries = 200)
  void setsAndMapsDoNotDependOnInsertionOrder(@ForAll List<String> keys) {
    Set<String> forward = new LinkedHashSet<>(keys);
    List<String> reversed = new ArrayList<>(forward);
    java.util.Collections.reverse(reversed);
    Map<String, Integer> map = new LinkedHashMap<>();
    Map<String, Integer> mapReversed = new LinkedHashMap<>();
    forward.forEach(k -> map.put(k, k.length()));
    reversed.forEach(k -> mapReversed.put(k, k.length()));

    assertThat(digest(forward)).isEqualTo(digest(new LinkedHashSet<>(reversed)));
    assertThat(digest(map)).isEqualTo(digest(mapReversed));
  }

  @Test
  void codeCyclesAndNullListsAreRefusedWithTheirPath() {
    Runnable code = () -> {};
    assertThatThrownBy(() -> digest(List.of(1, code))).hasMessageStartingWith("Values.fingerprinted()[0][1] is a lambda or generated "
        + "class, not data the fingerprint can encode: override fingerprinted()");
    assertThatThrownBy(() -> digest(new StringBuilder("x"), Thread.currentThread()))
        .hasMessageContaining("is a java.lang.Thread, not data");
    List<Object> cyclic = new ArrayList<>();
    cyclic.add(cyclic);
    assertThatThrownBy(() -> digest(cyclic)).hasMessageContaining("refers back to itself");
    assertThatThrownBy(() -> InputDigest.of(new Values(null))).hasMessageContaining("fingerprinted() returned null");
  }

  @Test
  void anInputCoveringNothingHasNoDigestAndANestedInputCoversWhatItSays() {
    assertThat(InputDigest.of(new Values(List.of()))).isEmpty();
    assertThat(digest(new Values(List.of("a")))).isEqualTo(digest(new Values(List.of("a"))))
        .isNotEqualTo(digest(new Values(List.of("b"))));
  }
}
