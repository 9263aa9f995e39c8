package dev.backtestgate.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

class LongIntSortTests {

  @Property(tries = 300)
  void sortsKeysAndCarriesTheirPayload(
      @ForAll @Size(max = 300) long[] keys,
      @ForAll @IntRange(min = 0, max = 40) int depthLimit,
      @ForAll boolean fewDistinct) {
    long[] k = fewDistinct ? Arrays.stream(keys).map(x -> Math.floorMod(x, 5)).toArray() : keys.clone();
    long[] original = k.clone();
    int[] payload = new int[k.length];
    Arrays.setAll(payload, i -> i);

    LongIntSort.sort(k, payload, 0, k.length, depthLimit);

    long[] expected = original.clone();
    Arrays.sort(expected);
    assertThat(k).containsExactly(expected);
    boolean[] seen = new boolean[k.length];
    for (int i = 0; i < k.length; i++) {
      assertThat(original[payload[i]]).isEqualTo(k[i]);
      assertThat(seen[payload[i]]).isFalse();
      seen[payload[i]] = true;
    }
  }

  @Property(tries = 100)
  void leavesEverythingOutsideTheRangeAlone(
      @ForAll @Size(min = 2, max = 100) long[] keys,
      @ForAll @LongRange(min = 0, max = 1000) long seed) {
    int from = (int) (seed % keys.length);
    int to = from + (int) ((seed / 7) % (keys.length - from + 1));
    long[] k = keys.clone();
    int[] payload = new int[k.length];
    Arrays.setAll(payload, i -> i);

    LongIntSort.sort(k, payload, from, to);

    for (int i = 0; i < k.length; i++) {
      if (i < from || i >= to) {
        assertThat(k[i]).isEqualTo(keys[i]);
        assertThat(payload[i]).isEqualTo(i);
      }
    }
    assertThat(LongIntSort.isSorted(k, from, to)).isTrue();
  }
}
