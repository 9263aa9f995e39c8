package dev.backtestgate.spark;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.MissingValues;
import dev.backtestgate.time.Spine;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Random spines and event logs for comparing the Spark join with the in-memory one: small time ranges
 * force ties on validFrom and recordedAt, recordedAt before validFrom (future-valid values) and long
 * after it (late corrections), one hot entity holding most events, spine entities without events,
 * repeated spine rows, and missing values.
 */
final class JoinData {
  private JoinData() {}

  static Spine spine(Random random, int rows, int entities) {
    long[] entity = new long[rows];
    long[] time = new long[rows];
    for (int r = 0; r < rows; r++) {
      entity[r] = random.nextInt(10) < 4 ? 0 : random.nextInt(entities + 2);
      time[r] = random.nextInt(80) - 10;
      if (r > 0 && random.nextInt(10) == 0) { // a repeated row
        entity[r] = entity[r - 1];
        time[r] = time[r - 1];
      }
    }
    return Spine.of(entity, time);
  }

  static long[][] events(Random random, int events, int entities) {
    long[] entity = new long[events];
    long[] validFrom = new long[events];
    long[] recordedAt = new long[events];
    for (int i = 0; i < events; i++) {
      entity[i] = random.nextInt(10) < 6 ? 0 : random.nextInt(entities);
      validFrom[i] = random.nextInt(40) - 5;
      int shape = random.nextInt(10);
      recordedAt[i] = shape < 6 ? validFrom[i] + random.nextInt(4)
          : shape < 8 ? validFrom[i] + 10 + random.nextInt(30) // late correction
          : validFrom[i] - 1 - random.nextInt(8); // recorded ahead of its validity
    }
    return new long[][] {entity, validFrom, recordedAt};
  }

  static EventLog numeric(String name, long[][] columns, Random random) {
    double[] values = new double[columns[0].length];
    for (int i = 0; i < values.length; i++) {
      values[i] = random.nextInt(20) == 0 ? Double.NaN : random.nextInt(7);
    }
    return EventLog.numeric(name, columns[0], columns[1], columns[2], values, MissingValues.KEEP);
  }

  static EventLog categorical(String name, long[][] columns, Random random) {
    int[] codes = new int[columns[0].length];
    for (int i = 0; i < codes.length; i++) {
      codes[i] = random.nextInt(20) == 0 ? -1 : random.nextInt(3);
    }
    return EventLog.categorical(
        name, columns[0], columns[1], columns[2], codes, List.of("a", "b", "c"), MissingValues.KEEP);
  }

  static Dataset<Row> spineFrame(SparkSession spark, Spine spine) {
    return InMemoryFrames.spine(spark, spine);
  }

  static SparkEventLog logFrame(SparkSession spark, EventLog log) {
    return InMemoryFrames.eventLog(spark, log);
  }
}
