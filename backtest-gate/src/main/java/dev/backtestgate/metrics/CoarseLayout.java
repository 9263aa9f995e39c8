package dev.backtestgate.metrics;

/**
 * One model's scores (and optionally an {@code int} or a {@code long} per row) scattered by coarse
 * bucket: bucket {@code c} holds its positives in {@code [start(c), negStart(c))} and its negatives in
 * {@code [negStart(c), start(c + 1))}. With a few thousand coarse buckets every write stream stays in
 * cache, so the scatter costs about one sequential pass. {@code -0.0} is stored as {@code 0.0}.
 */
final class CoarseLayout {
  final Buckets buckets;
  private final int[] start;
  private final int[] negStart;
  /** Rows are split into this many contiguous parts, counted and scattered on their own thread. */
  final int parts;

  /**
   * Scatters {@code scores} into {@code values} and, when {@code payload} is not null, alongside each
   * score {@code payloadByRow[row]}, or the row number itself when {@code payloadByRow} is null.
   */
  CoarseLayout(
      boolean[] labels,
      double[] scores,
      Buckets buckets,
      double[] values,
      int[] payload,
      int[] payloadByRow) {
    this(labels, scores, buckets, values, payload, payloadByRow, null, null);
  }

  /** Scatters {@code scores} into {@code values} and, alongside each score, {@code payloadByRow[row]}. */
  static CoarseLayout carrying(boolean[] labels, double[] scores, Buckets buckets, double[] values, long[] payload,
      long[] payloadByRow) {
    return new CoarseLayout(labels, scores, buckets, values, null, null, payload, payloadByRow);
  }

  private CoarseLayout(
      boolean[] labels,
      double[] scores,
      Buckets buckets,
      double[] values,
      int[] payload,
      int[] payloadByRow,
      long[] widePayload,
      long[] widePayloadByRow) {
    this.buckets = buckets;
    int n = scores.length;
    int coarse = buckets.coarseCount;
    this.parts = Parallel.parts(n);
    // cursors[part][2c] counts, then places, positives of bucket c; cursors[part][2c + 1] negatives
    int[][] cursors = new int[parts][2 * coarse];
    Parallel.run(parts, part -> count(labels, scores, from(part, n), from(part + 1, n), cursors[part]));
    this.start = new int[coarse + 1];
    this.negStart = new int[coarse];
    int slot = 0;
    for (int c = 0; c < coarse; c++) {
      start[c] = slot;
      for (int[] part : cursors) {
        int positives = part[2 * c];
        part[2 * c] = slot;
        slot += positives;
      }
      negStart[c] = slot;
      for (int[] part : cursors) {
        int negatives = part[2 * c + 1];
        part[2 * c + 1] = slot;
        slot += negatives;
      }
    }
    start[coarse] = slot;
    Parallel.run(
        parts,
        part -> {
          int[] cursor = cursors[part];
          if (widePayload == null) {
            scatter(labels, scores, from(part, n), from(part + 1, n), cursor, values, payload, payloadByRow);
          } else {
            scatterWide(labels, scores, from(part, n), from(part + 1, n), cursor, values, widePayload,
                widePayloadByRow);
          }
        });
  }

  private int from(int part, int n) {
    return Parallel.from(part, parts, n);
  }

  private void count(boolean[] labels, double[] scores, int from, int to, int[] counts) {
    Buckets b = buckets;
    for (int i = from; i < to; i++) {
      counts[2 * b.coarse(scores[i]) + (labels[i] ? 0 : 1)]++; // -0.0 and 0.0 share a bucket
    }
  }

  private void scatter(
      boolean[] labels,
      double[] scores,
      int from,
      int to,
      int[] cursors,
      double[] values,
      int[] payload,
      int[] payloadByRow) {
    Buckets b = buckets;
    for (int i = from; i < to; i++) {
      double x = scores[i] + 0.0; // -0.0 becomes 0.0
      int slot = cursors[2 * b.coarse(x) + (labels[i] ? 0 : 1)]++;
      values[slot] = x;
      if (payload != null) {
        payload[slot] = payloadByRow == null ? i : payloadByRow[i];
      }
    }
  }

  /** {@link #scatter} with a {@code long} per row. */
  private void scatterWide(boolean[] labels, double[] scores, int from, int to, int[] cursors, double[] values,
      long[] payload, long[] payloadByRow) {
    Buckets b = buckets;
    for (int i = from; i < to; i++) {
      double x = scores[i] + 0.0;
      int slot = cursors[2 * b.coarse(x) + (labels[i] ? 0 : 1)]++;
      values[slot] = x;
      payload[slot] = payloadByRow[i];
    }
  }

  int start(int c) {
    return start[c];
  }

  int negStart(int c) {
    return negStart[c];
  }

  /** Negatives in coarse buckets below {@code c}. */
  long negativesBelow(int c) {
    long negatives = 0;
    for (int b = 0; b < c; b++) {
      negatives += start[b + 1] - negStart[b];
    }
    return negatives;
  }

  /** Positives in coarse buckets below {@code c}. */
  long positivesBelow(int c) {
    return start[c] - negativesBelow(c);
  }

  /** The most rows any one coarse bucket holds. */
  int largestBucket() {
    int largest = 0;
    for (int c = 0; c < buckets.coarseCount; c++) {
      largest = Math.max(largest, start[c + 1] - start[c]);
    }
    return largest;
  }

  /** The first coarse bucket of each part of the resolving work, split at about half the rows. */
  int[] splitBuckets() {
    int coarse = buckets.coarseCount;
    if (parts == 1) {
      return new int[] {0, coarse};
    }
    int half = start[coarse] / 2;
    int c = 0;
    while (c < coarse && start[c + 1] <= half) {
      c++;
    }
    return new int[] {0, c, coarse};
  }
}
