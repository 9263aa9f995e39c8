package dev.backtestgate.cli.workflow;

import static java.util.Locale.ROOT;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A gate's JSON report as the plugin reads it: only the fields the goals need.
 *
 * <pre>{@code
 * for (GateReport r : GateReports.read(reportDir).reports()) {
 *   if (r.failed()) System.out.println(r.headline());
 * }
 * }</pre>
 *
 * @param file the JSON report
 * @param modified when the file was last written
 * @param gate the gate id
 * @param verdict {@code PASSED}, {@code PASSED_WITH_SIGN_OFF} or {@code FAILED}
 * @param fingerprint the data fingerprint
 * @param comparison the lift and its interval, {@code null} when the comparison could not be computed
 * @param maxLift the lift limit applied, NaN when unknown
 * @param findings every finding, resolved or not
 * @param signOffStatus the sign-off status ({@code missing}, {@code covers}, {@code rejected}, ...)
 * @param pendingFile the pending sign-off's path as the gate wrote it into the report, or {@code null}
 * @param pendingWritten whether the run that wrote this report also wrote the pending sign-off
 * @param data what data the run read, {@code null} when the report does not say (written before it did)
 */
record GateReport(
    Path file,
    Instant modified,
    String gate,
    String verdict,
    String fingerprint,
    Lift comparison,
    double maxLift,
    List<Finding> findings,
    String signOffStatus,
    Path pendingFile,
    boolean pendingWritten,
    Data data) {

  GateReport {
    findings = List.copyOf(findings);
  }

  /** A report that does not say what data the run read. */
  GateReport(Path file, Instant modified, String gate, String verdict, String fingerprint, Lift comparison,
      double maxLift, List<Finding> findings, String signOffStatus, Path pendingFile, boolean pendingWritten) {
    this(file, modified, gate, verdict, fingerprint, comparison, maxLift, findings, signOffStatus, pendingFile,
        pendingWritten, null);
  }

  /**
   * What data the run read.
   *
   * @param latestDecision its latest decision time, {@code null} when not known
   * @param historyTables the tables whose history it declares
   */
  record Data(Instant latestDecision, List<String> historyTables) {
    Data {
      historyTables = List.copyOf(historyTables);
    }
  }

  /**
   * The measured lift.
   *
   * @param candidate candidate name
   * @param baseline baseline name
   * @param lift candidate minus baseline AUC
   * @param ciLower lower end of the interval, NaN when unknown
   * @param ciUpper upper end of the interval, NaN when unknown
   * @param confidence the interval's confidence level
   */
  record Lift(String candidate, String baseline, double lift, double ciLower, double ciUpper, double confidence) {
    /** {@code +0.206 (95% CI +0.186..+0.227)}. */
    String describe() {
      String interval = Double.isFinite(ciLower) && Double.isFinite(ciUpper)
          ? String.format(ROOT, " (%.0f%% CI %+.3f..%+.3f)", 100 * confidence, ciLower, ciUpper) : "";
      return Double.isFinite(lift) ? String.format(ROOT, "%+.3f", lift) + interval : "n/a";
    }
  }

  /**
   * One finding of the report.
   *
   * @param kind the stable kind ({@code lift}, {@code point-in-time}, ...)
   * @param subject what it is about (the feature, the table), empty when the finding has none
   * @param resolution how it is resolved: {@code sign-off}, {@code waiver}, {@code fix} or {@code warning}
   * @param unresolved whether it still fails the gate
   * @param summary a short description for messages
   */
  record Finding(String kind, String subject, String resolution, boolean unresolved, String summary) {
    /** A finding whose subject and resolution the report does not give. */
    Finding(String kind, boolean unresolved, String summary) {
      this(kind, "", "", unresolved, summary);
    }

    /** Whether an approval (the sign-off itself, without a waiver) resolves it. */
    boolean approvalResolves() {
      return "sign-off".equals(resolution);
    }
  }

  boolean failed() {
    return "FAILED".equals(verdict);
  }

  /** The findings that fail the gate. */
  List<Finding> unresolved() {
    return findings.stream().filter(Finding::unresolved).toList();
  }

  /** The unresolved findings of one kind. */
  List<Finding> unresolved(String kind) {
    return findings.stream().filter(f -> f.unresolved() && f.kind().equals(kind)).toList();
  }

  /**
   * The one-line headline of the unresolved findings of one kind, e.g. {@code Leakage gate FAILED: com.acme.B#gbm:
   * Feature 'balance' was recorded after the decision time in ...}: what a code-scanning view filtered by that
   * kind shows.
   */
  String headline(String kind) {
    List<String> parts = new ArrayList<>();
    List<Finding> ofKind = unresolved(kind);
    ofKind.forEach(f -> parts.add(f.summary().replaceAll("\\.$", "")));
    if (parts.isEmpty()) {
      parts.add(kind);
    }
    if (ofKind.stream().anyMatch(f -> f.approvalResolves() || "waiver".equals(f.resolution()))
        && !reviewWords().isEmpty()) {
      parts.add(reviewWords());
    }
    return "Leakage gate FAILED: " + gate + ": " + String.join("; ", parts);
  }

  /** What the sign-off status says about a failed gate, e.g. {@code no leakage review covers it}; empty if it covers. */
  private String reviewWords() {
    return switch (signOffStatus) {
      case "missing" -> "no leakage review covers it";
      case "covers" -> "";
      case "rejected" -> "the leakage review rejected it";
      case "stale" -> "the leakage review is for different data (fingerprint changed)";
      case "voided" -> "the leakage review is stale: history it read was rewritten";
      case "expired" -> "the leakage review has expired";
      case "lift-grew" -> "the lift grew beyond the reviewed lift";
      case "trials-grew" -> "the trials ledger counts more trials than the leakage review recorded";
      case "undecided" -> "the leakage review has no decision yet";
      case "wrong-gate" -> "the leakage review file is for another gate";
      case "incomplete" -> "the leakage review is incomplete";
      case "malformed" -> "the leakage review file is malformed";
      default -> "leakage review: " + signOffStatus;
    };
  }

  /**
   * The one-line headline: what was found, e.g. {@code Leakage gate FAILED: com.acme.B#gbm: AUC lift +0.206 is
   * above the 0.050 limit; no leakage review covers it}.
   */
  String headline() {
    String words = switch (verdict) {
      case "FAILED" -> "FAILED";
      case "PASSED_WITH_SIGN_OFF" -> "PASSED with sign-off";
      default -> "PASSED";
    };
    List<String> parts = new ArrayList<>();
    unresolved().forEach(f -> parts.add(f.summary().replaceAll("\\.$", "")));
    if (failed()) {
      String review = reviewWords();
      if (!review.isEmpty() && !parts.isEmpty()) {
        parts.add(review);
      } else if (parts.isEmpty()) {
        parts.add(review.isEmpty() ? "see the report" : review);
      }
    }
    return "Leakage gate " + words + ": " + gate + (parts.isEmpty() ? "" : ": " + String.join("; ", parts));
  }
}
