package dev.backtestgate.spark;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.time.RowDigest;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apiguardian.api.API;

/**
 * The fingerprint of a run whose rows live in a DataFrame: order-independent, because a distributed
 * table has no row order. It covers what the in-memory {@code Fingerprint} covers (gate id, model
 * names, sorted feature names, labels, decision times, every knowledge time; not the scores), but
 * the rows enter as a multiset: a run stays the same run however Spark partitions or orders it. So a Spark run's
 * fingerprint differs from its in-memory twin's (which hashes rows in order); in-memory runs keep theirs.
 *
 * <p>Definition (version {@value #TAG}): each row is the words label (1 or 0), decision time, then the
 * knowledge time of every feature with times in name order ({@code Long.MIN_VALUE} where the row has no
 * value), padded with zeros to 4 + 3k words (k &ge; 0). With {@code f} = {@link RowDigest#low} (resp.
 * {@link RowDigest#high}), the row's 64-bit half is {@code h = f(w0, w1, w2, w3)}, then
 * {@code h = f(h, w[i], w[i+1], w[i+2])} for i = 4, 7, ...; the row's 128-bit hash is high:low. The rows'
 * hashes are summed modulo 2^128 (see docs/history-digest.md). The fingerprint is {@code sha256:} and the
 * hex SHA-256 of: the ASCII tag, then, like the in-memory {@code Fingerprint}, one-byte kinds with
 * big-endian int lengths:
 * 'G' gate id, 'C' candidate, 'B' baseline (UTF-8), 'N' the feature count then 'n' each name, 'F' each
 * name with 'T' length -1 (timeless) or 0 (timed), then 'R' and the row count (8 bytes), 'S' and the sum
 * (16 bytes, high then low).
 *
 * <pre>{@code
 * String fp = SparkFingerprint.compute(training, "com.acme.ChurnBacktest#gbm", "gbm-v7", "prod-v3",
 *     "label", "decisionTime", new TreeMap<>(Map.of("balance", "balance_knownAt", "limit", null)));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class SparkFingerprint {
  static final String TAG = "backtest-gate/fingerprint/distributed/v1";

  /** The prefix every fingerprint of the gate carries. */
  static final String PREFIX = "sha256:";

  private SparkFingerprint() {}

  /**
   * @param knownAtColumns feature name to its knowledge-time column; a {@code null} column is a timeless
   *     feature
   */
  public static String compute(Dataset<Row> data, String gateId, String candidate, String baseline,
      String label, String decisionTime, SortedMap<String, String> knownAtColumns) {
    return compute(data, gateId, candidate, baseline, label, decisionTime, knownAtColumns, new TreeMap<>(),
        new TreeMap<>());
  }

  /**
   * The fingerprint of a run that also screens feature values: as {@link #compute(Dataset, String, String, String,
   * String, String, SortedMap)}, and it covers the screened values too, so a sign-off is bound to them. Each row's
   * words go on with, per numeric value column in name order and then per category column in name order, Spark's
   * {@code xxhash64} of the value (numeric values cast to double; {@code Long.MIN_VALUE} where it is null, or NaN
   * for a numeric value); the header goes on with 'V' and the number of numeric value columns, 'v' and each
   * feature's name, then 'K', 'k' likewise for the category columns. With neither, the fingerprint is exactly the
   * one without values.
   *
   * @param valueColumns feature name to its numeric value column
   * @param categoryColumns feature name to its category column (any type)
   */
  public static String compute(Dataset<Row> data, String gateId, String candidate, String baseline,
      String label, String decisionTime, SortedMap<String, String> knownAtColumns,
      SortedMap<String, String> valueColumns, SortedMap<String, String> categoryColumns) {
    List<Column> columns = new ArrayList<>();
    columns.add(functions.col("`" + label + "`").cast("boolean"));
    columns.add(SparkColumns.millis(data, decisionTime, "the data"));
    for (String column : knownAtColumns.values()) {
      if (column != null) {
        columns.add(SparkColumns.millis(data, column, "the data"));
      }
    }
    for (String column : valueColumns.values()) {
      Column value = functions.col("`" + column + "`").cast("double");
      columns.add(functions.when(value.isNull().or(functions.isnan(value)), functions.lit(null).cast("long"))
          .otherwise(functions.xxhash64(value)));
    }
    for (String column : categoryColumns.values()) {
      Column value = functions.col("`" + column + "`");
      columns.add(functions.when(value.isNull(), functions.lit(null).cast("long"))
          .otherwise(functions.xxhash64(value)));
    }
    long[] total = {0, 0, 0};
    for (long[] part : data.select(columns.toArray(Column[]::new)).javaRDD()
        .mapPartitions(new RowSums()).collect()) {
      total[0] += part[0];
      long sum = total[1] + part[1];
      total[2] += part[2] + (Long.compareUnsigned(sum, part[1]) < 0 ? 1 : 0);
      total[1] = sum;
    }
    return digest(gateId, candidate, baseline, knownAtColumns, valueColumns.keySet(), categoryColumns.keySet(),
        total[0], total[2], total[1]);
  }

  /** The row words' 128-bit hash, as {high, low}; {@code words} has at least 2 entries. */
  static long[] rowHash(long[] words) {
    return new long[] {chain(words, true), chain(words, false)};
  }

  private static long chain(long[] w, boolean high) {
    long h = half(high, w[0], w[1], at(w, 2), at(w, 3));
    for (int i = 4; i < w.length; i += 3) {
      h = half(high, h, w[i], at(w, i + 1), at(w, i + 2));
    }
    return h;
  }

  private static long half(boolean high, long a, long b, long c, long d) {
    return high ? RowDigest.high(a, b, c, d) : RowDigest.low(a, b, c, d);
  }

  private static long at(long[] w, int i) {
    return i < w.length ? w[i] : 0;
  }

  private static String digest(String gateId, String candidate, String baseline, SortedMap<String, String> features,
      Set<String> valued, Set<String> categorised, long rows, long high, long low) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
    sha.update(TAG.getBytes(StandardCharsets.US_ASCII));
    text(sha, 'G', gateId);
    text(sha, 'C', candidate);
    text(sha, 'B', baseline);
    header(sha, 'N', features.size());
    for (String name : features.keySet()) {
      text(sha, 'n', name);
    }
    for (Map.Entry<String, String> feature : features.entrySet()) {
      text(sha, 'F', feature.getKey());
      header(sha, 'T', feature.getValue() == null ? -1 : 0);
    }
    if (!valued.isEmpty() || !categorised.isEmpty()) {
      names(sha, 'V', 'v', valued);
      names(sha, 'K', 'k', categorised);
    }
    sha.update(ByteBuffer.allocate(9).put((byte) 'R').putLong(rows).array());
    sha.update(ByteBuffer.allocate(17).put((byte) 'S').putLong(high).putLong(low).array());
    return PREFIX + HexFormat.of().formatHex(sha.digest());
  }

  private static void names(MessageDigest sha, char count, char each, Set<String> names) {
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

  /** Per task: {rows, low sum, high sum}. */
  private static final class RowSums implements FlatMapFunction<Iterator<Row>, long[]>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public Iterator<long[]> call(Iterator<Row> rows) {
      long count = 0;
      long low = 0;
      long high = 0;
      long[] words = null;
      while (rows.hasNext()) {
        Row row = rows.next();
        if (words == null) {
          words = new long[row.length()];
        }
        if (row.isNullAt(0) || row.isNullAt(1)) {
          throw new IllegalArgumentException("a row has no label or no decision time: " + row);
        }
        words[0] = row.getBoolean(0) ? 1 : 0;
        for (int i = 1; i < words.length; i++) {
          words[i] = row.isNullAt(i) ? Long.MIN_VALUE : row.getLong(i);
        }
        long[] hash = rowHash(words);
        count++;
        long sum = low + hash[1];
        high += hash[0] + (Long.compareUnsigned(sum, hash[1]) < 0 ? 1 : 0);
        low = sum;
      }
      return List.of(new long[] {count, low, high}).iterator();
    }
  }
}
