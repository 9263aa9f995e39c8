package dev.backtestgate.review;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.report.CanonicalJson;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads and writes sign-off files in their one canonical form: UTF-8, LF, 2-space indent, fields in a
 * fixed order, a trailing newline and no timestamps written by the tool. Reading is strict: unknown
 * fields, missing fields, wrong types and duplicate keys fail with the JSON path of the problem.
 *
 * <pre>{@code
 * SignOff signOff = SignOffJson.parse(Files.readString(file), file);
 * String text = SignOffJson.write(signOff);   // byte-for-byte what a reviewer commits
 * }</pre>
 */
public final class SignOffJson {
  /** The checklist items, in file order. */
  public static final List<String> CHECKLIST_ITEMS = List.of(
      "preprocessingFitOnTrainingDataOnly",
      "noDuplicatesAcrossTrainAndTest",
      "featuresKnownAtDecisionTime",
      "noTargetDerivedFeatures",
      "testPeriodAfterTrainingLabelsResolved");

  private static final Set<String> TOP = fields("schema", "gate", "fingerprint", "reviewed", "decision", "reviewer",
      "reviewedOn", "expiresOn", "rationale", "checklist", "pointInTimeWaivers");
  private static final Set<String> REVIEWED = fields("candidate", "baseline", "candidateAuc", "baselineAuc", "lift",
      "liftCi", "rows", "positives", "features");
  private static final Set<String> WAIVER = fields("feature", "reason");

  private static final ObjectMapper READER = JsonMapper.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
      .build();

  private SignOffJson() {}

  /**
   * Parses a sign-off file's text.
   *
   * @param json the file's content
   * @param file where it came from, for messages
   * @throws MalformedSignOffException naming the JSON path of the first problem
   */
  public static SignOff parse(String json, Path file) {
    JsonNode root;
    try {
      root = READER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new MalformedSignOffException(file, "$", "not valid JSON (" + e.getOriginalMessage() + " at line "
          + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ").");
    }
    JsonReader top = new JsonReader(file, "$", root).onlyFields(TOP);
    int schema = top.wholeNumber("schema");
    if (schema != SignOff.SCHEMA) {
      throw top.fail("$.schema", "schema " + schema + " is not supported: this version reads schema "
          + SignOff.SCHEMA + ".");
    }
    String decisionText = top.text("decision");
    Decision decision = Decision.fromFileValue(decisionText);
    if (decision == null) {
      throw top.fail("$.decision", "'" + decisionText + "' is not a decision: write \"approved\" or \"rejected\".");
    }
    return new SignOff(
        schema,
        top.text("gate"),
        top.text("fingerprint"),
        reviewed(top.object("reviewed").onlyFields(REVIEWED)),
        decision,
        top.text("reviewer"),
        top.dateOrEmpty("reviewedOn"),
        top.dateOrEmpty("expiresOn"),
        top.text("rationale"),
        checklist(top.object("checklist").onlyFields(new LinkedHashSet<>(CHECKLIST_ITEMS))),
        waivers(top));
  }

  private static SignOff.Reviewed reviewed(JsonReader r) {
    return new SignOff.Reviewed(
        r.text("candidate"),
        r.text("baseline"),
        r.number("candidateAuc"),
        r.number("baselineAuc"),
        r.number("lift"),
        r.numberArray("liftCi", 2),
        r.wholeNumber("rows"),
        r.wholeNumber("positives"),
        r.textArray("features"));
  }

  private static SignOff.Checklist checklist(JsonReader r) {
    boolean[] v = new boolean[CHECKLIST_ITEMS.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.bool(CHECKLIST_ITEMS.get(i));
    }
    return new SignOff.Checklist(v[0], v[1], v[2], v[3], v[4]);
  }

  private static List<SignOff.Waiver> waivers(JsonReader top) {
    List<SignOff.Waiver> waivers = new ArrayList<>();
    List<JsonNode> items = top.array("pointInTimeWaivers");
    for (int i = 0; i < items.size(); i++) {
      JsonReader w = top.element("pointInTimeWaivers", i, items.get(i)).onlyFields(WAIVER);
      String feature = w.text("feature");
      String reason = w.text("reason");
      if (feature.isBlank()) {
        throw w.fail(w.path() + ".feature", "the feature name is empty: name the feature the waiver is for.");
      }
      if (reason.isBlank()) {
        throw w.fail(w.path() + ".reason", "the reason is empty: say why using '" + feature
            + "' is not a leak despite its knowledge times.");
      }
      waivers.add(new SignOff.Waiver(feature, reason));
    }
    return waivers;
  }

  /** The canonical text of a sign-off file. */
  public static String write(SignOff s) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode root = f.objectNode();
    root.put("schema", s.schema());
    root.put("gate", s.gate());
    root.put("fingerprint", s.fingerprint());
    ObjectNode reviewed = root.putObject("reviewed");
    SignOff.Reviewed r = s.reviewed();
    reviewed.put("candidate", r.candidate());
    reviewed.put("baseline", r.baseline());
    reviewed.put("candidateAuc", r.candidateAuc());
    reviewed.put("baselineAuc", r.baselineAuc());
    reviewed.put("lift", r.lift());
    ArrayNode ci = reviewed.putArray("liftCi");
    r.liftCi().forEach(ci::add);
    reviewed.put("rows", r.rows());
    reviewed.put("positives", r.positives());
    ArrayNode features = reviewed.putArray("features");
    r.features().forEach(features::add);
    root.put("decision", s.decision().fileValue());
    root.put("reviewer", s.reviewer());
    root.put("reviewedOn", dateText(s.reviewedOn()));
    root.put("expiresOn", dateText(s.expiresOn()));
    root.put("rationale", s.rationale());
    ObjectNode checklist = root.putObject("checklist");
    SignOff.Checklist c = s.checklist();
    boolean[] v = {c.preprocessingFitOnTrainingDataOnly(), c.noDuplicatesAcrossTrainAndTest(),
        c.featuresKnownAtDecisionTime(), c.noTargetDerivedFeatures(), c.testPeriodAfterTrainingLabelsResolved()};
    for (int i = 0; i < v.length; i++) {
      checklist.put(CHECKLIST_ITEMS.get(i), v[i]);
    }
    ArrayNode waivers = root.putArray("pointInTimeWaivers");
    for (SignOff.Waiver w : s.pointInTimeWaivers()) {
      waivers.addObject().put("feature", w.feature()).put("reason", w.reason());
    }
    return CanonicalJson.write(root);
  }

  private static String dateText(LocalDate date) {
    return date == null ? "" : date.toString();
  }

  private static Set<String> fields(String... names) {
    return new LinkedHashSet<>(List.of(names));
  }
}
