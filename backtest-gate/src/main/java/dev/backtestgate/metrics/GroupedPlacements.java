package dev.backtestgate.metrics;

import static dev.backtestgate.metrics.PlacementSums.NEGATIVE;
import static dev.backtestgate.metrics.PlacementSums.POSITIVE;

import java.util.Arrays;
import java.util.function.IntUnaryOperator;

/**
 * DeLong placements (see {@link Placements}) of every row within its own group and among all rows, for all groups
 * from one ordering of each model's scores: the rows are bucketed by score once over all groups (the layout {@link
 * DeLong#compare} uses), each bucket's classes sorted, and its tie groups walked in ascending order with running
 * per-group and all-row counts of the positives and negatives below. A row's placement in its group counts only the
 * other class of its own group, ties as one half, exactly as a comparison on that group's rows alone counts them; its
 * placement among all rows counts the other class of every group, exactly as {@link DeLong#compare} on all rows does.
 *
 * <p>Each row has one {@code long} slot, {@code byRow[row]}. Before the baseline's pass it holds {@code group << 32 |
 * row}; the baseline's pass carries that value through its bucketing (so neither the row's group nor the row number
 * is read at random) and writes the row's new slot by row: high half {@code 2 * (rows of earlier groups)} plus the
 * baseline's placement in its group, which is less than {@code 2 * (rows of its group)}, low half the baseline's
 * placement among all rows. The candidate's pass carries that slot through its bucketing the same way and reads the
 * group back from its high half (a table on its high bits and a step or two). A bucket's carried values are gathered
 * from the bucketed copy, which for one coarse bucket stays in cache; the only random access is the baseline's
 * writing of the slots, in one tight loop per coarse bucket, whose cache misses overlap.
 *
 * <p>Memory beyond the input: the {@code double[n]} scores of {@link DeLong#compare}, the {@code long[n]} slots and
 * their {@code long[n]} bucketed copy (where {@link DeLong#compare} has an {@code int[n]} placement per row and an
 * {@code int[n]} payload), an {@code int[n]} only when a coarse bucket outgrows the fine buffers, plus O(groups); the
 * row-sized arrays are kept between calls as {@link DeLong#compare}'s are ({@link Scratch}).
 *
 * <p>The walk runs in two parts on two threads, as {@link DeLong#compare}'s does ({@link Parallel}): the coarse buckets
 * split at about half the rows, the second part starting from each group's counts below the split (one sequential
 * read of the first part's carried values), each part with its own running counts, buffers and exact sums, added up
 * at the end. Exact integer sums do not depend on the order they are added in, so the result is the same, bit for
 * bit, on one thread or two.
 */
final class GroupedPlacements {
  /** The decoding table has at most {@code 2^TABLE_BITS + 1} entries. */
  private static final int TABLE_BITS = 13;

  private final boolean[] labels;
  private final int groups;
  final long[] positives;
  final long[] negatives;
  final GroupSums[] sums;
  /** All rows' positives and negatives, and their sums: the comparison on all rows, from the same walk. */
  final long allPositives;
  final long allNegatives;
  final GroupSums all = new GroupSums();
  /** {@code 2 * (rows of groups before g)}, for {@code g} in {@code [0, groups]}. */
  private final long[] start2;
  /**
   * By row: {@code group << 32 | row} until the baseline's pass, then the row's slot: high half {@code start2[group]}
   * plus the baseline's placement in the group, low half its placement among all rows (both unsigned).
   */
  private final long[] byRow;
  private final double[] scratch;
  /** Each pass's {@link #byRow} values, carried through its bucketing. */
  private final long[] carried;
  /** Where the row-sized arrays come from; indices of a bucket too large for the fine buffers too, when needed. */
  private final Scratch arrays;
  private final int shift;
  private final int[] table;
  private boolean baselinePass;

  /**
   * Counts each group's classes and marks each row's group.
   *
   * @param arrays where the row-sized arrays come from (their content is overwritten before it is read)
   *
   * @throws IllegalArgumentException when {@code groupOf} puts a row outside {@code [0, groups)}
   */
  GroupedPlacements(boolean[] labels, int groups, IntUnaryOperator groupOf, Scratch arrays) {
    this.labels = labels;
    this.groups = groups;
    int n = labels.length;
    this.positives = new long[groups];
    this.negatives = new long[groups];
    this.arrays = arrays;
    this.byRow = arrays.firstLongs(n);
    for (int row = 0; row < n; row++) {
      int g = groupOf.applyAsInt(row);
      if (g < 0 || g >= groups) {
        throw new IllegalArgumentException("row " + row + " was put in group " + g + ", outside the " + groups
            + " groups [0, " + groups + "): the grouping function must return a group index in that range.");
      }
      byRow[row] = (long) g << 32 | row;
      if (labels[row]) {
        positives[g]++;
      } else {
        negatives[g]++;
      }
    }
    this.start2 = new long[groups + 1];
    for (int g = 0; g < groups; g++) {
      start2[g + 1] = start2[g] + 2 * (positives[g] + negatives[g]);
    }
    int bits = 64 - Long.numberOfLeadingZeros(start2[groups]);
    this.shift = Math.max(0, bits - TABLE_BITS);
    this.table = new int[(int) (start2[groups] >>> shift) + 1];
    for (int b = 0, g = 0; b < table.length; b++) {
      long at = (long) b << shift;
      while (g + 1 < groups && start2[g + 1] <= at) {
        g++;
      }
      table[b] = g;
    }
    long allPositiveRows = 0;
    for (int g = 0; g < groups; g++) {
      allPositiveRows += positives[g];
    }
    this.allPositives = allPositiveRows;
    this.allNegatives = n - allPositiveRows;
    this.sums = new GroupSums[groups];
    for (int g = 0; g < groups; g++) {
      sums[g] = new GroupSums();
    }
    this.scratch = arrays.doubles(n);
    this.carried = arrays.secondLongs(n);
  }

  /** Places the baseline's rows: writes each placement into its row's slot and sums them per group. */
  void placeBaseline(double[] scores, ScoreRange range) {
    baselinePass = true;
    run(scores, range);
  }

  /**
   * Places the candidate's rows, after {@link #placeBaseline}: sums them and their differences per group and over
   * all rows.
   */
  void placeCandidate(double[] scores, ScoreRange range) {
    baselinePass = false;
    run(scores, range);
  }

  private void run(double[] scores, ScoreRange range) {
    Buckets buckets = new Buckets(range, scores.length);
    CoarseLayout layout = CoarseLayout.carrying(labels, scores, buckets, scratch, carried, byRow);
    int capacity = Math.min(FineBuckets.CAPACITY, layout.largestBucket());
    // indices of a coarse bucket too large for the fine buffers, taken before the parts start (parts use
    // disjoint ranges of it)
    int[] index = layout.largestBucket() > FineBuckets.CAPACITY ? arrays.firstInts(scores.length) : null;
    int[] split = layout.splitBuckets();
    Walk[] walks = new Walk[split.length - 1];
    Parallel.run(walks.length, part -> {
      Walk walk = new Walk(buckets, capacity, index);
      walk.startAt(layout, split[part]);
      walk.walk(layout, split[part], split[part + 1]);
      walks[part] = walk;
    });
    for (Walk walk : walks) {
      for (int g = 0; g < groups; g++) {
        sums[g].add(walk.sums[g]);
      }
      all.add(walk.all);
    }
  }

  /** The group of the value carried at layout index {@code k} (before any fine bucket reorders it). */
  private int carriedGroup(int k) {
    long value = carried[k];
    return baselinePass ? (int) (value >>> 32) : group(value >>> 32);
  }

  /** Sorts both classes of a bucket when {@link #place} walks it: both present, too many pairs to compare all. */
  private static void sort(double[] keys, int[] payload, int s, int ns, int e) {
    long pairs = (long) (ns - s) * (e - ns);
    if (pairs > Ties.ALL_PAIRS_MAX) {
      PairSort.sort(keys, payload, s, ns);
      PairSort.sort(keys, payload, ns, e);
    }
  }

  /** The group whose slot range {@code [start2[g], start2[g + 1])} holds {@code packed}. */
  private int group(long packed) {
    int g = table[(int) (packed >>> shift)];
    while (g + 1 < groups && start2[g + 1] <= packed) {
      g++;
    }
    return g;
  }

  /** One part of a pass: coarse buckets in ascending order, with their own running counts, buffers and sums. */
  private final class Walk {
    final GroupSums[] sums = new GroupSums[groups];
    final GroupSums all = new GroupSums();
    private final long[] positivesBelow = new long[groups];
    private final long[] negativesBelow = new long[groups];
    private final int[] tiedPositives = new int[groups];
    private final int[] tiedNegatives = new int[groups];
    private long allPositivesBelow;
    private long allNegativesBelow;
    private final FineBuckets fine;
    private final long[] gathered;
    private final long[] slots;
    private final int[] index;
    /** The carried value of each index: {@link #carried} itself, or a fine bucket's gathered from it. */
    private long[] carriedValues;
    /** Where in {@link #carriedValues} each index's value is; null when at the index itself. */
    private int[] indexAt;
    /** Baseline's pass, fine buckets: each index's slot, written by row once the coarse bucket is placed; else null. */
    private long[] slotsAt;
    /** The groups of a bucket small enough to compare all its pairs. */
    private final int[] smallGroups = new int[Ties.ALL_PAIRS_MAX + 2];
    /** Per group, the first negative index of a small bucket in its list, or -1. */
    private final int[] firstNegative = new int[groups];
    /** The next negative index of the same group in a small bucket, or -1. */
    private final int[] nextInGroup = new int[Ties.ALL_PAIRS_MAX + 2];
    /** A small bucket's negatives: {@code 2 *} the positives of their group below them plus those tied. */
    private final long[] negativeAgainst = new long[Ties.ALL_PAIRS_MAX + 2];

    Walk(Buckets buckets, int capacity, int[] index) {
      for (int g = 0; g < groups; g++) {
        sums[g] = new GroupSums();
      }
      Arrays.fill(firstNegative, -1);
      this.fine = new FineBuckets(buckets, capacity, true);
      this.gathered = new long[fine.capacity()];
      this.slots = baselinePass ? new long[fine.capacity()] : null;
      this.index = index;
    }

    /** Counts each group's positives and negatives in the coarse buckets below {@code first}. */
    void startAt(CoarseLayout layout, int first) {
      for (int c = 0; c < first; c++) {
        int s = layout.start(c);
        int ns = layout.negStart(c);
        int e = layout.start(c + 1);
        for (int k = s; k < ns; k++) {
          positivesBelow[carriedGroup(k)]++;
        }
        for (int k = ns; k < e; k++) {
          negativesBelow[carriedGroup(k)]++;
        }
        allPositivesBelow += ns - s;
        allNegativesBelow += e - ns;
      }
    }

    /** Places the rows of coarse buckets {@code [first, last)}. */
    void walk(CoarseLayout layout, int first, int last) {
      for (int c = first; c < last; c++) {
        int s = layout.start(c);
        int ns = layout.negStart(c);
        int e = layout.start(c + 1);
        carriedValues = carried;
        indexAt = null;
        slotsAt = null;
        if (s == ns || ns == e) { // one class: no order needed, each value read where the layout put it
          place(scratch, s, ns, e);
          continue;
        }
        if (e - s > fine.capacity()) { // rare: too large for the fine buffers, sorted in place with its indices
          for (int k = s; k < e; k++) {
            index[k] = k;
          }
          indexAt = index;
          sort(scratch, indexAt, s, ns, e);
          place(scratch, s, ns, e);
          continue;
        }
        fine.distributeIndices(c, scratch, s, ns, e);
        for (int f = 0; f < Buckets.FINE_PER_COARSE; f++) {
          sort(fine.values, fine.payload, fine.start(f), fine.negStart(f), fine.end(f));
        }
        int size = e - s;
        // the carried values gathered from the coarse bucket's window (in cache) in the fine buckets' order
        for (int k = 0; k < size; k++) {
          gathered[k] = carried[fine.payload[k]];
        }
        carriedValues = gathered;
        slotsAt = slots;
        for (int f = 0; f < Buckets.FINE_PER_COARSE; f++) {
          place(fine.values, fine.start(f), fine.negStart(f), fine.end(f));
        }
        if (baselinePass) { // each row's slot written by row in a tight loop, whose cache misses overlap
          for (int k = 0; k < size; k++) {
            byRow[(int) gathered[k]] = slots[k];
          }
        }
      }
    }

    /**
     * Places a bucket whose positives are {@code keys[s..ns)} and negatives {@code keys[ns..e)}, every score in it
     * above those of earlier buckets, sorted by {@link #sort}. One class alone needs no order: none of its rows ties
     * with the other class.
     */
    private void place(double[] keys, int s, int ns, int e) {
      if (s == ns || ns == e) {
        for (int k = s; k < ns; k++) {
          positive(k);
        }
        for (int k = ns; k < e; k++) {
          negative(k);
        }
        return;
      }
      if ((long) (ns - s) * (e - ns) <= Ties.ALL_PAIRS_MAX) {
        allPairs(keys, s, ns, e);
        return;
      }
      int i = s;
      int j = ns;
      while (i < ns || j < e) {
        double x = i == ns ? keys[j] : j == e ? keys[i] : Math.min(keys[i], keys[j]);
        int iEnd = i;
        while (iEnd < ns && keys[iEnd] == x) {
          iEnd++;
        }
        int jEnd = j;
        while (jEnd < e && keys[jEnd] == x) {
          jEnd++;
        }
        if (i == iEnd || j == jEnd) { // no tie across the classes: each row on its own
          for (int k = i; k < iEnd; k++) {
            positive(k);
          }
          for (int k = j; k < jEnd; k++) {
            negative(k);
          }
        } else {
          tied(i, iEnd, j, jEnd);
        }
        i = iEnd;
        j = jEnd;
      }
    }

    /**
     * A small bucket: each positive compared with the negatives of its own group only, found through a list per group
     * (rows of one group rarely share a small bucket, so this is about one step per positive); each such pair counts
     * for the negative too (its comparison with the positive is 2 minus the positive's with it). Every row is compared
     * with the other class's rows of all groups for its placement among all rows.
     */
    private void allPairs(double[] keys, int s, int ns, int e) {
      for (int j = ns; j < e; j++) {
        int g = groupAt(j);
        smallGroups[j - s] = g;
        nextInGroup[j - s] = firstNegative[g];
        firstNegative[g] = j;
        negativeAgainst[j - s] = 0;
      }
      for (int i = s; i < ns; i++) {
        int g = groupAt(i);
        smallGroups[i - s] = g;
        double x = keys[i];
        long against = 0;
        for (int j = firstNegative[g]; j >= 0; j = nextInGroup[j - s]) {
          double y = keys[j];
          int compared = (x > y ? 2 : 0) + (x == y ? 1 : 0);
          against += compared;
          negativeAgainst[j - s] += 2 - compared;
        }
        record(i, g, 2 * negativesBelow[g] + against, 2 * allNegativesBelow + Ties.against(x, keys, ns, e), POSITIVE);
      }
      for (int j = ns; j < e; j++) {
        int g = smallGroups[j - s];
        record(j, g, 2 * (positives[g] - positivesBelow[g]) - negativeAgainst[j - s],
            2 * (allPositives - allPositivesBelow) - Ties.against(keys[j], keys, s, ns), NEGATIVE);
      }
      allPositivesBelow += ns - s;
      allNegativesBelow += e - ns;
      for (int i = s; i < ns; i++) {
        positivesBelow[smallGroups[i - s]]++;
      }
      for (int j = ns; j < e; j++) {
        int g = smallGroups[j - s];
        negativesBelow[g]++;
        firstNegative[g] = -1;
      }
    }

    /** A positive tied with no negative: {@code 2 *} the negatives of its group below it. */
    private void positive(int k) {
      int g = groupAt(k);
      record(k, g, 2 * negativesBelow[g], 2 * allNegativesBelow, POSITIVE);
      positivesBelow[g]++;
      allPositivesBelow++;
    }

    /** A negative tied with no positive: {@code 2 *} the positives of its group above it. */
    private void negative(int k) {
      int g = groupAt(k);
      record(k, g, 2 * (positives[g] - positivesBelow[g]), 2 * (allPositives - allPositivesBelow), NEGATIVE);
      negativesBelow[g]++;
      allNegativesBelow++;
    }

    /** One score shared by positives {@code [i, iEnd)} and negatives {@code [j, jEnd)}, of any groups. */
    private void tied(int i, int iEnd, int j, int jEnd) {
      for (int k = i; k < iEnd; k++) {
        tiedPositives[groupAt(k)]++;
      }
      for (int k = j; k < jEnd; k++) {
        tiedNegatives[groupAt(k)]++;
      }
      long allTiedPositives = iEnd - i;
      long allTiedNegatives = jEnd - j;
      for (int k = i; k < iEnd; k++) {
        int g = groupAt(k);
        record(k, g, 2 * negativesBelow[g] + tiedNegatives[g], 2 * allNegativesBelow + allTiedNegatives,
            POSITIVE);
      }
      for (int k = j; k < jEnd; k++) {
        int g = groupAt(k);
        long tied = tiedPositives[g];
        record(k, g, 2 * (positives[g] - positivesBelow[g] - tied) + tied,
            2 * (allPositives - allPositivesBelow - allTiedPositives) + allTiedPositives, NEGATIVE);
      }
      allPositivesBelow += allTiedPositives;
      allNegativesBelow += allTiedNegatives;
      for (int k = i; k < iEnd; k++) {
        int g = groupAt(k);
        positivesBelow[g]++;
        tiedPositives[g] = 0;
      }
      for (int k = j; k < jEnd; k++) {
        int g = groupAt(k);
        negativesBelow[g]++;
        tiedNegatives[g] = 0;
      }
    }

    /**
     * The value carried by the row at index {@code k}: in the baseline's pass {@code group << 32 | row}, in the
     * candidate's the row's slot.
     */
    private long carriedAt(int k) {
      return carriedValues[indexAt == null ? k : indexAt[k]];
    }

    /** The group of the row at index {@code k}: carried in the baseline's pass, read from its slot in the candidate's. */
    private int groupAt(int k) {
      long value = carriedAt(k);
      return baselinePass ? (int) (value >>> 32) : group(value >>> 32);
    }

    /** A row's placement within its group and among all rows. */
    private void record(int k, int g, long placement, long allPlacement, int kind) {
      GroupSums sum = sums[g];
      if (baselinePass) {
        long slot = (start2[g] + placement) << 32 | allPlacement;
        if (slotsAt != null) {
          slotsAt[k] = slot;
        } else {
          byRow[(int) carriedAt(k)] = slot;
        }
        sum.addBaseline(placement, kind);
        all.addBaseline(allPlacement, kind);
        if (kind == POSITIVE) {
          sum.baselineTwiceU += placement;
          all.baselineTwiceU += allPlacement;
        }
      } else {
        long slot = carriedAt(k);
        sum.addCandidate(placement, placement - ((slot >>> 32) - start2[g]), kind);
        all.addCandidate(allPlacement, allPlacement - (slot & 0xFFFF_FFFFL), kind);
        if (kind == POSITIVE) {
          sum.candidateTwiceU += placement;
          all.candidateTwiceU += allPlacement;
        }
      }
    }
  }
}
