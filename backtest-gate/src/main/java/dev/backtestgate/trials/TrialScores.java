package dev.backtestgate.trials;

import dev.backtestgate.Baseline;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.internal.AtomicFiles;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;

/**
 * The kept scores of the trials ({@code backtestgate.ledger-scores=true}), beside the directory ledger and apart from
 * it: {@code <ledger>-scores/<test set's 64 hex digits>/<score digest's 64 hex digits>.scores.gz}, one gzip file per
 * trial holding its candidate's and its baseline's scores as doubles in the rows' order. Doubles, not floats: the
 * AUC depends on the order of the scores, and rounding to a float can tie two distinct scores, so a float copy could
 * give a trial another AUC than the one the gate judged; doubles reproduce it and its score digest exactly, which is
 * how a kept file is checked before use. Written atomically like a ledger entry ({@link AtomicFiles}), once: a trial
 * already kept is not written again, so two forks keeping the same trial write the same bytes.
 */
final class TrialScores {
  /** The largest test set whose scores are kept: 16 bytes a row before compression, 16 MB a trial at the limit. */
  static final int MAX_ROWS = 1_000_000;
  private static final String MAGIC = "backtest-gate/trial-scores/v1";
  private final Path root;

  TrialScores(Path ledger) {
    this.root = ledger.resolveSibling(ledger.getFileName() + "-scores");
  }

  /** The kept scores of one test set's trials, the trials whose scores are not kept, and the files skipped. */
  record Kept(Map<String, RealityCheck.Trial> trials, List<String> missing, List<String> skipped) {}

  /** Why {@code run}'s scores cannot be kept (too many rows, a baseline that is a number), empty when they can. */
  static Optional<String> unkeepable(BacktestRun run) {
    if (run.rows() > MAX_ROWS) {
      return Optional.of(String.format("the test set has %,d rows, more than the %,d whose scores are kept",
          run.rows(), MAX_ROWS));
    }
    if (!(run.baseline() instanceof Baseline.Scored)) {
      return Optional.of("the baseline is an AUC number, not scores on the rows");
    }
    return Optional.empty();
  }

  /** Keeps the scores of {@code run}'s trial {@code key}, unless they are kept already; returns the file. */
  Path keep(TrialKey key, BacktestRun run) {
    Path file = fileOf(key.testSet(), key.scores());
    if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return file;
    }
    double[] baseline = ((Baseline.Scored) run.baseline()).scores();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(new GZIPOutputStream(bytes, 1 << 16))) {
      out.writeUTF(MAGIC);
      out.writeUTF(key.scores());
      out.writeUTF(digest(run, baseline));
      out.writeInt(run.rows());
      for (double s : run.candidateScores()) {
        out.writeDouble(s);
      }
      for (double s : baseline) {
        out.writeDouble(s);
      }
    } catch (IOException e) {
      throw new IllegalStateException("compressing in memory failed", e);
    }
    return AtomicFiles.write(file, bytes.toByteArray());
  }

  /**
   * The kept trials among {@code digests} (score digests on {@code run}'s test set), each checked against its digest
   * on {@code run}'s rows; this run's own trial is taken from {@code run}.
   */
  Kept read(BacktestRun run, TrialKey thisRun, List<String> digests) {
    Map<String, RealityCheck.Trial> trials = new LinkedHashMap<>();
    List<String> missing = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    Map<String, double[]> baselines = new HashMap<>();
    double[] own = ((Baseline.Scored) run.baseline()).scores();
    baselines.put(digest(run, own), own);
    for (String digest : digests) {
      if (digest.equals(thisRun.scores())) {
        trials.put(digest, new RealityCheck.Trial(run.candidateScores(), own));
        continue;
      }
      Path file = fileOf(thisRun.testSet(), digest);
      if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
        missing.add(digest);
        continue;
      }
      try {
        RealityCheck.Trial trial = read(file, run, digest, baselines);
        trials.put(digest, trial);
      } catch (IOException | IllegalArgumentException e) {
        skipped.add(file + " is not the kept scores of trial " + digest + " (" + (e instanceof EOFException
            ? "truncated" : e instanceof ZipException ? "not gzip: " + e.getMessage() : e.getMessage()) + ")");
      }
    }
    return new Kept(trials, missing, skipped);
  }

  @Override
  public String toString() {
    return root.toString();
  }

  private RealityCheck.Trial read(Path file, BacktestRun run, String digest, Map<String, double[]> baselines)
      throws IOException {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      throw new IllegalArgumentException("not a regular file");
    }
    int n = run.rows();
    try (InputStream raw = Files.newInputStream(file);
        DataInputStream in = new DataInputStream(new BufferedInputStream(new GZIPInputStream(raw, 1 << 16)))) {
      if (!MAGIC.equals(in.readUTF())) {
        throw new IllegalArgumentException("its header is not " + MAGIC);
      }
      String candidateDigest = in.readUTF();
      String baselineDigest = in.readUTF();
      int rows = in.readInt();
      if (!candidateDigest.equals(digest) || rows != n) {
        throw new IllegalArgumentException(String.format("it holds %s on %,d rows, not this trial on these %,d rows",
            candidateDigest, rows, n));
      }
      double[] candidate = doubles(in, n);
      double[] baseline = doubles(in, n);
      if (in.read() != -1) {
        throw new IllegalArgumentException("it has bytes after the scores");
      }
      if (!digest(run, candidate).equals(digest) || !digest(run, baseline).equals(baselineDigest)) {
        throw new IllegalArgumentException("its scores do not hash to its digest on these rows: damaged, or kept "
            + "in another row order");
      }
      return new RealityCheck.Trial(candidate, baselines.computeIfAbsent(baselineDigest, d -> baseline));
    }
  }

  private static double[] doubles(DataInputStream in, int n) throws IOException {
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = in.readDouble();
      if (!Double.isFinite(values[i])) {
        throw new IllegalArgumentException("row " + i + " has the score " + values[i]);
      }
    }
    return values;
  }

  private static String digest(BacktestRun run, double[] scores) {
    return TrialKey.of(run.labels(), run.decisionTimes(), run.entities().orElse(null), run.entityKeys(), scores)
        .scores();
  }

  private Path fileOf(String testSet, String digest) {
    return root.resolve(testSet.substring(TrialKey.TEST_SET_PREFIX.length()))
        .resolve(digest.substring(TrialKey.SCORES_PREFIX.length()) + ".scores.gz");
  }
}
