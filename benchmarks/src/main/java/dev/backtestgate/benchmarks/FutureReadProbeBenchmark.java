package dev.backtestgate.benchmarks;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.screen.futureread.FutureReadProbe;
import dev.backtestgate.screen.futureread.FutureReadReport;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.EventLogView;
import dev.backtestgate.time.FeatureFunction;
import dev.backtestgate.time.Spine;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The future-read probe on a 10M-event bitemporal log (100k entities, 100 events each on average, over 1000
 * days, each recorded up to two days after it became valid) and a 1M-row spine, probing the default 1,000
 * sampled rows with an honest "latest value as of the decision" function (so every row is compared, none
 * differs), side by side with the naive way: per probed row, copy the events known at its cut into fresh
 * columns and compute the same value from the copy.
 *
 * <ul>
 *   <li>{@code probe}: {@code FutureReadProbe.run} for 1,000 rows: choosing the sample, one cut view per row
 *       (O(1)), the function's binary search and scan of the entity's visible events, the comparison.
 *   <li>{@code indexLog}: the one-time cost of indexing the log ({@code EventLogView.of}), paid when a probe is
 *       built.
 *   <li>{@code naiveCopyPerRow}: the naive view for {@value #NAIVE_ROWS} of the same rows (1,000 would take
 *       minutes per operation); the per-row time multiplied by 1,000 is the comparison.
 * </ul>
 *
 * <pre>{@code
 * java -cp ... org.openjdk.jmh.Main FutureReadProbeBenchmark
 * }</pre>
 */
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = {"-Xms4g", "-Xmx4g"})
@API(status = INTERNAL, since = "0.1")
public class FutureReadProbeBenchmark {
  static final int ENTITIES = 100_000;
  static final int EVENTS = 10_000_000;
  static final int SPINE_ROWS = 1_000_000;
  static final int NAIVE_ROWS = 10;
  private static final long START = 1_600_000_000_000L;
  private static final long DAY = 86_400_000L;
  private static final long SPAN = 1_000L * DAY;

  /** The latest value as of the decision, read through the cut view. */
  static final FeatureFunction LATEST = (history, entity, t) -> history.asOf(t).events(entity).latestValue();

  /** The generated log, spine and probe, shared by all benchmarks. */
  @State(Scope.Benchmark)
  public static class Data {
    EventLog log;
    Spine spine;
    FutureReadProbe probe;
    int[] naiveRows;

    @Setup(Level.Trial)
    public void generate() {
      SplittableRandom random = new SplittableRandom(42);
      long[] entity = new long[EVENTS];
      long[] validFrom = new long[EVENTS];
      long[] recordedAt = new long[EVENTS];
      double[] values = new double[EVENTS];
      for (int i = 0; i < EVENTS; i++) {
        entity[i] = random.nextInt(ENTITIES);
        validFrom[i] = START + i * (SPAN / EVENTS);
        recordedAt[i] = validFrom[i] + random.nextLong(2 * DAY);
        values[i] = random.nextInt(1_000);
      }
      log = EventLog.numeric("balance", entity, validFrom, recordedAt, values);
      long[] spineEntity = new long[SPINE_ROWS];
      long[] decided = new long[SPINE_ROWS];
      for (int r = 0; r < SPINE_ROWS; r++) {
        spineEntity[r] = random.nextInt(ENTITIES);
        decided[r] = START + random.nextLong(SPAN);
      }
      spine = Spine.of(spineEntity, decided);
      EventLogView whole = EventLogView.of(log);
      double[] used = new double[SPINE_ROWS];
      for (int r = 0; r < SPINE_ROWS; r++) {
        used[r] = LATEST.value(whole, spineEntity[r], decided[r]);
      }
      probe = FutureReadProbe.numeric("balance", LATEST, spine, used, log);
      FutureReadReport check = probe.run(Duration.ZERO, FutureReadProbe.DEFAULT_SAMPLE);
      if (!check.clean() || check.sampled() != FutureReadProbe.DEFAULT_SAMPLE) {
        throw new IllegalStateException("the honest function must pass on every sampled row: " + check);
      }
      naiveRows = new int[NAIVE_ROWS];
      for (int i = 0; i < NAIVE_ROWS; i++) {
        naiveRows[i] = (int) ((long) i * SPINE_ROWS / NAIVE_ROWS);
      }
    }
  }

  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @Warmup(iterations = 3, time = 2)
  @Measurement(iterations = 5, time = 2)
  public FutureReadReport probe(Data d) {
    return d.probe.run(Duration.ZERO, FutureReadProbe.DEFAULT_SAMPLE);
  }

  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @Warmup(iterations = 1)
  @Measurement(iterations = 3)
  public EventLogView indexLog(Data d) {
    return EventLogView.of(d.log);
  }

  /** Per row: copy every event known at the cut into new columns, then find the entity's as-of value in the copy. */
  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @Warmup(iterations = 1)
  @Measurement(iterations = 3)
  public double naiveCopyPerRow(Data d) {
    long[] entity = d.log.entity();
    long[] validFrom = d.log.validFrom();
    long[] recordedAt = d.log.recordedAt();
    double[] values = d.log.values();
    double sum = 0;
    for (int row : d.naiveRows) {
      long e = d.spine.decisionTime()[row];
      long who = d.spine.entity()[row];
      int n = 0;
      long[] copyEntity = new long[entity.length];
      long[] copyValidFrom = new long[entity.length];
      long[] copyRecordedAt = new long[entity.length];
      double[] copyValues = new double[entity.length];
      for (int i = 0; i < entity.length; i++) {
        if (validFrom[i] <= e && recordedAt[i] <= e) {
          copyEntity[n] = entity[i];
          copyValidFrom[n] = validFrom[i];
          copyRecordedAt[n] = recordedAt[i];
          copyValues[n] = values[i];
          n++;
        }
      }
      int best = -1;
      for (int i = 0; i < n; i++) {
        if (copyEntity[i] == who && (best < 0 || copyValidFrom[i] > copyValidFrom[best]
            || (copyValidFrom[i] == copyValidFrom[best] && copyRecordedAt[i] >= copyRecordedAt[best]))) {
          best = i;
        }
      }
      double value = best < 0 ? Double.NaN : copyValues[best];
      if (Double.compare(value, d.probe.history().asOf(e).events(who).latestValue()) != 0) {
        throw new IllegalStateException("the naive view disagrees with the cut view on row " + row);
      }
      sum += value;
    }
    return sum;
  }
}
