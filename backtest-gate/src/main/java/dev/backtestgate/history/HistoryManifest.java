package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.internal.AtomicFiles;
import dev.backtestgate.internal.BoundedFiles;
import dev.backtestgate.time.Columns;
import dev.backtestgate.time.EventLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A committed record of a table's closed history: per closed partition (UTC day or month of validFrom),
 * the row count and an order-independent content hash ({@link RowDigest}). Checking today's data against
 * it ({@link HistoryCheck}) names every closed partition whose rows changed, vanished or appeared, which
 * is how an in-place backfill that stamped nothing shows up.
 *
 * <p>What a manifest covers: the rows valid before {@link #closedBefore()} and recorded before it. Rows
 * recorded later, such as appended corrections, never change a covered partition; they reach the next
 * manifest. {@code closedBefore} is rounded down to a partition boundary, so a daily job with
 * "now minus the closing window" proposes the same manifest all day.
 *
 * <p>The manifest in the repository is only ever written by a person: the code proposes a new one under
 * the report directory ({@link #writeProposed}) and the person reviews the diff and commits it, like a
 * sign-off. The file is canonical JSON (UTF-8, LF, 2-space indent, trailing newline, partitions sorted, no
 * timestamps of its own), so unchanged history gives a byte-identical file.
 *
 * <pre>{@code
 * HistoryManifest proposed = HistoryManifest.of(statusLog, PartitionGranularity.DAY,
 *     Instant.now().minus(Duration.ofDays(7)));
 * Path written = proposed.writeProposed(Path.of("target/backtest-gate"), Path.of("history/status.json"));
 * // a person: cp target/backtest-gate/history-manifests/status.json history/status.json && git commit
 * }</pre>
 *
 * @param table the event log's name
 * @param granularity how partitions are cut
 * @param closedBefore first day not covered (a partition boundary)
 * @param partitions the covered partitions that hold rows, oldest first
 */
@API(status = STABLE, since = "0.1")
public record HistoryManifest(
    String table, PartitionGranularity granularity, LocalDate closedBefore, List<Partition> partitions) {

  /** The file format version. */
  public static final int SCHEMA = 1;

  /** The largest manifest file read: ten years of daily partitions take about 40 KB. */
  static final int MAX_BYTES = 16 * 1024 * 1024;

  /** The sub-directory of the report directory that proposed manifests are written to. */
  public static final String PROPOSED_DIR = "history-manifests";

  public HistoryManifest {
    Columns.requireName(table, "table name");
    Columns.required(granularity, "granularity");
    Columns.required(closedBefore, "closedBefore");
    partitions = List.copyOf(partitions);
  }

  /**
   * One partition's digest.
   *
   * @param partition the key: {@code 2024-03-05} (day) or {@code 2024-03} (month)
   * @param rows the number of covered rows in it (at least 1)
   * @param hash 32 lowercase hex digits
   */
  public record Partition(String partition, long rows, String hash) {}

  /**
   * The manifest of {@code log} as it is now, covering partitions that end on or before
   * {@code closedBefore} (rounded down to a partition boundary). O(n).
   */
  public static HistoryManifest of(EventLog log, PartitionGranularity granularity, Instant closedBefore) {
    Columns.required(log, "event log");
    LocalDate boundary = granularity.floor(Columns.millis(closedBefore, "closedBefore"));
    return new HistoryManifest(log.name(), granularity, boundary, PartitionDigests.of(log, granularity, boundary));
  }

  /**
   * Reads a manifest file.
   *
   * @throws IllegalArgumentException naming the file and the JSON path of the first problem
   */
  public static HistoryManifest read(Path file) throws IOException {
    Path absolute = file.toAbsolutePath();
    if (!Files.exists(absolute)) {
      throw new NoSuchFileException(absolute.toString(), null,
          "no history manifest here yet: write one with HistoryManifest.of(...).writeProposed(...), review it"
              + " and commit it at this path");
    }
    String text = BoundedFiles.readRegular(absolute, MAX_BYTES, "history manifest").orElseThrow(() ->
        new NoSuchFileException(absolute.toString()));
    return ManifestJson.parse(text, absolute.toString());
  }

  /** Parses manifest JSON; {@code source} names it in error messages. */
  public static HistoryManifest parse(String json, String source) {
    return ManifestJson.parse(json, source);
  }

  /** The prefix of {@link #digest()}. */
  public static final String DIGEST_PREFIX = "manifest-sha256:";

  /**
   * {@code manifest-sha256:} and the SHA-256 of the canonical file content ({@link #toJson()}, UTF-8) in 64
   * lower-case hex digits: the same for the same manifest however its file was laid out.
   */
  public String digest() {
    try {
      return DIGEST_PREFIX + java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
          .digest(toJson().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /**
   * The version of this manifest a claim records when it was read from {@code file}: {@link #digest()}, {@code @}
   * and the file's path, relative to the working directory (the module directory, under Maven) when inside it, with
   * {@code /} separators, else absolute.
   */
  public String versionRead(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    Path module = Path.of("").toAbsolutePath().normalize();
    String where = absolute.startsWith(module) && !absolute.equals(module)
        ? module.relativize(absolute).toString().replace(java.io.File.separatorChar, '/') : absolute.toString();
    return digest() + "@" + where;
  }

  /** The canonical file content. */
  public String toJson() {
    return ManifestJson.write(this);
  }

  /**
   * Writes this manifest as a proposal to {@code <reportDir>/history-manifests/<committed file name>},
   * atomically (temporary file in the same directory, then an atomic move), and returns its path. Never
   * writes to the committed manifest's location.
   *
   * @throws IllegalArgumentException if the proposal would land on {@code committedManifest}
   */
  public Path writeProposed(Path reportDir, Path committedManifest) throws IOException {
    Path target = reportDir.resolve(PROPOSED_DIR).resolve(committedManifest.getFileName()).toAbsolutePath().normalize();
    Path committed = committedManifest.toAbsolutePath().normalize();
    if (target.equals(committed) || (Files.exists(target) && Files.exists(committed) && Files.isSameFile(target, committed))) {
      throw new IllegalArgumentException(
          "the proposed manifest would overwrite the committed one at " + committed + "; only a person updates"
              + " a committed manifest: choose a report directory outside its folder");
    }
    try {
      return AtomicFiles.write(target, toJson());
    } catch (java.io.UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
