package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.review.RowHash;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * What identifies a trial: the test set it was scored on and the digest of its scores. Both use the fingerprint's
 * row hash ({@link RowHash}): each row is the words label, decision time and, when recorded, entity (the entity key's
 * text word for string keys, the id otherwise); the score digest adds the score's {@link RowHash#numericWord} to each
 * row. Rows are summed, so neither depends on the row order; SHA-256 over a tag of its own, whether entities were
 * recorded and the row sums finishes each. Scores and features never enter the test set's digest, so every
 * candidate scored on the same rows shares it.
 *
 * @param testSet {@code trials-v1:} and 64 hex digits
 * @param scores {@code scores-v1:} and 64 hex digits
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record TrialKey(String testSet, String scores) {
  /** The prefix of a test set's digest. */
  public static final String TEST_SET_PREFIX = "trials-v1:";
  /** The prefix of a score digest. */
  public static final String SCORES_PREFIX = "scores-v1:";
  static final String TEST_SET_TAG = "backtest-gate/trials/test-set/v1";
  static final String SCORES_TAG = "backtest-gate/trials/scores/v1";
  private static final Pattern TEST_SET = Pattern.compile("trials-v1:[0-9a-f]{64}");
  private static final Pattern SCORES = Pattern.compile("scores-v1:[0-9a-f]{64}");

  /** Checks both digests' form. */
  public TrialKey {
    if (testSet == null || !TEST_SET.matcher(testSet).matches()) {
      throw new IllegalArgumentException("the test set's digest is '" + testSet + "': it must be " + TEST_SET_PREFIX
          + " and 64 lower-case hex digits (TrialKey.of computes it).");
    }
    if (scores == null || !SCORES.matcher(scores).matches()) {
      throw new IllegalArgumentException("the score digest is '" + scores + "': it must be " + SCORES_PREFIX
          + " and 64 lower-case hex digits (TrialKey.of computes it).");
    }
  }

  /** The key of the run's candidate on the run's rows. */
  public static TrialKey of(BacktestRun run) {
    return of(run.labels(), run.decisionTimes(), run.entities().orElse(null), run.entityKeys(),
        run.candidateScores());
  }

  /**
   * The key of {@code scores} on the rows.
   *
   * @param entities the entity id per row, or {@code null} when none were recorded
   * @param entityKeys the string key of each entity id, or empty when the ids are the keys
   */
  public static TrialKey of(boolean[] labels, long[] decisionTimes, long[] entities, List<String> entityKeys,
      double[] scores) {
    Objects.requireNonNull(labels, "labels");
    int n = labels.length;
    if (decisionTimes.length != n || scores.length != n || (entities != null && entities.length != n)) {
      throw new IllegalArgumentException("the labels, decision times, entities and scores must have one value per "
          + "row: " + n + " labels, " + decisionTimes.length + " decision times, " + (entities == null ? "no"
          : entities.length) + " entities, " + scores.length + " scores.");
    }
    long[] keyWords = null;
    if (entities != null && !entityKeys.isEmpty()) {
      keyWords = new long[entityKeys.size()];
      for (int i = 0; i < keyWords.length; i++) {
        keyWords[i] = RowHash.textWord(entityKeys.get(i));
      }
    }
    RowHash.Sums rows = new RowHash.Sums();
    RowHash.Sums scored = new RowHash.Sums();
    long[] words = new long[4];
    for (int i = 0; i < n; i++) {
      int count = 0;
      words[count++] = RowHash.labelWord(labels[i]);
      words[count++] = decisionTimes[i];
      if (entities != null) {
        words[count++] = keyWords == null ? entities[i] : keyWords[(int) entities[i]];
      }
      rows.add(words, count);
      words[count] = RowHash.numericWord(scores[i]);
      scored.add(words, count + 1);
    }
    return new TrialKey(TEST_SET_PREFIX + finish(TEST_SET_TAG, entities != null, rows),
        SCORES_PREFIX + finish(SCORES_TAG, entities != null, scored));
  }

  /** The test set's 64 hex digits: the name of its directory in a directory ledger. */
  public String testSetHex() {
    return testSet.substring(TEST_SET_PREFIX.length());
  }

  private static String finish(String tag, boolean entities, RowHash.Sums sums) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
    sha.update(tag.getBytes(StandardCharsets.US_ASCII));
    sha.update(ByteBuffer.allocate(25).put((byte) (entities ? 1 : 0)).putLong(sums.rows()).putLong(sums.lane0())
        .putLong(sums.lane1()).array());
    return HexFormat.of().formatHex(sha.digest());
  }
}
