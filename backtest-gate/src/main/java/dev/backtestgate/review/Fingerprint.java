package dev.backtestgate.review;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.List;
import java.util.SortedMap;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * What a sign-off is bound to, in its versions: {@link FingerprintV2} ({@code sha256-v2:}, order-independent,
 * the same on every engine), the only version a sign-off carries: a file with a version-1 fingerprint
 * ({@code sha256:}) was written by a pre-release build and is refused with how to sign it again.
 *
 * <pre>{@code
 * String fp = Fingerprint.compute(gate, "gbm-v7", "prod-v3", labels, decided, times, values, codes,
 *     Fingerprint.Training.NONE);                        // "sha256-v2:..."
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class Fingerprint {
  /** The version new pending files carry. */
  public static final int CURRENT_VERSION = 2;
  /** Every fingerprint a sign-off may carry: {@code sha256-v2:} and 64 lower-case hex digits. */
  public static final Pattern WELL_FORMED = Pattern.compile("sha256-v2:[0-9a-f]{64}");

  private Fingerprint() {}

  /**
   * The run's fingerprint in the current version ({@link FingerprintV2}).
   *
   * @param featureTimes knowledge times by feature name; a {@code null} value is a timeless feature
   * @param numericValues numeric feature values by feature name ({@code NaN} = missing)
   * @param categoryCodes categorical feature codes by feature name ({@code -1} = missing)
   */
  public static String compute(String gateId, String candidate, String baseline, boolean[] labels,
      long[] decisionTimes, SortedMap<String, long[]> featureTimes, SortedMap<String, double[]> numericValues,
      SortedMap<String, int[]> categoryCodes, Training training) {
    return FingerprintV2.compute(gateId, candidate, baseline, labels, decisionTimes, featureTimes, numericValues,
        categoryCodes, training);
  }

  /**
   * The run's fingerprint in the current version, binding the table versions it read its history at
   * ({@code delta:<table>@<version>}), so a sign-off never covers a later rewrite of those tables.
   */
  public static String compute(String gateId, String candidate, String baseline, boolean[] labels,
      long[] decisionTimes, SortedMap<String, long[]> featureTimes, SortedMap<String, double[]> numericValues,
      SortedMap<String, int[]> categoryCodes, Training training, java.util.SortedSet<String> tableVersions) {
    return FingerprintV2.compute(gateId, candidate, baseline, labels, decisionTimes, featureTimes, numericValues,
        categoryCodes, training, tableVersions);
  }

  /**
   * The training set and entities a run recorded; each part is optional.
   *
   * @param decisionTimes training decision times, or {@code null}
   * @param labelKnownAt training label-resolution times, or {@code null}
   * @param entities training entity ids, or {@code null}
   * @param testEntities the test rows' entity ids, or {@code null}
   * @param entityKeys the string key of each entity id (id = index), empty for numeric keys
   */
  public record Training(long[] decisionTimes, long[] labelKnownAt, long[] entities, long[] testEntities,
      List<String> entityKeys) {
    /** Nothing recorded. */
    public static final Training NONE = new Training(null, null, null, null, List.of());
  }
}
