package dev.backtestgate.review;

import static org.apiguardian.api.API.Status.INTERNAL;


import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * What a sign-off is bound to: SHA-256 over a canonical encoding of the gate id, the candidate and
 * baseline names, the sorted feature names, the labels, the decision times and every knowledge time.
 * Not the scores: retraining the same model on the same data keeps the sign-off; any change to the data
 * or the feature set voids it.
 *
 * <p>Encoding (version 1): the ASCII tag {@code backtest-gate/fingerprint/v1}, then each part as a
 * one-byte kind, a big-endian length and the content (strings UTF-8, labels one byte each, times 8
 * bytes big-endian; a timeless feature as its name with length {@code -1} times). Recorded feature values, when a
 * run has any, follow as further parts (a numeric feature's name and its values as the 8-byte big-endian
 * {@link Double#doubleToLongBits} of each, every {@code NaN} the same; a categorical feature's name and its codes as
 * 4-byte big-endian {@code int}s), both sorted by name; a run without recorded values hashes exactly what it
 * hashed before values could be recorded.
 *
 * <pre>{@code
 * String fp = Fingerprint.compute("com.acme.ChurnBacktest#gbm", "gbm-v7", "prod-v3",
 *     labels, decisionMillis, new TreeMap<>(Map.of("balance", balanceKnownAt)));
 * // "sha256:3f2a..."
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class Fingerprint {
  /** Prefix of every fingerprint string. */
  public static final String PREFIX = "sha256:";
  private static final byte[] TAG = "backtest-gate/fingerprint/v1".getBytes(StandardCharsets.US_ASCII);
  private static final int BUFFER = 1 << 16;

  private final MessageDigest digest;
  private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER);

  private Fingerprint() {
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
  public static String compute(String gateId, String candidate, String baseline, boolean[] labels,
      long[] decisionTimes, SortedMap<String, long[]> featureTimes) {
    return compute(gateId, candidate, baseline, labels, decisionTimes, featureTimes, new TreeMap<>(),
        new TreeMap<>());
  }

  /**
   * The fingerprint of a run with recorded feature values; with both maps empty, the same as {@link
   * #compute(String, String, String, boolean[], long[], SortedMap)}.
   *
   * @param numericValues numeric feature values by feature name ({@code NaN} = missing)
   * @param categoryCodes categorical feature codes by feature name ({@code -1} = missing)
   */
  public static String compute(String gateId, String candidate, String baseline, boolean[] labels,
      long[] decisionTimes, SortedMap<String, long[]> featureTimes, SortedMap<String, double[]> numericValues,
      SortedMap<String, int[]> categoryCodes) {
    Fingerprint f = new Fingerprint();
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
    f.flush();
    return PREFIX + HexFormat.of().formatHex(f.digest.digest());
  }

  private void header(byte kind, int length) {
    room(5);
    buffer.put(kind).putInt(length);
  }

  private void text(byte kind, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    header(kind, bytes.length);
    flush();
    digest.update(bytes);
  }

  private void labels(boolean[] labels) {
    header((byte) 'L', labels.length);
    for (boolean label : labels) {
      room(1);
      buffer.put(label ? (byte) 1 : (byte) 0);
    }
  }

  private void times(byte kind, long[] times) {
    header(kind, times.length);
    for (long t : times) {
      room(Long.BYTES);
      buffer.putLong(t);
    }
  }

  private void doubles(double[] values) {
    header((byte) 'v', values.length);
    for (double v : values) {
      room(Long.BYTES);
      buffer.putLong(Double.doubleToLongBits(v));
    }
  }

  private void ints(int[] codes) {
    header((byte) 'k', codes.length);
    for (int code : codes) {
      room(Integer.BYTES);
      buffer.putInt(code);
    }
  }

  private void room(int bytes) {
    if (buffer.remaining() < bytes) {
      flush();
    }
  }

  private void flush() {
    digest.update(buffer.array(), 0, buffer.position());
    buffer.clear();
  }
}
