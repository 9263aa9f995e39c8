package dev.backtestgate.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.Comparison;
import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import dev.backtestgate.review.SignOffStatus;
import dev.backtestgate.time.HistoryCheckResult;
import dev.backtestgate.time.HistoryFinding;
import dev.backtestgate.time.LateWriteReport;
import dev.backtestgate.time.PointInTimeViolation;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The JSON report of a gate result: everything the gate decided and why, for people and tools.
 * Non-finite numbers are written as {@code null}.
 *
 * <pre>{@code
 * String json = ReportJson.write(result, pendingFile, true);
 * }</pre>
 */
public final class ReportJson {
  /** Version of the report format. */
  public static final int SCHEMA = 1;

  private ReportJson() {}

  /** The canonical JSON text of the report. */
  public static String write(GateResult r, Path pendingFile, boolean pendingWritten) {
    return CanonicalJson.write(tree(r, pendingFile, pendingWritten));
  }

  /** The report as a JSON tree. */
  public static ObjectNode tree(GateResult r, Path pendingFile, boolean pendingWritten) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("schema", SCHEMA);
    root.put("gate", r.gateId());
    root.put("verdict", r.verdict().name());
    root.put("evaluatedOn", r.evaluatedOn().toString());
    root.put("fingerprint", r.fingerprint());
    comparison(root.putObject("comparison"), r.comparison());
    ObjectNode policy = root.putObject("policy");
    number(policy, "maxLift", r.policy().maxLift());
    number(policy, "confidence", r.policy().confidence());
    number(policy, "liftTolerance", r.policy().liftTolerance());
    policy.put("availabilityLag", r.policy().availabilityLag().toString());
    ObjectNode run = root.putObject("run");
    run.put("candidate", r.run().candidate());
    run.put("baseline", r.run().baseline());
    run.put("rows", r.run().rows());
    run.put("positives", r.run().positives());
    r.run().features().forEach(run.putArray("features")::add);
    r.run().timelessFeatures().forEach(run.putArray("timelessFeatures")::add);
    ArrayNode findings = root.putArray("findings");
    for (Finding f : r.findings()) {
      finding(findings.addObject(), f, r.unresolved().contains(f));
    }
    r.waivedFeatures().forEach(root.putArray("waivedFeatures")::add);
    signOff(root.putObject("signOff"), r.signOff());
    ObjectNode pending = root.putObject("pendingSignOff");
    pending.put("file", pendingFile.toString());
    pending.put("written", pendingWritten);
    return root;
  }

  private static void comparison(ObjectNode node, Comparison c) {
    if (c == null) {
      node.put("available", false);
      return;
    }
    node.put("available", true);
    node.put("candidate", c.candidate());
    node.put("baseline", c.baseline());
    number(node, "candidateAuc", c.candidateAuc());
    number(node, "baselineAuc", c.baselineAuc());
    number(node, "lift", c.lift());
    number(node, "standardError", c.standardError());
    number(node, "confidence", c.confidence());
    ArrayNode ci = node.putArray("liftCi");
    numberItem(ci, c.ciLower());
    numberItem(ci, c.ciUpper());
    number(node, "pValue", c.pValue());
    node.put("interval", c.interval().name());
  }

  private static void finding(ObjectNode node, Finding f, boolean unresolved) {
    node.put("type", f.getClass().getSimpleName());
    node.put("unresolved", unresolved);
    node.put("resolvableBy", f.signOffCan().name());
    if (f instanceof Finding.LiftAboveLimit lift) {
      number(node, "lift", lift.lift());
      number(node, "maxLift", lift.maxLift());
    } else if (f instanceof Finding.PerfectCandidate perfect) {
      number(node, "candidateAuc", perfect.candidateAuc());
    } else if (f instanceof Finding.PointInTime pit) {
      PointInTimeViolation v = pit.violation();
      node.put("feature", v.feature());
      node.put("rowsAffected", v.rowsAffected());
      node.put("rowsWithValue", v.rowsWithValue());
      node.put("rows", v.rows());
      number(node, "share", v.share());
      node.put("largestLead", v.largestLead().toString());
      node.put("availabilityLag", v.availabilityLag().toString());
      ArrayNode examples = node.putArray("examples");
      for (PointInTimeViolation.ExampleRow e : v.examples()) {
        examples.addObject().put("row", e.row()).put("decisionTime", e.decisionTime().toString())
            .put("knownAt", e.knownAt().toString());
      }
    } else if (f instanceof Finding.LateWrites late) {
      LateWriteReport report = late.report();
      node.put("table", report.table());
      node.put("policy", late.policy().configValue());
      node.put("closingWindow", report.closingWindow().toString());
      node.put("events", report.events());
      node.put("lateEvents", report.lateEvents());
      ArrayNode batches = node.putArray("batches");
      for (LateWriteReport.Batch b : report.batches()) {
        batches.addObject().put("recordedDay", b.recordedDay().toString()).put("count", b.count())
            .put("minValidFrom", b.minValidFrom().toString()).put("maxValidFrom", b.maxValidFrom().toString())
            .put("entities", b.entities()).put("maxLateness", b.maxLateness().toString());
      }
    } else if (f instanceof Finding.RewrittenHistory history) {
      HistoryCheckResult result = history.result();
      node.put("table", result.table());
      node.put("granularity", result.granularity().configValue());
      node.put("closedBefore", result.closedBefore().toString());
      node.put("partitionsChecked", result.partitionsChecked());
      ArrayNode partitions = node.putArray("partitions");
      for (HistoryFinding p : result.findings()) {
        partitions.addObject().put("partition", p.partition()).put("change", p.getClass().getSimpleName())
            .put("description", p.describe());
      }
    } else if (f instanceof Finding.CheckFailed failed) {
      node.put("check", failed.check());
      node.put("reason", failed.reason());
    }
  }

  private static void signOff(ObjectNode node, SignOffStatus s) {
    String type = s.getClass().getSimpleName();
    node.put("status", type.toLowerCase(Locale.ROOT));
    node.put("file", s.file().toString());
    if (s instanceof SignOffStatus.Covers c) {
      node.put("reviewer", c.signOff().reviewer());
      node.put("reviewedOn", String.valueOf(c.signOff().reviewedOn()));
      node.put("expiresOn", String.valueOf(c.signOff().expiresOn()));
    } else if (s instanceof SignOffStatus.Malformed m) {
      node.put("jsonPath", m.jsonPath());
      node.put("problem", m.problem());
    } else if (s instanceof SignOffStatus.Rejected r) {
      node.put("reviewer", r.reviewer());
      node.put("rationale", r.rationale());
    } else if (s instanceof SignOffStatus.Stale st) {
      node.put("reviewedFingerprint", st.reviewedFingerprint());
    } else if (s instanceof SignOffStatus.Expired e) {
      node.put("expiresOn", e.expiresOn().toString());
    } else if (s instanceof SignOffStatus.LiftGrew g) {
      number(node, "reviewedLift", g.reviewedLift());
      number(node, "tolerance", g.tolerance());
    } else if (s instanceof SignOffStatus.Incomplete i) {
      i.missing().forEach(node.putArray("missing")::add);
    } else if (s instanceof SignOffStatus.WrongGate w) {
      node.put("fileGate", w.fileGate());
    }
  }

  private static void number(ObjectNode node, String field, double value) {
    if (Double.isFinite(value)) {
      node.put(field, value);
    } else {
      node.putNull(field);
    }
  }

  private static void numberItem(ArrayNode array, double value) {
    if (Double.isFinite(value)) {
      array.add(value);
    } else {
      array.addNull();
    }
  }
}
