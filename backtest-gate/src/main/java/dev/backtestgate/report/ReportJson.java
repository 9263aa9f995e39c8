package dev.backtestgate.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.Comparison;
import dev.backtestgate.Finding;
import dev.backtestgate.GateResult;
import dev.backtestgate.RunSummary;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.config.GateConfig;
import dev.backtestgate.internal.CanonicalJson;
import dev.backtestgate.review.SignOffStatus;
import dev.backtestgate.screen.featurelabel.FeatureLabelSettings;
import dev.backtestgate.trials.TrialRecorder;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON report of a gate result: everything the gate decided and why, for people and tools (its schema is
 * docs/schemas/report.schema.json). Findings are keyed by their stable kind, never by a Java class name.
 * Non-finite numbers are written as {@code null}.
 *
 * <pre>{@code
 * String json = ReportJson.write(publishedGate);
 * }</pre>
 */
final class ReportJson {
  /** Version of the report format: 2 names findings by kind and subject. */
  static final int SCHEMA = 2;

  private ReportJson() {}

  /** The canonical JSON text of the report. */
  static String write(PublishedGate gate) {
    return CanonicalJson.write(tree(gate));
  }

  /** The canonical JSON text of the report with the evaluation's claim ({@code "claim": null} when it has none). */
  static String write(PublishedGate gate, Optional<Claim> claim) {
    return CanonicalJson.write(withClaim(gate, claim));
  }

  /** As with a claim, and where the evaluation's trial was recorded ({@code trials}: the ledger, or null when off). */
  static String write(PublishedGate gate, Optional<Claim> claim, TrialRecorder.Outcome trials) {
    ObjectNode root = withClaim(gate, claim);
    ObjectNode node = root.putObject("trials");
    node.put("ledger", trials.ledger().orElse(null));
    node.put("recorded", trials.recorded());
    node.put("text", trials.line());
    return CanonicalJson.write(root);
  }

  private static ObjectNode withClaim(PublishedGate gate, Optional<Claim> claim) {
    ObjectNode root = tree(gate);
    root.set("claim", claim.<JsonNode>map(ClaimJson::tree).orElse(JsonNodeFactory.instance.nullNode()));
    return root;
  }

  /** The report as a JSON tree. */
  static ObjectNode tree(PublishedGate gate) {
    GateResult r = gate.result();
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    root.put("schema", SCHEMA);
    root.put("gate", r.gateId());
    root.put("verdict", r.verdict().name());
    root.put("evaluatedOn", r.evaluatedOn().toString());
    root.put("mode", gate.mode().configValue());
    root.put("fingerprint", r.fingerprint());
    comparison(root.putObject("comparison"), r.comparison());
    ObjectNode policy = root.putObject("policy");
    number(policy, "maxLift", r.policy().maxLift());
    number(policy, "confidence", r.policy().confidence());
    number(policy, "liftTolerance", r.policy().liftTolerance());
    policy.put("availabilityLag", r.policy().availabilityLag().toString());
    number(policy, "maxFeatureAuc", r.policy().settings(FeatureLabelSettings.DEFAULTS).maxFeatureAuc());
    ObjectNode settings = policy.putObject("settings");   // every setting in force, by configuration key
    GateConfig.inForce(r.policy()).forEach(settings::put);
    ObjectNode run = root.putObject("run");
    run.put("candidate", r.run().candidate());
    run.put("baseline", r.run().baseline());
    run.put("rows", r.run().rows());
    run.put("positives", r.run().positives());
    r.run().features().forEach(run.putArray("features")::add);
    r.run().timelessFeatures().forEach(run.putArray("timelessFeatures")::add);
    data(run.putObject("data"), r.run());
    ArrayNode findings = root.putArray("findings");
    for (Finding f : r.findings()) {
      finding(findings.addObject(), f, r);
    }
    signOff(root.putObject("signOff"), r.signOff());
    ObjectNode pending = root.putObject("pendingSignOff");
    pending.put("file", gate.pendingFile().toString());
    pending.put("written", gate.pendingWritten());
    ObjectNode files = root.putObject("files");
    files.put("html", gate.htmlFile().toString());
    files.put("reviewDirectory", gate.reviewDirectory().toString());
    ArrayNode proposed = files.putArray("proposedManifests");
    gate.proposedManifests().forEach(p -> proposed.add(p.toString()));
    return root;
  }

  /** What data the run read: its decision window and the tables whose history it declares. */
  private static void data(ObjectNode node, RunSummary s) {
    node.put("earliestDecision", s.earliestDecision() == null ? null : s.earliestDecision().toString());
    node.put("latestDecision", s.latestDecision() == null ? null : s.latestDecision().toString());
    ArrayNode tables = node.putArray("historyTables");
    for (RunSummary.HistoryTable t : s.historyTables()) {
      ObjectNode table = tables.addObject();
      table.put("table", t.table());
      table.put("granularity", t.granularity());
      table.put("firstPartition", t.firstPartition());
      table.put("lastPartition", t.lastPartition());
    }
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
    number(node, "z", c.z());
    number(node, "pValue", c.pValue());
    node.put("interval", c.interval().name());
  }

  private static void finding(ObjectNode node, Finding f, GateResult r) {
    finding(node, f, r.unresolved().contains(f), r.isWaived(f));
  }

  /** A finding as every report writes it: kind, subject, resolution, state, headline and evidence. */
  static void finding(ObjectNode node, Finding f, boolean unresolved, boolean waived) {
    Finding.Rendering rendering = f.render();
    node.put("kind", f.kind());
    node.put("subject", f.subject());
    node.put("resolution", f.resolution().wireValue());
    node.put("unresolved", unresolved);
    node.put("waived", waived);
    node.put("headline", rendering.headline());
    ObjectNode evidence = node.putObject("evidence");
    rendering.evidence().forEach((key, value) -> put(evidence, key, value));
  }

  private static void put(ObjectNode node, String key, Object value) {
    if (value == null) {
      node.putNull(key);
    } else if (value instanceof Double || value instanceof Float) {
      number(node, key, ((Number) value).doubleValue());
    } else if (value instanceof Number n) {
      node.put(key, n.longValue());
    } else if (value instanceof Boolean b) {
      node.put(key, b);
    } else if (value instanceof Map<?, ?> map) {
      ObjectNode child = node.putObject(key);
      map.forEach((k, v) -> put(child, String.valueOf(k), v));
    } else if (value instanceof List<?> list) {
      ArrayNode array = node.putArray(key);
      for (Object item : list) {
        add(array, item);
      }
    } else {
      node.put(key, value.toString());
    }
  }

  private static void add(ArrayNode array, Object value) {
    if (value == null) {
      array.addNull();
    } else if (value instanceof Double || value instanceof Float) {
      numberItem(array, ((Number) value).doubleValue());
    } else if (value instanceof Number n) {
      array.add(n.longValue());
    } else if (value instanceof Boolean b) {
      array.add(b);
    } else if (value instanceof Map<?, ?> map) {
      ObjectNode child = array.addObject();
      map.forEach((k, v) -> put(child, String.valueOf(k), v));
    } else if (value instanceof List<?> list) {
      ArrayNode child = array.addArray();
      for (Object item : list) {
        add(child, item);
      }
    } else {
      array.add(value.toString());
    }
  }

  private static void signOff(ObjectNode node, SignOffStatus s) {
    node.put("status", s.label());
    node.put("file", s.file().toString());
    s.accept(new SignOffFields(node));
  }

  /** Each status's own fields, beside its label and file. */
  private record SignOffFields(ObjectNode node) implements SignOffStatus.Visitor<Void> {
    @Override
    public Void missing(SignOffStatus.Missing status) {
      return null;
    }

    @Override
    public Void covers(SignOffStatus.Covers c) {
      node.put("reviewer", c.signOff().reviewer());
      node.put("reviewedOn", String.valueOf(c.signOff().reviewedOn()));
      node.put("expiresOn", String.valueOf(c.signOff().expiresOn()));
      return null;
    }

    @Override
    public Void malformed(SignOffStatus.Malformed m) {
      node.put("jsonPath", m.jsonPath());
      node.put("problem", m.problem());
      return null;
    }

    @Override
    public Void wrongGate(SignOffStatus.WrongGate w) {
      node.put("fileGate", w.fileGate());
      return null;
    }

    @Override
    public Void rejected(SignOffStatus.Rejected r) {
      node.put("reviewer", r.reviewer());
      node.put("rationale", r.rationale());
      return null;
    }

    @Override
    public Void undecided(SignOffStatus.Undecided status) {
      return null;
    }

    @Override
    public Void incomplete(SignOffStatus.Incomplete i) {
      i.missing().forEach(node.putArray("missing")::add);
      return null;
    }

    @Override
    public Void stale(SignOffStatus.Stale st) {
      node.put("reviewedFingerprint", st.reviewedFingerprint());
      return null;
    }

    @Override
    public Void voided(SignOffStatus.Voided v) {
      node.put("reason", v.reason());
      node.put("voidRecord", v.voidRecord().toString());
      return null;
    }

    @Override
    public Void expired(SignOffStatus.Expired e) {
      node.put("expiresOn", e.expiresOn().toString());
      return null;
    }

    @Override
    public Void liftGrew(SignOffStatus.LiftGrew g) {
      number(node, "reviewedLift", g.reviewedLift());
      number(node, "tolerance", g.tolerance());
      return null;
    }

    @Override
    public Void trialsGrew(SignOffStatus.TrialsGrew g) {
      if (g.reviewedTrials() == null) {
        node.putNull("reviewedTrials");
        node.put("reason", g.reason());
      } else {
        node.put("reviewedTrials", g.reviewedTrials());
      }
      node.put("currentTrials", g.currentTrials());
      return null;
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
