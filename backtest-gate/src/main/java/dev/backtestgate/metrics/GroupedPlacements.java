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
 * <p>Memory beyond the input: the {@code double[n]} scores and {@code int[n]} payload of {@link DeLong#compare} and one
 * {@code long[n]} slot per row (where {@link DeLong#compare} has an {@code int[n]}), plus O(groups). No array records
 * each row's group: the high half of the row's slot {@code byRow[row]} holds {@code 2 * (rows of earlier groups)}
 * plus, after the baseline's pass, the baseline's placement in its group, which is less than {@code 2 * (rows of its
 * group)}; so the group is read back from that value (a table on its high bits and a step or two). The low half holds
 * the baseline's placement among all rows. Both passes carry the row number through the bucketing and read each
 * bucket's slots in a tight loop, whose cache misses overlap; the baseline's pass writes them back the same way. The
 * walk is sequential, so the result is the same on one thread or two.
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
  /** By row, unsigned: {@code start2[group]}, plus the baseline's placement once its pass has run. */
  private final long[] byRow;
  private final double[] scratch;
  private final int[] payload;
  private final int shift;
  private final int[] table;
  private final long[] positivesBelow;
  private final long[] negativesBelow;
  private final int[] tiedPositives;
  private final int[] tiedNegatives;
  private long allPositivesBelow;
  private long allNegativesBelow;
  private boolean baselinePass;
  /** Baseline's pass, rare buckets: the row of each index, its slot read and written in place; else null. */
  private int[] rowsAt;
  /** The slot value of each index (carried, or gathered by row); null while {@link #rowsAt} is used. */
  private long[] packedAt;
  /** The groups of a bucket small enough to compare all its pairs. */
  private final int[] groupAt = new int[Ties.ALL_PAIRS_MAX + 2];
  /** Per group, the first positive (negative) index of a small bucket in its list, or -1. */
  private final int[] firstPositive;
  private final int[] firstNegative;
  /** The next index of the same group and class in a small bucket, or -1. */
  private final int[] nextInGroup = new int[Ties.ALL_PAIRS_MAX + 2];

  /**
   * Counts each group's classes and marks each row's group.
   *
   * @throws IllegalArgumentException when {@code groupOf} puts a row outside {@code [0, groups)}
   */
  GroupedPlacements(boolean[] labels, int groups, IntUnaryOperator groupOf) {
    this.labels = labels;
    this.groups = groups;
    int n = labels.length;
    this.positives = new long[groups];
    this.negatives = new long[groups];
    this.byRow = new long[n];
    for (int row = 0; row < n; row++) {
      int g = groupOf.applyAsInt(row);
      if (g < 0 || g >= groups) {
        throw new IllegalArgumentException("row " + row + " was put in group " + g + ", outside the " + groups
            + " groups [0, " + groups + "): the grouping function must return a group index in that range.");
      }
      byRow[row] = g;
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
    for (int row = 0; row < n; row++) {
      byRow[row] = start2[(int) byRow[row]] << 32;
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
    this.scratch = new double[n];
    this.payload = new int[n];
    this.positivesBelow = new long[groups];
    this.negativesBelow = new long[groups];
    this.tiedPositives = new int[groups];
    this.tiedNegatives = new int[groups];
    this.firstPositive = new int[groups];
    this.firstNegative = new int[groups];
    Arrays.fill(firstPositive, -1);
    Arrays.fill(firstNegative, -1);
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
    Arrays.fill(positivesBelow, 0);
    Arrays.fill(negativesBelow, 0);
    allPositivesBelow = 0;
    allNegativesBelow = 0;
    Buckets buckets = new Buckets(range, scores.length);
    CoarseLayout layout = new CoarseLayout(labels, scores, buckets, scratch, payload, null);
    FineBuckets fine =
        new FineBuckets(buckets, Math.min(FineBuckets.CAPACITY, layout.largestBucket()), true);
    long[] gathered = new long[fine.capacity()];
    for (int c = 0; c < buckets.coarseCount; c++) {
      int s = layout.start(c);
      int ns = layout.negStart(c);
      int e = layout.start(c + 1);
      if (s == ns || ns == e || e - s > fine.capacity()) { // rare: read and write the rows' slots one by one
        rowsAt = payload;
        packedAt = null;
        sort(scratch, payload, s, ns, e);
        place(scratch, s, ns, e);
        continue;
      }
      fine.distribute(c, scratch, payload, s, ns, e);
      for (int f = 0; f < Buckets.FINE_PER_COARSE; f++) {
        sort(fine.values, fine.payload, fine.start(f), fine.negStart(f), fine.end(f));
      }
      rowsAt = null;
      int size = e - s;
      // the rows' slots read, then (baseline) written, in tight loops whose cache misses overlap
      for (int k = 0; k < size; k++) {
        gathered[k] = byRow[fine.payload[k]];
      }
      packedAt = gathered;
      for (int f = 0; f < Buckets.FINE_PER_COARSE; f++) {
        place(fine.values, fine.start(f), fine.negStart(f), fine.end(f));
      }
      if (baselinePass) {
        for (int k = 0; k < size; k++) {
          byRow[fine.payload[k]] = gathered[k];
        }
      }
    }
  }

  /** Sorts both classes of a bucket when {@link #place} walks it: both present, too many pairs to compare all. */
  private static void sort(double[] keys, int[] carried, int s, int ns, int e) {
    long pairs = (long) (ns - s) * (e - ns);
    if (pairs > Ties.ALL_PAIRS_MAX) {
      PairSort.sort(keys, carried, s, ns);
      PairSort.sort(keys, carried, ns, e);
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
   * A small bucket: each row compared with the other class's rows of its own group only, found through a list per
   * group (rows of one group rarely share a small bucket, so this is about one step per row).
   */
  private void allPairs(double[] keys, int s, int ns, int e) {
    for (int k = s; k < e; k++) {
      int g = group(packed(k));
      groupAt[k - s] = g;
      int[] head = k < ns ? firstPositive : firstNegative;
      nextInGroup[k - s] = head[g];
      head[g] = k;
    }
    for (int i = s; i < ns; i++) {
      int g = groupAt[i - s];
      double x = keys[i];
      long against = 0;
      for (int j = firstNegative[g]; j >= 0; j = nextInGroup[j - s]) {
        double y = keys[j];
        against += (x > y ? 2 : 0) + (x == y ? 1 : 0);
      }
      record(i, packed(i), g, 2 * negativesBelow[g] + against, 2 * allNegativesBelow + Ties.against(x, keys, ns, e),
          POSITIVE);
    }
    for (int j = ns; j < e; j++) {
      int g = groupAt[j - s];
      double y = keys[j];
      long against = 0;
      for (int i = firstPositive[g]; i >= 0; i = nextInGroup[i - s]) {
        double x = keys[i];
        against += (y > x ? 2 : 0) + (y == x ? 1 : 0);
      }
      record(j, packed(j), g, 2 * (positives[g] - positivesBelow[g]) - against,
          2 * (allPositives - allPositivesBelow) - Ties.against(y, keys, s, ns), NEGATIVE);
    }
    allPositivesBelow += ns - s;
    allNegativesBelow += e - ns;
    for (int k = s; k < e; k++) {
      int g = groupAt[k - s];
      if (k < ns) {
        positivesBelow[g]++;
        firstPositive[g] = -1;
      } else {
        negativesBelow[g]++;
        firstNegative[g] = -1;
      }
    }
  }

  /** A positive tied with no negative: {@code 2 *} the negatives of its group below it. */
  private void positive(int k) {
    long packed = packed(k);
    int g = group(packed);
    record(k, packed, g, 2 * negativesBelow[g], 2 * allNegativesBelow, POSITIVE);
    positivesBelow[g]++;
    allPositivesBelow++;
  }

  /** A negative tied with no positive: {@code 2 *} the positives of its group above it. */
  private void negative(int k) {
    long packed = packed(k);
    int g = group(packed);
    record(k, packed, g, 2 * (positives[g] - positivesBelow[g]), 2 * (allPositives - allPositivesBelow), NEGATIVE);
    negativesBelow[g]++;
    allNegativesBelow++;
  }

  /** One score shared by positives {@code [i, iEnd)} and negatives {@code [j, jEnd)}, of any groups. */
  private void tied(int i, int iEnd, int j, int jEnd) {
    for (int k = i; k < iEnd; k++) {
      tiedPositives[group(packed(k))]++;
    }
    for (int k = j; k < jEnd; k++) {
      tiedNegatives[group(packed(k))]++;
    }
    long allTiedPositives = iEnd - i;
    long allTiedNegatives = jEnd - j;
    for (int k = i; k < iEnd; k++) {
      long packed = packed(k);
      int g = group(packed);
      record(k, packed, g, 2 * negativesBelow[g] + tiedNegatives[g], 2 * allNegativesBelow + allTiedNegatives,
          POSITIVE);
    }
    for (int k = j; k < jEnd; k++) {
      long packed = packed(k);
      int g = group(packed);
      long tied = tiedPositives[g];
      record(k, packed, g, 2 * (positives[g] - positivesBelow[g] - tied) + tied,
          2 * (allPositives - allPositivesBelow - allTiedPositives) + allTiedPositives, NEGATIVE);
    }
    allPositivesBelow += allTiedPositives;
    allNegativesBelow += allTiedNegatives;
    for (int k = i; k < iEnd; k++) {
      int g = group(packed(k));
      positivesBelow[g]++;
      tiedPositives[g] = 0;
    }
    for (int k = j; k < jEnd; k++) {
      int g = group(packed(k));
      negativesBelow[g]++;
      tiedNegatives[g] = 0;
    }
  }

  /** The slot of the row at index {@code k}: read by its row, or from where it was gathered. */
  private long slot(int k) {
    return rowsAt != null ? byRow[rowsAt[k]] : packedAt[k];
  }

  /** The high half of the slot of the row at index {@code k}: its group's start plus the baseline's placement in it. */
  private long packed(int k) {
    return slot(k) >>> 32;
  }

  /** The group whose slot range {@code [start2[g], start2[g + 1])} holds {@code packed}. */
  private int group(long packed) {
    int g = table[(int) (packed >>> shift)];
    while (g + 1 < groups && start2[g + 1] <= packed) {
      g++;
    }
    return g;
  }

  /** A row's placement within its group and among all rows. */
  private void record(int k, long packed, int g, long placement, long allPlacement, int kind) {
    GroupSums sum = sums[g];
    if (baselinePass) {
      long slot = (packed + placement) << 32 | allPlacement;
      if (rowsAt != null) {
        byRow[rowsAt[k]] = slot;
      } else {
        packedAt[k] = slot;
      }
      sum.addBaseline(placement, kind);
      all.addBaseline(allPlacement, kind);
      if (kind == POSITIVE) {
        sum.baselineTwiceU += placement;
        all.baselineTwiceU += allPlacement;
      }
    } else {
      long allBaseline = slot(k) & 0xFFFF_FFFFL;
      sum.addCandidate(placement, placement - (packed - start2[g]), kind);
      all.addCandidate(allPlacement, allPlacement - allBaseline, kind);
      if (kind == POSITIVE) {
        sum.candidateTwiceU += placement;
        all.candidateTwiceU += allPlacement;
      }
    }
  }
}
