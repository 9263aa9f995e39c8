package dev.backtestgate.metrics;

import java.lang.ref.SoftReference;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The row-sized scratch arrays of {@link PairCounts}, {@link DeLong} and {@link GroupedDeLong}, kept between
 * calls: a fresh {@code double[n]} for 10 million rows is an 80 MB humongous allocation that the JVM zeroes and the
 * operating system maps page by page on first touch, which cost more than the whole kernel when measured. Every kernel overwrites
 * the part it reads ({@code [0, n)}) before reading it, so what a previous call left there never matters.
 *
 * <p>Retention is bounded: at most one set is kept (the one given back last), only while it holds at most an
 * eighth of the maximum heap, and only softly, so the garbage collector reclaims it before it would run out of
 * memory. {@link #release()} drops it at once. A caller takes a set, uses it on its own thread(s) and gives it
 * back; concurrent callers never share one (the second allocates its own).
 */
final class Scratch {
  private static final AtomicReference<SoftReference<Scratch>> SPARE = new AtomicReference<>();
  private static final double[] NO_DOUBLES = {};
  private static final int[] NO_INTS = {};
  private static final long[] NO_LONGS = {};

  private double[] doubles = NO_DOUBLES;
  private int[] first = NO_INTS;
  private int[] second = NO_INTS;
  private long[] firstLongs = NO_LONGS;
  private long[] secondLongs = NO_LONGS;

  private Scratch() {}

  /** The spare set, or a new empty one when there is none (or another caller holds it). */
  static Scratch take() {
    SoftReference<Scratch> spare = SPARE.getAndSet(null);
    Scratch scratch = spare == null ? null : spare.get();
    return scratch == null ? new Scratch() : scratch;
  }

  /** Keeps this set for the next caller if it is within {@link #limitBytes()}; never use it again after. */
  void giveBack() {
    giveBack(limitBytes());
  }

  /** As {@link #giveBack()} with an explicit bound (tests). */
  void giveBack(long limitBytes) {
    if (bytes() <= limitBytes) {
      SPARE.set(new SoftReference<>(this));
    }
  }

  /** Drops the kept set, if any. */
  static void release() {
    SPARE.set(null);
  }

  /** Bytes held by the kept set (0 when none is kept or it was reclaimed). */
  static long retainedBytes() {
    SoftReference<Scratch> spare = SPARE.get();
    Scratch scratch = spare == null ? null : spare.get();
    return scratch == null ? 0 : scratch.bytes();
  }

  /** An eighth of the maximum heap. */
  static long limitBytes() {
    return Runtime.getRuntime().maxMemory() / 8;
  }

  /** A {@code double} array of at least {@code n} elements, with arbitrary content. */
  double[] doubles(int n) {
    if (doubles.length < n) {
      doubles = NO_DOUBLES; // let the old one go before allocating its successor
      doubles = new double[n];
    }
    return doubles;
  }

  /** An {@code int} array of at least {@code n} elements, with arbitrary content, distinct from {@link #secondInts}. */
  int[] firstInts(int n) {
    if (first.length < n) {
      first = NO_INTS;
      first = new int[n];
    }
    return first;
  }

  /** Another {@code int} array of at least {@code n} elements, with arbitrary content. */
  int[] secondInts(int n) {
    if (second.length < n) {
      second = NO_INTS;
      second = new int[n];
    }
    return second;
  }

  /** A {@code long} array of at least {@code n} elements, with arbitrary content, distinct from {@link #secondLongs}. */
  long[] firstLongs(int n) {
    if (firstLongs.length < n) {
      firstLongs = NO_LONGS;
      firstLongs = new long[n];
    }
    return firstLongs;
  }

  /** Another {@code long} array of at least {@code n} elements, with arbitrary content. */
  long[] secondLongs(int n) {
    if (secondLongs.length < n) {
      secondLongs = NO_LONGS;
      secondLongs = new long[n];
    }
    return secondLongs;
  }

  private long bytes() {
    return 8L * doubles.length + 4L * first.length + 4L * second.length + 8L * firstLongs.length
        + 8L * secondLongs.length;
  }
}
