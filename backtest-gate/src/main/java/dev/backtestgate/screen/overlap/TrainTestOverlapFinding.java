package dev.backtestgate.screen.overlap;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.Finding;
import dev.backtestgate.internal.Wording;
import dev.backtestgate.screen.overlap.TrainTestOverlapReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Kind {@code train-test-overlap}: test rows whose entity was in the training set at a decision time at or after
 * theirs, so the model had seen those entities' futures. Under {@code backtestgate.train-test-overlap=fail} only a
 * fix resolves it; under {@code warn} (the default) it is a warning.
 *
 * <pre>{@code
 * result.findings().stream()
 *     .filter(f -> f instanceof TrainTestOverlapFinding)
 *     .forEach(f -> System.out.println(f.render().headline()));
 * }</pre>
 *
 * @param report the evidence: counts, entities, example rows (entity ids)
 * @param policy the policy in force, {@code fail} or {@code warn}
 * @param entityKeys the string key of each entity id when the keys were strings (id = index), else empty
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record TrainTestOverlapFinding(TrainTestOverlapReport report, TrainTestOverlapPolicy policy,
    List<String> entityKeys) implements Finding {
  /** The kind. */
  public static final String KIND = "train-test-overlap";

  /** Checks and copies. */
  public TrainTestOverlapFinding {
    Objects.requireNonNull(report, "report");
    if (policy == null || policy == TrainTestOverlapPolicy.OFF) {
      throw new IllegalArgumentException("a train-test-overlap finding needs the policy fail or warn, not "
          + policy + ": under off the overlap is not checked.");
    }
    entityKeys = List.copyOf(entityKeys);
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public Resolution resolution() {
    return policy == TrainTestOverlapPolicy.FAIL ? Resolution.FIX : Resolution.WARNING;
  }

  @Override
  public String toString() {
    return "TrainTestOverlapFinding[" + report + ", policy=" + policy.configValue() + "]";
  }

  /** How reports show entity {@code id}. */
  String key(long id) {
    return id >= 0 && id < entityKeys.size() ? entityKeys.get((int) id) : Long.toString(id);
  }

  @Override
  public Rendering render() {
    TrainTestOverlapReport r = report;
    List<String> entities = r.entities().stream().map(this::key).toList();
    List<String> lines = new ArrayList<>();
    lines.add(fmt("Train/test overlap: %,d of %,d test rows (%s), from %,d %s, were scored by a model trained on the "
        + "same entity at a decision time at or after theirs: it had seen their futures. %s", r.rowsAffected(),
        r.testRows(), Wording.percent(r.share()), r.entitiesAffected(), r.entitiesAffected() == 1 ? "entity"
            : "entities", policy == TrainTestOverlapPolicy.FAIL
            ? "This fails the gate (backtestgate.train-test-overlap=fail)."
            : "A warning only (backtestgate.train-test-overlap=warn; set it to fail to block the build)."));
    lines.add("  entities: " + String.join(", ", entities) + (r.entitiesAffected() > entities.size()
        ? fmt(" and %,d more", r.entitiesAffected() - entities.size()) : ""));
    List<Map<String, Object>> examples = new ArrayList<>();
    for (int i = 0; i < r.examples().size(); i++) {
      TrainTestOverlapReport.ExampleRow e = r.examples().get(i);
      lines.add((i == 0 ? "  e.g. " : "       ") + fmt("test row %d, entity %s, decided %s; in training up to %s",
          e.row(), key(e.entity()), e.decisionTime(), e.latestTrainingDecision()));
      Map<String, Object> example = new LinkedHashMap<>();
      example.put("row", e.row());
      example.put("entity", key(e.entity()));
      example.put("decisionTime", e.decisionTime().toString());
      example.put("latestTrainingDecision", e.latestTrainingDecision().toString());
      examples.add(example);
    }
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("policy", policy.configValue());
    evidence.put("testRows", r.testRows());
    evidence.put("rowsAffected", r.rowsAffected());
    evidence.put("share", r.share());
    evidence.put("entitiesAffected", r.entitiesAffected());
    evidence.put("entities", entities);
    evidence.put("examples", examples);
    return new Rendering(fmt("%,d test rows from %,d %s whose future was in the training set.", r.rowsAffected(),
        r.entitiesAffected(), r.entitiesAffected() == 1 ? "entity" : "entities"), lines,
        "A model that trained on an entity's later rows knows how that entity turned out: its score on the "
            + "entity's earlier test rows is not evidence.",
        "Split by entity (all of an entity's rows on one side), or drop from training every row of a test entity "
            + "decided at or after that entity's first test decision; if the overlap is intended, set "
            + "backtestgate.train-test-overlap=warn.", evidence);
  }
}
