package dev.backtestgate.review;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Fingerprint version 1 ({@code sha256:}), kept so that sign-offs written before version 2 are still checked the way
 * they were made: {@link SignOffRules} reads the version from the file and computes this one only for such files.
 * New pending files carry {@link FingerprintV2}. Its values must never change ({@code FingerprintV1GoldenTests}).
 *
 * <p>What a version-1 sign-off is bound to: SHA-256 over a canonical encoding of the gate id, the candidate and
 * baseline names, the sorted feature names, the labels, the decision times and every knowledge time.
 * Not the scores: retraining the same model on the same data keeps the sign-off; any change to the data
 * or the feature set voids it.
 *
 * <p>Encoding (version 1): the ASCII tag {@code backtest-gate/fingerprint/v1}, then each part as a
 * one-byte kind, a big-endian length and the content (strings UTF-8, labels one byte each, times 8
 * bytes big-endian; a timeless feature as its name with length {@code -1} times). A recorded training set adds,
 * after the features and only when present: training decision times {@code R}, label times {@code K}, training
 * entities {@code E}, test entities {@code e} (8 bytes each), and string entity keys ({@code S} count, then
 * {@code s} each). Recorded feature values, when a run has any, come between the features and the training set:
 * a numeric feature's name ({@code V}) and its values as the 8-byte big-endian {@link Double#doubleToLongBits}
 * of each ({@code v}, every {@code NaN} the same), then a categorical feature's name ({@code K}) and its codes as
 * 4-byte big-endian {@code int}s ({@code k}), both sorted by name. A run that records neither keeps exactly the
 * fingerprint it had before either could be recorded.
 *
 * <pre>{@code
 * String fp = FingerprintV1.compute("com.acme.ChurnBacktest#gbm", "gbm-v7", "prod-v3",
 *     labels, decisionMillis, new TreeMap<>(Map.of("balance", balanceKnownAt)));
 * // "sha256:3f2a..."
 * }</pre>
 */
final class FingerprintV1 {
  /** Prefix of every version-1 fingerprint. */
  static final String PREFIX = "sha256:";
  private static final byte[] TAG = "backtest-gate/fingerprint/v1".getBytes(StandardCharsets.US_ASCII);
  private static final int BUFFER = 1 << 16;
  private static final VarHandle BIG_ENDIAN_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle BIG_ENDIAN_INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

  private final MessageDigest digest;
  /** Bytes not yet handed to the digest: {@code [0, used)}. Hashing in 64 KiB chunks keeps the digest fast. */
  private final byte[] buffer = new byte[BUFFER];
  private int used;

  private FingerprintV1() {
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /**
   * The fingerprint of a run.
   *
   * @param featureTimes knowledge times by feature name; a {@code null} value is a timeless feature
   */
  static String compute(String gateId, String candidate, String baseline, boolean[] labels,
      long[] decisionTimes, SortedMap<String, long[]> featureTimes) {
    return compute(gateId, candidate, baseline, labels, decisionTimes, featureTimes, new TreeMap<>(), new TreeMap<>(),
        Fingerprint.Training.NONE);
  }

  /**
   * The fingerprint of a run that also recorded its training set or entities; with {@link Fingerprint.Training#NONE}
   * it is exactly {@link #compute(String, String, String, boolean[], long[], SortedMap)}.
   */
  static String compute(String gateId, String candidate, String baseline, boolean[] labels,
      long[] decisionTimes, SortedMap<String, long[]> featureTimes, Fingerprint.Training training) {
    return compute(gateId, candidate, baseline, labels, decisionTimes, featureTimes, new TreeMap<>(), new TreeMap<>(),
        training);
  }

  /**
   * The fingerprint of a run with recorded feature values and, optionally, its training set; with both maps empty
   * and {@link Fingerprint.Training#NONE}, the same as {@link #compute(String, String, String, boolean[], long[], SortedMap)}.
   *
   * @param numericValues numeric feature values by feature name ({@code NaN} = missing)
   * @param categoryCodes categorical feature codes by feature name ({@code -1} = missing)
   */
  static String compute(String gateId, String candidate, String baseline, boolean[] labels,
      long[] decisionTimes, SortedMap<String, long[]> featureTimes, SortedMap<String, double[]> numericValues,
      SortedMap<String, int[]> categoryCodes, Fingerprint.Training training) {
    FingerprintV1 f = new FingerprintV1();
    f.digest.update(TAG);
    f.text((byte) 'G', gateId);
    f.text((byte) 'C', candidate);
    f.text((byte) 'B', baseline);
    f.header((byte) 'N', featureTimes.size());
    for (String name : featureTimes.keySet()) {
      f.text((byte) 'n', name);
    }
    f.labels(labels);
    f.times((byte) 'D', decisionTimes);
    for (Map.Entry<String, long[]> feature : featureTimes.entrySet()) {
      f.text((byte) 'F', feature.getKey());
      if (feature.getValue() == null) {
        f.header((byte) 'T', -1);
      } else {
        f.times((byte) 'T', feature.getValue());
      }
    }
    for (Map.Entry<String, double[]> values : numericValues.entrySet()) {
      f.text((byte) 'V', values.getKey());
      f.doubles(values.getValue());
    }
    for (Map.Entry<String, int[]> codes : categoryCodes.entrySet()) {
      f.text((byte) 'K', codes.getKey());
      f.ints(codes.getValue());
    }
    f.training(training);
    f.flush();
    return PREFIX + HexFormat.of().formatHex(f.digest.digest());
  }

  private void training(Fingerprint.Training t) {
    optionalTimes((byte) 'R', t.decisionTimes());
    optionalTimes((byte) 'K', t.labelKnownAt());
    optionalTimes((byte) 'E', t.entities());
    optionalTimes((byte) 'e', t.testEntities());
    if (!t.entityKeys().isEmpty()) {
      header((byte) 'S', t.entityKeys().size());
      for (String key : t.entityKeys()) {
        text((byte) 's', key);
      }
    }
  }

  private void optionalTimes(byte kind, long[] values) {
    if (values != null) {
      times(kind, values);
    }
  }

  private void header(byte kind, int length) {
    room(5);
    buffer[used] = kind;
    BIG_ENDIAN_INT.set(buffer, used + 1, length);
    used += 5;
  }

  private void text(byte kind, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    header(kind, bytes.length);
    flush();
    digest.update(bytes);
  }

  /** One byte per label, 1 or 0, a buffer-full at a time. */
  private void labels(boolean[] labels) {
    header((byte) 'L', labels.length);
    for (int i = 0; i < labels.length; ) {
      room(1);
      int end = Math.min(labels.length, i + BUFFER - used);
      for (; i < end; i++) {
        buffer[used++] = labels[i] ? (byte) 1 : (byte) 0;
      }
    }
  }

  /** Eight big-endian bytes per time, a buffer-full at a time. */
  private void times(byte kind, long[] times) {
    header(kind, times.length);
    for (int i = 0; i < times.length; ) {
      room(Long.BYTES);
      int end = Math.min(times.length, i + (BUFFER - used) / Long.BYTES);
      for (; i < end; i++) {
        BIG_ENDIAN_LONG.set(buffer, used, times[i]);
        used += Long.BYTES;
      }
    }
  }

  /** Eight big-endian bytes per value ({@link Double#doubleToLongBits}), a buffer-full at a time. */
  private void doubles(double[] values) {
    header((byte) 'v', values.length);
    for (int i = 0; i < values.length; ) {
      room(Long.BYTES);
      int end = Math.min(values.length, i + (BUFFER - used) / Long.BYTES);
      for (; i < end; i++) {
        BIG_ENDIAN_LONG.set(buffer, used, Double.doubleToLongBits(values[i]));
        used += Long.BYTES;
      }
    }
  }

  /** Four big-endian bytes per code, a buffer-full at a time. */
  private void ints(int[] codes) {
    header((byte) 'k', codes.length);
    for (int i = 0; i < codes.length; ) {
      room(Integer.BYTES);
      int end = Math.min(codes.length, i + (BUFFER - used) / Integer.BYTES);
      for (; i < end; i++) {
        BIG_ENDIAN_INT.set(buffer, used, codes[i]);
        used += Integer.BYTES;
      }
    }
  }

  private void room(int bytes) {
    if (BUFFER - used < bytes) {
      flush();
    }
  }

  private void flush() {
    digest.update(buffer, 0, used);
    used = 0;
  }
}
