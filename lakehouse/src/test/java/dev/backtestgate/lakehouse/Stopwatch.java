package dev.backtestgate.lakehouse;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/** Wall time and this JVM's CPU time (Spark's local executors run in it), for the speed runners. */
record Stopwatch(long wallStart, long cpuStart) {
  static Stopwatch start() {
    return new Stopwatch(System.nanoTime(), cpu());
  }

  String stop() {
    return String.format(Locale.ROOT, "%.2f s wall, %.2f s CPU", (System.nanoTime() - wallStart) / 1e9,
        (cpu() - cpuStart) / 1e9);
  }

  private static long cpu() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }
}
