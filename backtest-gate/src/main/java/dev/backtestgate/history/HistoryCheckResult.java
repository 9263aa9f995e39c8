package dev.backtestgate.history;

import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.HistoryDeclaration;
import dev.backtestgate.RunSummary;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The outcome of checking a table against its committed {@link HistoryManifest}: every covered partition
 * whose rows changed, vanished or appeared. Any finding means history was rewritten in place, which fails
 * the gate: backtests run before the rewrite saw other data, and those run after it see values nobody knew
 * at the time.
 *
 * <pre>{@code
 * HistoryCheckResult result = HistoryCheck.compare(HistoryManifest.read(committed), statusLog);
 * if (!result.clean()) {
 *   result.problems().forEach(System.out::println);
 * }
 * }</pre>
 *
 * @param table the table checked
 * @param granularity the manifest's partitioning
 * @param closedBefore the manifest's cut-off: rows valid and recorded before it are covered
 * @param partitionsChecked the number of partitions present in the manifest or the data
 * @param findings the partitions that differ, oldest first
 * @param proposed the manifest of the data as it is now (same granularity and cut-off), to review and commit if
 *     the rewrite was intended; {@code null} when none was computed
 * @param commits the commits of the table's own log in the window read, oldest first, when the result comes from the
 *     log (Delta, Iceberg); empty when it comes from a manifest
 * @param manifestRead the committed manifest this result was checked against, as the claim records it
 *     ({@code manifest-sha256:<hex>@<path>}, {@link HistoryManifest#versionRead}), when it was read from a file by
 *     {@link HistoryCheck#compare(java.nio.file.Path, dev.backtestgate.time.EventLog)}; else {@code ""}
 */
@API(status = STABLE, since = "0.1")
public record HistoryCheckResult(
    String table,
    PartitionGranularity granularity,
    LocalDate closedBefore,
    int partitionsChecked,
    List<HistoryFinding> findings,
    HistoryManifest proposed,
    List<LogCommit> commits,
    String manifestRead) implements HistoryDeclaration {

  /** Copies the findings and the commits. */
  public HistoryCheckResult {
    findings = List.copyOf(findings);
    commits = List.copyOf(commits);
    java.util.Objects.requireNonNull(manifestRead, "manifestRead");
  }

  /** A result that records no manifest file read. */
  public HistoryCheckResult(String table, PartitionGranularity granularity, LocalDate closedBefore,
      int partitionsChecked, List<HistoryFinding> findings, HistoryManifest proposed, List<LogCommit> commits) {
    this(table, granularity, closedBefore, partitionsChecked, findings, proposed, commits, "");
  }

  /** A result from a manifest: no log commits. */
  public HistoryCheckResult(String table, PartitionGranularity granularity, LocalDate closedBefore,
      int partitionsChecked, List<HistoryFinding> findings, HistoryManifest proposed) {
    this(table, granularity, closedBefore, partitionsChecked, findings, proposed, List.of());
  }

  /** A result without a proposed manifest. */
  public HistoryCheckResult(String table, PartitionGranularity granularity, LocalDate closedBefore,
      int partitionsChecked, List<HistoryFinding> findings) {
    this(table, granularity, closedBefore, partitionsChecked, findings, null);
  }

  /** This result, recording that it was checked against {@code manifestRead} ({@link HistoryManifest#versionRead}). */
  HistoryCheckResult withManifestRead(String manifestRead) {
    return new HistoryCheckResult(table, granularity, closedBefore, partitionsChecked, findings, proposed, commits,
        manifestRead);
  }

  /** {@link #manifestRead()}, when the manifest was read from a file: the claim records it as the version read. */
  @Override
  public java.util.Optional<String> versionRead() {
    return manifestRead.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(manifestRead);
  }

  /** Whether the covered history is exactly as the manifest recorded it. */
  public boolean clean() {
    return findings.isEmpty();
  }

  /** One line per finding, then what to do; empty when clean. */
  public List<String> problems() {
    List<String> lines = new ArrayList<>();
    for (HistoryFinding finding : findings) {
      lines.add("'" + table + "': " + finding.describe());
    }
    if (!lines.isEmpty()) {
      lines.add(findings.size() + " closed " + granularity.configValue() + " partition(s) of '" + table
          + "' before " + closedBefore + " were rewritten in place. Restore the original rows and append"
          + " corrections with their own recordedAt; if the rewrite is intended, review the proposed manifest"
          + " written under the report directory and commit it in place of the old one.");
    }
    return lines;
  }

  /** The table, its granularity and the partitions of the decisions between {@code earliest} and {@code latest}. */
  @Override
  public RunSummary.HistoryTable historyTable(java.time.Instant earliest, java.time.Instant latest) {
    return new RunSummary.HistoryTable(table, granularity.configValue(),
        earliest == null ? null : granularity.key(java.time.LocalDate.ofInstant(earliest, java.time.ZoneOffset.UTC)),
        latest == null ? null : granularity.key(java.time.LocalDate.ofInstant(latest, java.time.ZoneOffset.UTC)));
  }
}
