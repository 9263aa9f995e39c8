package dev.backtestgate.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class BesideTests {
  @Test
  void givesTheJobsResult() {
    Beside<long[]> sums = Beside.start(() -> new long[] {IntStream.rangeClosed(1, 1000).asLongStream().sum()});
    assertThat(sums.get()).containsExactly(500_500L);
    assertThat(sums.get()).containsExactly(500_500L); // taken twice, computed once
  }

  @Test
  void rethrowsTheJobsOwnExceptionUnwrapped() {
    IllegalArgumentException thrown = new IllegalArgumentException("scores hold NaN at row 7");
    Beside<String> failing = Beside.start(() -> {
      throw thrown;
    });
    assertThatThrownBy(failing::get).isSameAs(thrown);
  }

  @Test
  void rethrowsAnErrorUnwrapped() {
    OutOfMemoryError thrown = new OutOfMemoryError("Java heap space");
    Beside<String> failing = Beside.start(() -> {
      throw thrown;
    });
    assertThatThrownBy(failing::get).isSameAs(thrown);
  }

  @Test
  void manyJobsAtOnceEachGiveTheirOwnResult() {
    // more jobs than the pool has workers: the ones no worker took run on the caller, each result its own
    List<Beside<Integer>> jobs = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      int n = i;
      jobs.add(Beside.start(() -> IntStream.rangeClosed(0, n).sum()));
    }
    for (int i = 0; i < 64; i++) {
      assertThat(jobs.get(i).get()).isEqualTo(i * (i + 1) / 2);
    }
  }
}
