package dev.backtestgate.metrics;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * Runs the two halves of a large job on two threads (the caller and one common-pool worker). Each half
 * writes only its own slots or partial sums, so results do not depend on timing.
 */
final class Parallel {
  /** Below this many rows a second thread costs more than it saves. */
  static final int MIN_ROWS = 1 << 16;

  /**
   * A split forced for the calling thread only (tests: one or two parts on any machine); empty means
   * "decide by size and cores". Confined to one thread, so concurrent callers never see each other's.
   */
  private static final ThreadLocal<Integer> FORCED_PARTS = new ThreadLocal<>();

  private Parallel() {}

  /** How many parts to split a job over {@code rows} rows into: 1 or 2. */
  static int parts(int rows) {
    Integer forced = FORCED_PARTS.get();
    if (forced != null) {
      return forced;
    }
    return rows >= MIN_ROWS
            && ForkJoinPool.getCommonPoolParallelism() > 0
            && Runtime.getRuntime().availableProcessors() > 1
        ? 2
        : 1;
  }

  /**
   * Runs {@code job} on the calling thread with every split it decides forced to {@code parts} (1 or 2),
   * whatever the input size and the number of cores.
   */
  static <T> T withParts(int parts, Supplier<T> job) {
    if (parts != 1 && parts != 2) {
      throw new IllegalArgumentException("parts must be 1 or 2, got " + parts);
    }
    Integer previous = FORCED_PARTS.get();
    FORCED_PARTS.set(parts);
    try {
      return job.get();
    } finally {
      if (previous == null) {
        FORCED_PARTS.remove();
      } else {
        FORCED_PARTS.set(previous);
      }
    }
  }

  /** Runs {@code part.accept(0) .. part.accept(parts - 1)}, two at once when {@code parts == 2}. */
  static void run(int parts, IntConsumer part) {
    if (parts == 1) {
      part.accept(0);
      return;
    }
    ForkJoinTask<?> second = ForkJoinTask.adapt(() -> part.accept(1)).fork();
    part.accept(0);
    second.join();
  }

  /** The first row of part {@code part} when {@code n} rows are split into {@code parts} contiguous parts. */
  static int from(int part, int parts, int n) {
    return (int) ((long) n * part / parts);
  }
}
