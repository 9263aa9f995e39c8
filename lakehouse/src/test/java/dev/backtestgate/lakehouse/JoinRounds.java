package dev.backtestgate.lakehouse;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.util.Locale;
import java.util.Random;

/**
 * The speed runners' last step: a spine of random entities and decision times between the first and the last
 * recorded event, joined three rounds to the transaction-time events and to the plain as-of events (recordedAt =
 * valid time), timed and printed with how many rows found a value.
 */
final class JoinRounds {
  private JoinRounds() {}

  static void run(EventLog transactionTime, EventLog plain, long entities, int spineRows) {
    long first = transactionTime.recordedAt()[0];
    long last = transactionTime.recordedAt()[transactionTime.size() - 1];
    Random random = new Random(5);
    Spine.Builder spineBuilder = Spine.builder();
    for (int i = 0; i < spineRows; i++) {
      spineBuilder.add(random.nextLong(entities), first + (long) (random.nextDouble() * (last - first + 1)));
    }
    Spine spine = spineBuilder.build();
    PointInTimeJoin join = PointInTimeJoin.builder().build();
    for (int round = 1; round <= 3; round++) {
      Stopwatch tt = Stopwatch.start();
      FeatureTable a = join.join(spine, transactionTime);
      String ttTime = tt.stop();
      Stopwatch asOf = Stopwatch.start();
      FeatureTable b = join.join(spine, plain);
      String asOfTime = asOf.stop();
      System.out.printf(Locale.ROOT, "round %d, %d spine rows: transaction-time join %s (%d values); plain as-of "
          + "join %s (%d values)%n", round, spineRows, ttTime, present(a, transactionTime.name()), asOfTime,
          present(b, plain.name()));
    }
  }

  private static long present(FeatureTable table, String feature) {
    long n = 0;
    for (double v : table.numeric(feature).values()) {
      n += Double.isNaN(v) ? 0 : 1;
    }
    return n;
  }
}
