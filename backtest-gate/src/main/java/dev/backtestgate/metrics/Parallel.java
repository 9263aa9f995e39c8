package dev.backtestgate.metrics;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntConsumer;

/**
 * Runs the two halves of a large job on two threads (the caller and one common-pool worker). Each half
 * writes only its own slots or partial sums, so results do not depend on timing.
 */
final class Parallel {
  /** Below this many rows a second thread costs more than it saves. */
  static final int MIN_ROWS = 1 << 16;

  /** At most this many parts; tests lower it to 1 to check that results do not depend on it. */
  static volatile int maxParts = 2;

  private Parallel() {}

  /** How many parts to split a job over {@code rows} rows into: 1 or 2. */
  static int parts(int rows) {
    return rows >= MIN_ROWS
            && maxParts > 1
            && ForkJoinPool.getCommonPoolParallelism() > 0
            && Runtime.getRuntime().availableProcessors() > 1
        ? 2
        : 1;
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
}
