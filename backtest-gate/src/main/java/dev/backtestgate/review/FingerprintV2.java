package dev.backtestgate.review;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;
import org.apiguardian.api.API;

/**
 * Fingerprint version 2 ({@code sha256-v2:}): one definition for every engine, independent of row order and of
 * partitioning. Each row is hashed on its own ({@link RowHash}), the rows' two 64-bit lanes are summed modulo
 * 2^64 with the row count, and SHA-256 binds the sums to a header: gate id, model names, the sorted features
 * (timed or timeless; with numeric or categorical values), whether entities and training rows were recorded.
 * docs/fingerprint.md specifies it byte for byte, so a third engine can compute it.
 *
 * <p>A test row's words: label, decision time, the knowledge time of each timed feature by name
 * ({@link RowHash#MISSING_TIME} where it has no value), the value of each numeric feature by name, the code of
 * each categorical feature by name, and its entity when recorded (the id, or {@link RowHash#textWord} of a string
 * key). A training row's words: decision time, label-resolution time, and its entity when recorded. Not the
 * scores: retraining the same model on the same data keeps the sign-off, and the lift tolerance bounds how far
 * its result may move.
 *
 * <p>Speed: the rows are hashed column by column in blocks, on the common fork-join pool when there are many;
 * the sums are exact, so the result is the same on any number of threads.
 *
 * <pre>{@code
 * String fp = FingerprintV2.compute("com.acme.ChurnBacktest#gbm", "gbm-v7", "prod-v3", labels, decided,
 *     new TreeMap<>(Map.of("balance", balanceKnownAt)), new TreeMap<>(), new TreeMap<>(), Fingerprint.Training.NONE);
 * // "sha256-v2:5c0e..."
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class FingerprintV2 {
  /** Prefix of every version-2 fingerprint. */
  public static final String PREFIX = "sha256-v2:";
  static final String TAG = "backtest-gate/fingerprint/v2";
  /** Rows hashed together, column by column; their lane states stay in the first-level cache. */
  static final int BLOCK = 1024;
  /** Fewer rows than this are hashed on the calling thread. */
  static final int PARALLEL_MIN_ROWS = 1 << 17;

  private FingerprintV2() {}

  /**
   * What the header binds besides the row sums.
   *
   * @param features every feature by name: {@code true} when timed (its knowledge times are row words),
   *     {@code false} when timeless
   * @param numeric the features whose numeric values are row words
   * @param categorical the features whose category codes are row words
   * @param testEntities whether the test rows' entities are row words
   * @param training whether training rows were recorded
   * @param trainingEntities whether the training rows' entities are row words
   * @param tableVersions the table versions the run read its history at ({@code delta:<table>@<version>}); empty
   *     for a run that read none, whose fingerprint is then what it was before tables were bound
   */
  public record Shape(String gateId, String candidate, String baseline, SortedMap<String, Boolean> features,
      SortedSet<String> numeric, SortedSet<String> categorical, boolean testEntities, boolean training,
      boolean trainingEntities, SortedSet<String> tableVersions) {
    public Shape {
      Objects.requireNonNull(gateId, "gateId");
      Objects.requireNonNull(candidate, "candidate");
      Objects.requireNonNull(baseline, "baseline");
      features = new TreeMap<>(features);
      numeric = new TreeSet<>(numeric);
      categorical = new TreeSet<>(categorical);
      tableVersions = new TreeSet<>(tableVersions);
    }

    /** A shape that binds no table version. */
    public Shape(String gateId, String candidate, String baseline, SortedMap<String, Boolean> features,
        SortedSet<String> numeric, SortedSet<String> categorical, boolean testEntities, boolean training,
        boolean trainingEntities) {
      this(gateId, candidate, baseline, features, numeric, categorical, testEntities, training, trainingEntities,
          new TreeSet<>());
    }
  }

  /**
   * The fingerprint of a run held in memory: the same value as any engine computes for the same rows in any order.
   *
   * @param featureTimes knowledge times by feature name; a {@code null} value is a timeless feature
   * @param numericValues numeric feature values by feature name ({@code NaN} = missing)
   * @param categoryCodes categorical feature codes by feature name ({@code -1} = missing)
   */
  public static String compute(String gateId, String candidate, String baseline, boolean[] labels,
      long[] decisionTimes, SortedMap<String, long[]> featureTimes, SortedMap<String, double[]> numericValues,
      SortedMap<String, int[]> categoryCodes, Fingerprint.Training training) {
    return compute(gateId, candidate, baseline, labels, decisionTimes, featureTimes, numericValues, categoryCodes,
        training, new TreeSet<>(), 0);
  }

  /** As above, binding the table versions the run read its history at (see {@link Shape#tableVersions()}). */
  public static String compute(String gateId, String candidate, String baseline, boolean[] labels,
      long[] decisionTimes, SortedMap<String, long[]> featureTimes, SortedMap<String, double[]> numericValues,
      SortedMap<String, int[]> categoryCodes, Fingerprint.Training training, SortedSet<String> tableVersions) {
    return compute(gateId, candidate, baseline, labels, decisionTimes, featureTimes, numericValues, categoryCodes,
        training, tableVersions, 0);
  }

  /** As above; {@code chunkRows > 0} splits the rows into chunks of that size (tests), 0 chooses. */
  static String compute(String gateId, String candidate, String baseline, boolean[] labels, long[] decisionTimes,
      SortedMap<String, long[]> featureTimes, SortedMap<String, double[]> numericValues,
      SortedMap<String, int[]> categoryCodes, Fingerprint.Training training, int chunkRows) {
    return compute(gateId, candidate, baseline, labels, decisionTimes, featureTimes, numericValues, categoryCodes,
        training, new TreeSet<>(), chunkRows);
  }

  private static String compute(String gateId, String candidate, String baseline, boolean[] labels,
      long[] decisionTimes, SortedMap<String, long[]> featureTimes, SortedMap<String, double[]> numericValues,
      SortedMap<String, int[]> categoryCodes, Fingerprint.Training training, SortedSet<String> tableVersions,
      int chunkRows) {
    SortedMap<String, Boolean> features = new TreeMap<>();
    List<long[]> times = new ArrayList<>();
    times.add(decisionTimes);
    for (Map.Entry<String, long[]> feature : featureTimes.entrySet()) {
      features.put(feature.getKey(), feature.getValue() != null);
      if (feature.getValue() != null) {
        times.add(feature.getValue());
      }
    }
    long[] keyWords = keyWords(training.entityKeys());
    Columns test = new Columns(labels, times, List.copyOf(numericValues.values()),
        List.copyOf(categoryCodes.values()), training.testEntities(), keyWords);
    test.requireRows(labels.length, "test");
    boolean trained = training.decisionTimes() != null;
    RowHash.Sums trainingSums = new RowHash.Sums();
    if (trained) {
      Columns rows = new Columns(null, List.of(training.decisionTimes(),
          Objects.requireNonNull(training.labelKnownAt(), "training label times")), List.of(), List.of(),
          training.entities(), keyWords);
      rows.requireRows(training.decisionTimes().length, "training");
      trainingSums = rows.sums(chunkRows);
    }
    Shape shape = new Shape(gateId, candidate, baseline, features, new TreeSet<>(numericValues.keySet()),
        new TreeSet<>(categoryCodes.keySet()), training.testEntities() != null, trained,
        trained && training.entities() != null, tableVersions);
    return finish(shape, test.sums(chunkRows), trainingSums);
  }

  /** The fingerprint from the header and the row sums: the last step of every engine. */
  public static String finish(Shape shape, RowHash.Sums test, RowHash.Sums training) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
    sha.update(TAG.getBytes(StandardCharsets.US_ASCII));
    text(sha, 'G', shape.gateId());
    text(sha, 'C', shape.candidate());
    text(sha, 'B', shape.baseline());
    header(sha, 'N', shape.features().size());
    shape.features().forEach((name, timed) -> {
      text(sha, 'F', name);
      header(sha, 'T', timed ? 1 : 0);
    });
    names(sha, 'V', 'v', shape.numeric());
    names(sha, 'K', 'k', shape.categorical());
    header(sha, 'E', shape.testEntities() ? 1 : 0);
    header(sha, 'R', shape.training() ? (shape.trainingEntities() ? 1 : 0) : -1);
    sums(sha, 'S', test);
    sums(sha, 'P', training);
    if (!shape.tableVersions().isEmpty()) {
      names(sha, 'H', 'h', shape.tableVersions());
    }
    return PREFIX + HexFormat.of().formatHex(sha.digest());
  }

  /**
   * {@code fingerprint} bound to the digests of what a run's check inputs cover ({@code CheckInput.fingerprinted()}):
   * SHA-256 over {@link #INPUTS_TAG}, the fingerprint's text and the sorted
   * {@code <input class>:<digest>} entries. A run whose inputs cover nothing keeps {@code fingerprint} as it is.
   */
  public static String bind(String fingerprint, SortedSet<String> inputs) {
    if (inputs.isEmpty()) {
      return fingerprint;
    }
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
    sha.update(INPUTS_TAG.getBytes(StandardCharsets.US_ASCII));
    text(sha, 'F', fingerprint);
    names(sha, 'I', 'i', inputs);
    return PREFIX + HexFormat.of().formatHex(sha.digest());
  }

  /** The tag that starts the binding of check inputs. */
  static final String INPUTS_TAG = "backtest-gate/fingerprint/v2/inputs";

  private static void names(MessageDigest sha, char count, char each, SortedSet<String> names) {
    header(sha, count, names.size());
    for (String name : names) {
      text(sha, each, name);
    }
  }

  private static void header(MessageDigest sha, char kind, int length) {
    sha.update(ByteBuffer.allocate(5).put((byte) kind).putInt(length).array());
  }

  private static void text(MessageDigest sha, char kind, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    header(sha, kind, bytes.length);
    sha.update(bytes);
  }

  private static void sums(MessageDigest sha, char kind, RowHash.Sums sums) {
    header(sha, kind, 24);
    sha.update(ByteBuffer.allocate(24).putLong(sums.rows).putLong(sums.lane0).putLong(sums.lane1).array());
  }

  /** The word of each string entity key by id, or {@code null} for numeric keys (the id is the word). */
  private static long[] keyWords(List<String> keys) {
    if (keys.isEmpty()) {
      return null;
    }
    long[] words = new long[keys.size()];
    for (int i = 0; i < words.length; i++) {
      words[i] = RowHash.textWord(keys.get(i));
    }
    return words;
  }

  /** The row words of one row set, as columns, in word order. */
  private static final class Columns {
    private static final long LABEL_0_LANE_0 = RowHash.step(RowHash.SEED_0, 0);
    private static final long LABEL_1_LANE_0 = RowHash.step(RowHash.SEED_0, 1);
    private static final long LABEL_0_LANE_1 = RowHash.step(RowHash.SEED_1, 0);
    private static final long LABEL_1_LANE_1 = RowHash.step(RowHash.SEED_1, 1);

    private final boolean[] labels;
    private final long[][] times;
    private final double[][] values;
    private final int[][] codes;
    private final long[] entities;
    private final long[] keyWords;

    Columns(boolean[] labels, List<long[]> times, List<double[]> values, List<int[]> codes, long[] entities,
        long[] keyWords) {
      this.labels = labels;
      this.times = times.toArray(long[][]::new);
      this.values = values.toArray(double[][]::new);
      this.codes = codes.toArray(int[][]::new);
      this.entities = entities;
      this.keyWords = keyWords;
    }

    void requireRows(int rows, String what) {
      List<Integer> lengths = new ArrayList<>();
      for (long[] column : times) {
        lengths.add(column.length);
      }
      for (double[] column : values) {
        lengths.add(column.length);
      }
      for (int[] column : codes) {
        lengths.add(column.length);
      }
      if (entities != null) {
        lengths.add(entities.length);
      }
      if (lengths.stream().anyMatch(length -> length != rows)) {
        throw new IllegalArgumentException("the " + what + " columns differ in length " + lengths + " from the "
            + rows + " rows: every column needs one entry per row");
      }
    }

    private int rows() {
      return times[0].length;
    }

    RowHash.Sums sums(int chunkRows) {
      int n = rows();
      int parallelism = ForkJoinPool.getCommonPoolParallelism();
      int chunk = chunkRows > 0 ? chunkRows
          : n < PARALLEL_MIN_ROWS || parallelism < 2 ? Math.max(n, 1)
          : Math.max(BLOCK * 16, (int) ((n + 4L * parallelism - 1) / (4L * parallelism)));
      int chunks = (int) ((n + (long) chunk - 1) / chunk);
      if (chunks <= 1) {
        return sums(0, n);
      }
      return IntStream.range(0, chunks).parallel()
          .mapToObj(c -> sums(c * chunk, (int) Math.min(n, (long) (c + 1) * chunk)))
          .reduce(new RowHash.Sums(), RowHash.Sums::plus);
    }

    /** The sums of rows [from, to), a block at a time, each block column by column. */
    private RowHash.Sums sums(int from, int to) {
      long[] lane0 = new long[BLOCK];
      long[] lane1 = new long[BLOCK];
      long sum0 = 0;
      long sum1 = 0;
      for (int start = from; start < to; start += BLOCK) {
        int count = Math.min(BLOCK, to - start);
        if (labels != null) {
          for (int i = 0; i < count; i++) { // the state after the label word, without a branch per row
            long positive = -RowHash.labelWord(labels[start + i]);
            lane0[i] = LABEL_0_LANE_0 ^ (positive & (LABEL_0_LANE_0 ^ LABEL_1_LANE_0));
            lane1[i] = LABEL_0_LANE_1 ^ (positive & (LABEL_0_LANE_1 ^ LABEL_1_LANE_1));
          }
        } else {
          Arrays.fill(lane0, 0, count, RowHash.SEED_0);
          Arrays.fill(lane1, 0, count, RowHash.SEED_1);
        }
        for (long[] column : times) {
          absorb(lane0, lane1, column, start, count);
        }
        for (double[] column : values) {
          for (int i = 0; i < count; i++) {
            long w = RowHash.mixIn(RowHash.numericWord(column[start + i]));
            lane0[i] = RowHash.fmix64(lane0[i] ^ w);
            lane1[i] = RowHash.fmix64(lane1[i] ^ w);
          }
        }
        for (int[] column : codes) {
          for (int i = 0; i < count; i++) {
            long w = RowHash.mixIn(column[start + i]);
            lane0[i] = RowHash.fmix64(lane0[i] ^ w);
            lane1[i] = RowHash.fmix64(lane1[i] ^ w);
          }
        }
        if (entities != null) {
          for (int i = 0; i < count; i++) {
            long w = RowHash.mixIn(entityWord(entities[start + i]));
            lane0[i] = RowHash.fmix64(lane0[i] ^ w);
            lane1[i] = RowHash.fmix64(lane1[i] ^ w);
          }
        }
        for (int i = 0; i < count; i++) {
          sum0 += lane0[i];
          sum1 += lane1[i];
        }
      }
      return new RowHash.Sums(to - from, sum0, sum1);
    }

    private long entityWord(long id) {
      if (keyWords == null) {
        return id;
      }
      if (id < 0 || id >= keyWords.length) {
        throw new IllegalArgumentException("entity id " + id + " has no key (" + keyWords.length + " keys)");
      }
      return keyWords[(int) id];
    }

    /** Absorbs one column of words into both lanes of rows [start, start + count). */
    private static void absorb(long[] lane0, long[] lane1, long[] column, int start, int count) {
      for (int i = 0; i < count; i++) {
        long w = RowHash.mixIn(column[start + i]);
        lane0[i] = RowHash.fmix64(lane0[i] ^ w);
        lane1[i] = RowHash.fmix64(lane1[i] ^ w);
      }
    }
  }
}
