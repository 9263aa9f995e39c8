package dev.backtestgate.review;

import static dev.backtestgate.internal.Wording.fmt;
import static org.apiguardian.api.API.Status.STABLE;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.internal.CanonicalJson;
import dev.backtestgate.internal.JsonFields;
import dev.backtestgate.internal.JsonProblem;
import dev.backtestgate.internal.StrictJson;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Reads and writes sign-off files in their one canonical form: UTF-8, LF, 2-space indent, fields in a
 * fixed order, a trailing newline and no timestamps written by the tool. Reading is strict: unknown
 * fields, missing fields, wrong types, duplicate keys, trailing content, out-of-range numbers and
 * implausible dates fail with the JSON path of the problem. Only schema 2 is read (waivers by kind and subject): a
 * pre-release file's schema 1 or version-1 fingerprint is refused with how to sign again, and schema 1's
 * {@code pointInTimeWaivers} is an unknown field. The claim a file embeds ({@code claim}) is kept whole and must agree
 * with the file's gate, fingerprint and {@code reviewed} (docs/sign-off-format.md); {@code reviewed.trials} is a count
 * with its deflated p-value, or {@code null} with the reason.
 *
 * <pre>{@code
 * SignOff signOff = SignOffJson.parse(Files.readString(file), file);
 * String text = SignOffJson.write(signOff);   // byte-for-byte what a reviewer commits
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class SignOffJson {
  /** The checklist items, in file order. */
  public static final List<String> CHECKLIST_ITEMS = List.of(
      "preprocessingFitOnTrainingDataOnly",
      "noDuplicatesAcrossTrainAndTest",
      "featuresKnownAtDecisionTime",
      "noTargetDerivedFeatures",
      "testPeriodAfterTrainingLabelsResolved");

  private static final List<String> COMMON = List.of("schema", "gate", "fingerprint", "reviewed", "decision",
      "reviewer", "reviewedOn", "expiresOn", "rationale", "checklist");
  /** The schema of files written before 0.1.0, refused with a message that says how to sign again. */
  private static final int PRE_RELEASE_SCHEMA = 1;
  /** A version-1 fingerprint, which files written before 0.1.0 carry. */
  private static final java.util.regex.Pattern PRE_RELEASE_FINGERPRINT =
      java.util.regex.Pattern.compile("sha256:[0-9a-f]{64}");
  private static final List<String> TOP_2 = with(with(COMMON, "waivers"), "claim");
  private static final List<String> REVIEWED = List.of("candidate", "baseline", "candidateAuc", "baselineAuc", "lift",
      "liftCi", "rows", "positives", "features", "liftCarried", "trials");
  private static final List<String> TRIALS = List.of("counted", "deflatedP", "reason");
  private static final List<String> LIFT_CARRIED = List.of("feature", "carried", "carriedCi");
  private static final List<String> WAIVER_2 = List.of("kind", "subject", "reason");

  /** Two AUCs rounded to three decimals by hand still agree with their lift this closely. */
  private static final double LIFT_SLACK = 0.0015;

  private SignOffJson() {}

  /**
   * Parses a sign-off file's text.
   *
   * @param json the file's content
   * @param file where it came from, for messages
   * @throws MalformedSignOffException naming the JSON path of the first problem
   */
  public static SignOff parse(String json, Path file) {
    try {
      return read(JsonFields.root(StrictJson.parse(json)));
    } catch (JsonProblem e) {
      throw new MalformedSignOffException(file, e.jsonPath(), e.problem());
    }
  }

  private static SignOff read(JsonFields top) {
    int schema = top.wholeNumber("schema");
    if (schema == PRE_RELEASE_SCHEMA) {
      throw top.fail("$.schema", preRelease("sign-off schema 1", top));
    }
    if (schema != SignOff.SCHEMA) {
      throw top.fail("$.schema", "schema " + schema + " is not supported: this version reads schema " + SignOff.SCHEMA
          + ".");
    }
    top.onlyFields(TOP_2);
    String decisionText = top.text("decision");
    Decision decision = Decision.fromFileValue(decisionText);
    if (decision == null) {
      throw top.fail("$.decision", "'" + decisionText + "' is not a decision: write \"approved\" or \"rejected\".");
    }
    LocalDate reviewedOn = top.dateOrEmpty("reviewedOn");
    LocalDate expiresOn = top.dateOrEmpty("expiresOn");
    if (reviewedOn != null && expiresOn != null && expiresOn.isBefore(reviewedOn)) {
      throw top.fail("$.expiresOn", "expiresOn " + expiresOn + " is before reviewedOn " + reviewedOn + ": a review "
          + "expires after it was made. Set expiresOn to a later date, e.g. " + reviewedOn.plusDays(90) + ".");
    }
    String gate = top.text("gate");
    if (gate.isBlank()) {
      throw top.fail("$.gate", "the gate id is empty: copy \"gate\" from the pending file the gate wrote.");
    }
    String fingerprint = top.text("fingerprint");
    if (PRE_RELEASE_FINGERPRINT.matcher(fingerprint).matches()) {
      throw top.fail("$.fingerprint", preRelease("fingerprint version 1 (sha256:)", top));
    }
    if (!Fingerprint.WELL_FORMED.matcher(fingerprint).matches()) {
      throw top.fail("$.fingerprint", "'" + JsonFields.shorten(fingerprint) + "' is not a fingerprint (sha256-v2: and "
          + "64 lower-case hex digits): copy \"fingerprint\" from the pending file the gate wrote; never type one.");
    }
    SignOff.Reviewed reviewed = reviewed(top.object("reviewed").onlyFields(REVIEWED));
    return new SignOff(
        schema,
        gate,
        fingerprint,
        reviewed,
        decision,
        top.text("reviewer"),
        reviewedOn,
        expiresOn,
        top.text("rationale"),
        checklist(top.object("checklist").onlyFields(CHECKLIST_ITEMS)),
        waivers(top),
        top.isNull("claim") ? null : EmbeddedClaim.agreeing(top.object("claim"), gate, fingerprint, reviewed));
  }

  private static SignOff.Trials trials(JsonFields r) {
    JsonFields t = r.object("trials").onlyFields(TRIALS);
    String at = t.path();
    if (t.isNull("counted")) {
      if (!t.isNull("deflatedP")) {
        throw t.fail(at + ".deflatedP", "no trials were counted (counted is null), so there is no deflated "
            + "p-value: write null, or copy \"trials\" unchanged from the pending file the gate wrote.");
      }
      String reason = t.has("reason") ? t.text("reason") : "";
      if (reason.isBlank()) {
        throw t.fail(at + ".reason", "no trials were counted (counted is null), so the file says why: copy "
            + "\"trials\" unchanged from the pending file the gate wrote.");
      }
      return SignOff.Trials.notCounted(reason);
    }
    int counted = t.wholeNumber("counted");
    if (counted < 1) {
      throw t.fail(at + ".counted", counted + " trials: the count includes the reviewed run, so it is at least 1. "
          + "Copy \"trials\" unchanged from the pending file the gate wrote.");
    }
    if (t.has("reason")) {
      throw t.fail(at + ".reason", "trials were counted, so there is no reason: remove \"reason\".");
    }
    if (t.isNull("deflatedP")) {   // the reviewed run's z is undefined (a lift without a standard error)
      return new SignOff.Trials(counted, null, "");
    }
    double p = t.number("deflatedP");
    inRange(t, at + ".deflatedP", p, 0, 1, "a p-value");
    return SignOff.Trials.counted(counted, p);
  }

  private static List<SignOff.LiftCarried> liftCarried(JsonFields r) {
    List<SignOff.LiftCarried> out = new java.util.ArrayList<>();
    for (JsonFields f : r.objects("liftCarried")) {
      JsonFields only = f.onlyFields(LIFT_CARRIED);
      SignOff.LiftCarried c = new SignOff.LiftCarried(only.text("feature"), only.number("carried"),
          only.numberArray("carriedCi", 2));
      String at = only.path();
      nonEmpty(only, at + ".feature", c.feature(), "the feature's name");
      inRange(only, at + ".carried", c.carried(), -1, 1, "an AUC difference");
      inRange(only, at + ".carriedCi[0]", c.carriedCi().get(0), -1, 1, "an interval's end");
      inRange(only, at + ".carriedCi[1]", c.carriedCi().get(1), -1, 1, "an interval's end");
      out.add(c);
    }
    return out;
  }

  private static SignOff.Reviewed reviewed(JsonFields r) {
    SignOff.Reviewed reviewed = new SignOff.Reviewed(
        r.text("candidate"),
        r.text("baseline"),
        r.number("candidateAuc"),
        r.number("baselineAuc"),
        r.number("lift"),
        r.numberArray("liftCi", 2),
        r.wholeNumber("rows"),
        r.wholeNumber("positives"),
        r.textArray("features"),
        r.has("liftCarried") ? liftCarried(r) : List.of(),
        trials(r));
    String at = r.path();
    nonEmpty(r, at + ".candidate", reviewed.candidate(), "the candidate's name");
    nonEmpty(r, at + ".baseline", reviewed.baseline(), "the baseline's name");
    inRange(r, at + ".candidateAuc", reviewed.candidateAuc(), 0, 1, "an AUC");
    inRange(r, at + ".baselineAuc", reviewed.baselineAuc(), 0, 1, "an AUC");
    inRange(r, at + ".lift", reviewed.lift(), -1, 1, "a lift (a difference of two AUCs)");
    double difference = reviewed.candidateAuc() - reviewed.baselineAuc();
    if (Math.abs(reviewed.lift() - difference) > LIFT_SLACK) {
      // the reviewed lift bounds every later run's lift: an edited one would wave through any growth
      throw r.fail(at + ".lift", "the lift " + reviewed.lift() + " is not candidateAuc - baselineAuc ("
          + fmt("%.4f", difference) + "): the measured fields are the gate's, not the reviewer's. Copy \"reviewed\" "
          + "unchanged from the pending file the gate wrote.");
    }
    inRange(r, at + ".liftCi[0]", reviewed.liftCi().get(0), -1, 1, "a lift interval's end");
    inRange(r, at + ".liftCi[1]", reviewed.liftCi().get(1), -1, 1, "a lift interval's end");
    if (reviewed.liftCi().get(0) > reviewed.liftCi().get(1)) {
      throw r.fail(at + ".liftCi", "the interval " + reviewed.liftCi() + " has its lower end above its upper end: "
          + "copy liftCi from the gate's report.");
    }
    if (reviewed.rows() < 2 || reviewed.positives() < 1 || reviewed.positives() >= reviewed.rows()) {
      throw r.fail(at + ".positives", "rows " + reviewed.rows() + " and positives " + reviewed.positives()
          + " are impossible (a backtest has at least one positive and one negative row: 1 <= positives < rows): "
          + "copy them from the gate's report.");
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < reviewed.features().size(); i++) {
      String feature = reviewed.features().get(i);
      nonEmpty(r, at + ".features[" + i + "]", feature, "a feature name");
      if (!seen.add(feature)) {
        throw r.fail(at + ".features[" + i + "]", "the feature '" + JsonFields.shorten(feature) + "' is listed "
            + "twice: copy \"features\" from the pending file the gate wrote.");
      }
    }
    return reviewed;
  }

  private static void nonEmpty(JsonFields r, String at, String value, String what) {
    if (value.isEmpty()) {
      throw r.fail(at, what + " is empty: copy it from the pending file the gate wrote.");
    }
  }

  private static void inRange(JsonFields r, String at, double value, double low, double high, String what) {
    if (value < low || value > high) {
      throw r.fail(at, value + " is out of range for " + what + " (" + low + " to " + high + "): copy the value from "
          + "the gate's report.");
    }
  }

  private static SignOff.Checklist checklist(JsonFields r) {
    boolean[] v = new boolean[CHECKLIST_ITEMS.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = r.bool(CHECKLIST_ITEMS.get(i));
    }
    return new SignOff.Checklist(v[0], v[1], v[2], v[3], v[4]);
  }

  /**
   * What a file written by a pre-release build (sign-off schema 1, fingerprint version 1) reads as: nothing before
   * 0.1.0 was released, so its review is made again from this run's evidence.
   */
  private static String preRelease(String what, JsonFields top) {
    String gate;
    try {
      gate = top.text("gate");
    } catch (JsonProblem e) {
      gate = "<gate>";
    }
    return "this review was written by a pre-release build (" + what + "), which this version does not read: "
        + "sign it again from this run's evidence. Run the backtest locally (backtestgate.mode=local) to write the "
        + "pending file, then mvn backtest-gate:sign-off -Dgate='" + gate + "' -Dreviewer=<you> "
        + "-Drationale='<why it is not a leak>' -Dattest=all -Dreplace (by hand: docs/sign-off-format.md).";
  }

  private static List<SignOff.Waiver> waivers(JsonFields top) {
    List<SignOff.Waiver> waivers = new ArrayList<>();
    for (JsonFields w : top.objects("waivers")) {
      w.onlyFields(WAIVER_2);
      String kind = nonBlank(w, "kind", "the kind is empty: name the kind of finding the waiver is for, e.g. "
          + "point-in-time (the report lists each finding's kind).");
      String subject = w.text("subject"); // "" waives a kind without a subject, e.g. label-horizon
      if (!subject.isEmpty() && subject.isBlank()) {
        throw w.fail(w.path() + ".subject", "the subject is blank: name what the finding is about, e.g. the feature, "
            + "or write \"\" for a kind without a subject (the report lists each finding's subject).");
      }
      String reason = nonBlank(w, "reason", "the reason is empty: say why the " + kind + " finding about '" + subject
          + "' is not a leak.");
      waivers.add(new SignOff.Waiver(kind, subject, reason));
    }
    return waivers;
  }

  private static String nonBlank(JsonFields w, String field, String problem) {
    String text = w.text(field);
    if (text.isBlank()) {
      throw w.fail(w.path() + "." + field, problem);
    }
    return text;
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
    if (!r.liftCarried().isEmpty()) {
      ArrayNode carried = reviewed.putArray("liftCarried");
      for (SignOff.LiftCarried c : r.liftCarried()) {
        ObjectNode one = carried.addObject();
        one.put("feature", c.feature());
        one.put("carried", c.carried());
        c.carriedCi().forEach(one.putArray("carriedCi")::add);
      }
    }
    ObjectNode trials = reviewed.putObject("trials");
    if (r.trials().counted() == null) {
      trials.putNull("counted");
      trials.putNull("deflatedP");
      trials.put("reason", r.trials().reason());
    } else {
      trials.put("counted", r.trials().counted());
      if (r.trials().deflatedP() == null) {
        trials.putNull("deflatedP");
      } else {
        trials.put("deflatedP", r.trials().deflatedP());
      }
    }
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
    ArrayNode waivers = root.putArray("waivers");
    for (SignOff.Waiver w : s.waivers()) {
      waivers.addObject().put("kind", w.kind()).put("subject", w.subject()).put("reason", w.reason());
    }
    root.set("claim", EmbeddedClaim.tree(s.claim()));
    return CanonicalJson.write(root);
  }

  private static String dateText(LocalDate date) {
    return date == null ? "" : date.toString();
  }

  private static List<String> with(List<String> fields, String last) {
    List<String> all = new ArrayList<>(fields);
    all.add(last);
    return List.copyOf(all);
  }
}
