package dev.backtestgate.time;

import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;

/** Runs a task over contiguous index blocks, on the common fork-join pool when asked to. */
final class Blocks {
  /** Below this many items per block, splitting costs more than it saves. */
  static final int MIN_BLOCK = 1 << 15;

  @FunctionalInterface
  interface RangeTask {
    void run(int from, int to);
  }

  private Blocks() {}

  /** Calls {@code task} on blocks covering [0, n); in parallel when {@code parallel} and n is large. */
  static void forEach(int n, boolean parallel, RangeTask task) {
    int blocks = parallel ? Math.min(4 * parallelism(), Math.max(1, n / MIN_BLOCK)) : 1;
    if (blocks <= 1) {
      task.run(0, n);
      return;
    }
    IntStream.range(0, blocks)
        .parallel()
        .forEach(b -> task.run((int) ((long) n * b / blocks), (int) ((long) n * (b + 1) / blocks)));
  }

  static int parallelism() {
    return Math.max(1, ForkJoinPool.getCommonPoolParallelism());
  }
}
