package dev.backtestgate.review;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import org.apiguardian.api.API;

/**
 * The per-row hash of fingerprint version 2, in one place: each engine turns a row into 64-bit words the same
 * way (the {@code ...Word} methods), hashes them with {@link #digest} into two 64-bit lanes, and adds the lanes
 * of all rows into a {@link Sums}. Addition modulo 2^64 does not depend on row order or on how rows are split
 * across threads or tasks, and counts a repeated row twice. The in-memory {@link FingerprintV2} runs the same
 * {@link #step} column by column; Spark calls {@link Sums#add} inside its partitions.
 *
 * <p>Per lane j, with seed {@code s_j}: {@code h = s_j; for each word w: h = step(h, w)}; the lane's digest is
 * the final h. {@code step(h, w) = fmix64(h ^ (w * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019))}, where fmix64 is
 * MurmurHash3's 64-bit finaliser (docs/fingerprint.md has every constant and test vectors). For fixed other words
 * each step is a bijection of the word and of the state, so a row that differs in exactly one word always has
 * other digests in both lanes: a single changed value always changes the fingerprint. It is a fast,
 * well-mixed hash, not a cryptographic one: it detects accidental change, not a forger.
 *
 * <pre>{@code
 * RowHash.Sums sums = new RowHash.Sums();
 * long[] words = {RowHash.labelWord(true), decisionTime, knownAt};
 * sums.add(words, words.length);
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class RowHash {
  /** The seed of lane 0. */
  static final long SEED_0 = 0x452821E638D01377L;
  /** The seed of lane 1. */
  static final long SEED_1 = 0xBE5466CF34E90C6CL;
  /** The seed of {@link #textWord}. */
  static final long SEED_TEXT = 0xC0AC29B7C97C50DDL;
  private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;
  private static final long INCREMENT = 0x632BE59BD9B4E019L;

  /** The word of a missing knowledge time (the core's "no value"). */
  public static final long MISSING_TIME = Long.MIN_VALUE;
  /** The word of a missing category. */
  public static final long MISSING_CATEGORY = -1;

  private RowHash() {}

  /** The word of a label: 1 for positive, 0 for negative. */
  public static long labelWord(boolean label) {
    return label ? 1 : 0;
  }

  /** The word of a numeric value: its IEEE-754 bits, with -0.0 as 0.0 and every NaN (missing) as one NaN. */
  public static long numericWord(double value) {
    return Double.doubleToLongBits(value == 0.0 ? 0.0 : value);
  }

  /**
   * The word of a string (a category that is not a number, a string entity key): its UTF-8 bytes {@code b} of
   * length L hashed as {@code h = step(SEED_TEXT, L)}, then {@code h = step(h, chunk)} for each 8 bytes read
   * big-endian (a last, shorter chunk of k bytes as a k-byte number).
   */
  public static long textWord(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    long h = step(SEED_TEXT, bytes.length);
    for (int i = 0; i < bytes.length; i += 8) {
      long chunk = 0;
      for (int j = i, end = Math.min(i + 8, bytes.length); j < end; j++) {
        chunk = (chunk << 8) | (bytes[j] & 0xFF);
      }
      h = step(h, chunk);
    }
    return h;
  }

  /** Absorbs one word into a lane's state. */
  public static long step(long state, long word) {
    return fmix64(state ^ mixIn(word));
  }

  /** The word as {@link #step} absorbs it: an odd multiply-add, a bijection, shared by both lanes. */
  static long mixIn(long word) {
    return word * MULTIPLIER + INCREMENT;
  }

  /** MurmurHash3's 64-bit finaliser, a bijection. */
  static long fmix64(long k) {
    k ^= k >>> 33;
    k *= 0xFF51AFD7ED558CCDL;
    k ^= k >>> 33;
    k *= 0xC4CEB9FE1A85EC53L;
    return k ^ (k >>> 33);
  }

  /** The digest of {@code words[0, count)} in lane 0 or 1. */
  public static long digest(int lane, long[] words, int count) {
    long h = lane == 0 ? SEED_0 : SEED_1;
    for (int i = 0; i < count; i++) {
      h = step(h, words[i]);
    }
    return h;
  }

  /** The rows seen so far: their count and each lane's digests summed modulo 2^64. */
  public static final class Sums implements Serializable {
    private static final long serialVersionUID = 1L;

    long rows;
    long lane0;
    long lane1;

    public Sums() {}

    Sums(long rows, long lane0, long lane1) {
      this.rows = rows;
      this.lane0 = lane0;
      this.lane1 = lane1;
    }

    /** Adds the row {@code words[0, count)}. */
    public void add(long[] words, int count) {
      long h0 = SEED_0;
      long h1 = SEED_1;
      for (int i = 0; i < count; i++) {
        long w = mixIn(words[i]);
        h0 = fmix64(h0 ^ w);
        h1 = fmix64(h1 ^ w);
      }
      rows++;
      lane0 += h0;
      lane1 += h1;
    }

    /** Adds the rows of {@code other} (exact: the result does not depend on how rows were split). */
    public Sums plus(Sums other) {
      return new Sums(rows + other.rows, lane0 + other.lane0, lane1 + other.lane1);
    }

    public long rows() {
      return rows;
    }

    /** Lane 0's digests summed modulo 2^64 (for a digest of its own, such as the trials ledger's test set). */
    public long lane0() {
      return lane0;
    }

    /** Lane 1's digests summed modulo 2^64. */
    public long lane1() {
      return lane1;
    }

    @Override
    public String toString() {
      return String.format("Sums[rows=%d, lane0=%016x, lane1=%016x]", rows, lane0, lane1);
    }
  }
}
