package dev.backtestgate.claim;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.Comparison;
import dev.backtestgate.internal.CanonicalJson;
import dev.backtestgate.lifttrend.LiftPeriods;
import dev.backtestgate.internal.JsonFields;
import dev.backtestgate.internal.JsonProblem;
import dev.backtestgate.internal.StrictJson;
import dev.backtestgate.review.Fingerprint;
import dev.backtestgate.review.SignOff;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Reads and writes claim files in their one canonical form ({@code docs/schemas/claim.schema.json}): UTF-8, LF,
 * 2-space indent, fields in a fixed order, a trailing newline. Reading is strict: unknown, missing or mistyped fields,
 * duplicate keys, trailing content, an unknown schema and out-of-range numbers fail with the JSON path of the problem.
 *
 * <pre>{@code
 * Claim claim = ClaimJson.parse(Files.readString(file), file.toString());
 * String text = ClaimJson.write(claim);   // byte for byte what a reviewer commits
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class ClaimJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final List<String> TOP = List.of("schema", "gate", "fingerprint", "decisionWindow", "candidate",
      "baseline", "variances", "lift", "rows", "positives", "periodLength", "liftPerPeriod", "liftCarried", "features",
      "dataRead", "featureValues", "trials");
  private static final List<String> WINDOW = List.of("earliest", "latest");
  private static final List<String> MODEL = List.of("name", "auc");
  private static final List<String> VARIANCES = List.of("candidate", "baseline", "covariance");
  private static final List<String> LIFT = List.of("value", "ci", "confidence", "interval");
  private static final List<String> PERIOD = List.of("period", "start", "end", "positives", "negatives", "lift",
      "liftVariance");
  private static final List<String> CARRIED = List.of("feature", "carried", "carriedCi");
  private static final List<String> TABLE = List.of("table", "version", "reason");
  private static final List<String> FEATURE_VALUES = List.of("feature", "type", "rows", "missing", "complete",
      "values", "shares");
  private static final List<String> TRIALS = List.of("count", "freeTrials", "expectedBestZ", "deflatedP", "method",
      "bootstrapP", "reason");
  private static final String PAIRED = "paired-delong";
  private static final String CANDIDATE_ONLY = "candidate-only";
  /** A lift written to 17 digits still agrees with its two AUCs this closely. */
  private static final double LIFT_SLACK = 1e-9;

  private ClaimJson() {}

  /** The canonical text of {@code claim}. */
  public static String write(Claim claim) {
    return CanonicalJson.write(tree(claim));
  }

  /** The claim as a JSON tree, in file order (the JSON report embeds it). */
  public static ObjectNode tree(Claim claim) {
    ObjectNode top = NODES.objectNode();
    top.put("schema", Claim.SCHEMA);
    top.put("gate", claim.gate());
    top.put("fingerprint", claim.fingerprint());
    ObjectNode window = top.putObject("decisionWindow");
    window.put("earliest", claim.earliestDecision().toString());
    window.put("latest", claim.latestDecision().toString());
    model(top.putObject("candidate"), claim.candidate(), claim.candidateAuc());
    model(top.putObject("baseline"), claim.baseline(), claim.baselineAuc());
    if (claim.variances() == null) {
      top.putNull("variances");
    } else {
      ObjectNode v = top.putObject("variances");
      v.put("candidate", claim.variances().candidate());
      v.put("baseline", claim.variances().baseline());
      v.put("covariance", claim.variances().covariance());
    }
    ObjectNode lift = top.putObject("lift");
    lift.put("value", claim.lift());
    lift.putArray("ci").add(claim.liftCiLower()).add(claim.liftCiUpper());
    lift.put("confidence", claim.confidence());
    lift.put("interval", claim.pairedBaseline() ? PAIRED : CANDIDATE_ONLY);
    top.put("rows", claim.rows());
    top.put("positives", claim.positives());
    top.put("periodLength", claim.periodLength().configValue());
    if (claim.liftPerPeriod() == null) {
      top.putNull("liftPerPeriod");
    } else {
      ArrayNode periods = top.putArray("liftPerPeriod");
      for (Claim.Period p : claim.liftPerPeriod()) {
        ObjectNode o = periods.addObject();
        o.put("period", p.period());
        o.put("start", p.start().toString());
        o.put("end", p.end().toString());
        o.put("positives", p.positives());
        o.put("negatives", p.negatives());
        if (p.lift() == null) {
          o.putNull("lift");
          o.putNull("liftVariance");
        } else {
          o.put("lift", p.lift());
          o.put("liftVariance", p.liftVariance());
        }
      }
    }
    ArrayNode carried = top.putArray("liftCarried");
    for (SignOff.LiftCarried c : claim.liftCarried()) {
      ObjectNode o = carried.addObject();
      o.put("feature", c.feature());
      o.put("carried", c.carried());
      o.putArray("carriedCi").add(c.carriedCi().get(0)).add(c.carriedCi().get(1));
    }
    ArrayNode features = top.putArray("features");
    claim.features().forEach(features::add);
    ArrayNode tables = top.putArray("dataRead");
    for (Claim.TableRead t : claim.dataRead()) {
      ObjectNode o = tables.addObject();
      o.put("table", t.table());
      if (t.version() == null) {
        o.putNull("version");
        o.put("reason", t.reason());
      } else {
        o.put("version", t.version());
      }
    }
    ArrayNode summaries = top.putArray("featureValues");
    for (FeatureValues f : claim.featureValues()) {
      ObjectNode o = summaries.addObject();
      o.put("feature", f.feature());
      o.put("type", f.type());
      o.put("rows", f.rows());
      o.put("missing", f.missing());
      o.put("complete", f.complete());
      ArrayNode values = o.putArray("values");
      ArrayNode shares = o.putArray("shares");
      for (FeatureValues.Point p : f.points()) {
        values.add(p.value());
        shares.add(p.share());
      }
    }
    if (claim.trials().recorded()) {
      trials(top.putObject("trials"), claim.trials());
    }
    return top;
  }

  private static void trials(ObjectNode o, Claim.Trials t) {
    if (t.count() == null) {
      o.putNull("count");
      o.put("reason", t.reason());
      return;
    }
    o.put("count", t.count());
    o.put("freeTrials", t.freeTrials());
    o.put("expectedBestZ", t.expectedBestZ());
    if (t.deflatedP() == null) {
      o.putNull("deflatedP");
    } else {
      o.put("deflatedP", t.deflatedP());
    }
    o.put("method", t.method().word());
    if (t.bootstrapP() != null) {
      o.put("bootstrapP", t.bootstrapP());
    }
  }

  private static void model(ObjectNode node, String name, double auc) {
    node.put("name", name);
    node.put("auc", auc);
  }

  /** The directory under the review directory that holds the claims the reviewer copied. */
  public static final String CLAIMS_DIR = "claims";

  /**
   * Where the claim of {@code gate} lives: {@code <review dir>/claims/<gate file name>.json}, the name the gate's
   * report and sign-off have.
   */
  public static java.nio.file.Path file(java.nio.file.Path reviewDir, String gate) {
    return reviewDir.resolve(CLAIMS_DIR).resolve(dev.backtestgate.internal.FileNames.of(gate));
  }

  /** The largest claim file read: a claim of a thousand periods is far below it. */
  public static final int MAX_BYTES = 16 << 20;

  /**
   * Reads a claim file: a regular file (never a link), at most {@link #MAX_BYTES}, UTF-8.
   *
   * @throws IllegalArgumentException when it does not exist or cannot be taken as a claim file (a link, a directory,
   *     too large, not UTF-8), saying what to do
   * @throws MalformedClaimException naming the JSON path of the first problem and its fix
   */
  public static Claim read(java.nio.file.Path file) {
    String text;
    try {
      text = dev.backtestgate.internal.BoundedFiles.readRegular(file, MAX_BYTES, "claim file")
          .orElseThrow(() -> new IllegalArgumentException("the claim file " + file + " does not exist: copy the "
              + "gate's claim first (backtest-gate claim --gate=<id>) and pass leakage-reviews/claims/<id>.json"));
    } catch (dev.backtestgate.internal.BoundedFiles.UnreadableFileException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    return parse(text, file.toString());
  }

  /**
   * Parses a claim file's text.
   *
   * @param json the file's content
   * @param file where it came from, for messages
   * @throws MalformedClaimException naming the JSON path of the first problem and its fix
   */
  public static Claim parse(String json, String file) {
    try {
      return read(JsonFields.root(StrictJson.parse(json)));
    } catch (JsonProblem e) {
      throw new MalformedClaimException(file, e.jsonPath(), e.problem());
    }
  }

  private static Claim read(JsonFields top) {
    int schema = top.wholeNumber("schema");
    if (schema != Claim.SCHEMA) {
      throw top.fail("$.schema", "schema " + schema + " is not a claim schema this version reads (it reads schema "
          + Claim.SCHEMA + "): write the claim again with this version (backtest-gate claim --gate=<id>).");
    }
    top.onlyFields(TOP);
    String gate = top.text("gate");
    if (gate.isBlank()) {
      throw top.fail("$.gate", "the gate id is empty: copy the claim from the gate's JSON report, never type one.");
    }
    String fingerprint = top.text("fingerprint");
    if (!Fingerprint.WELL_FORMED.matcher(fingerprint).matches()) {
      throw top.fail("$.fingerprint", "'" + JsonFields.shorten(fingerprint) + "' is not a fingerprint (sha256-v2: "
          + "and 64 lower-case hex digits): copy the claim from the gate's JSON report, never type one.");
    }
    JsonFields window = top.object("decisionWindow").onlyFields(WINDOW);
    Instant earliest = instant(window, "earliest");
    Instant latest = instant(window, "latest");
    if (latest.isBefore(earliest)) {
      throw top.fail("$.decisionWindow.latest", "the latest decision " + latest + " is before the earliest "
          + earliest + ": the window is reversed. Copy the claim from the gate's JSON report again.");
    }
    JsonFields candidate = top.object("candidate").onlyFields(MODEL);
    JsonFields baseline = top.object("baseline").onlyFields(MODEL);
    double candidateAuc = unit(candidate, "auc");
    double baselineAuc = unit(baseline, "auc");
    Claim.Variances variances = null;
    if (!top.isNull("variances")) {
      JsonFields v = top.object("variances").onlyFields(VARIANCES);
      variances = new Claim.Variances(variance(v, "candidate"), variance(v, "baseline"),
          inRange(v, "covariance", -0.25, 0.25, "a covariance of two AUCs"));
    }
    JsonFields lift = top.object("lift").onlyFields(LIFT);
    double liftValue = inRange(lift, "value", -1, 1, "an AUC difference");
    if (Math.abs(liftValue - (candidateAuc - baselineAuc)) > LIFT_SLACK) {
      throw top.fail("$.lift.value", "the lift " + liftValue + " is not the candidate's AUC " + candidateAuc
          + " minus the baseline's " + baselineAuc + ": the claim was edited. Copy it from the gate's JSON report.");
    }
    List<Double> ci = lift.numberArray("ci", 2);
    if (ci.get(0) > ci.get(1)) {
      throw top.fail("$.lift.ci", "the interval " + ci + " is reversed: its lower end comes first.");
    }
    double confidence = lift.number("confidence");
    if (!(confidence > 0 && confidence < 1)) {
      throw top.fail("$.lift.confidence", confidence + " is not a confidence level: write one above 0 and below 1, "
          + "e.g. 0.95.");
    }
    String intervalText = lift.text("interval");
    Comparison.Interval interval = switch (intervalText) {
      case PAIRED -> Comparison.Interval.PAIRED_DELONG;
      case CANDIDATE_ONLY -> Comparison.Interval.CANDIDATE_ONLY;
      default -> throw top.fail("$.lift.interval", "'" + JsonFields.shorten(intervalText) + "' is not an interval: "
          + "write \"" + PAIRED + "\" or \"" + CANDIDATE_ONLY + "\".");
    };
    int rows = top.wholeNumber("rows");
    int positives = top.wholeNumber("positives");
    if (rows < 2 || positives < 1 || positives >= rows) {
      throw top.fail("$.positives", positives + " positives of " + rows + " rows: an AUC needs at least one row of "
          + "each class. Copy the claim from the gate's JSON report again.");
    }
    String periodText = top.text("periodLength");
    LiftPeriods periodLength;
    try {
      periodLength = LiftPeriods.parse(periodText);
    } catch (IllegalArgumentException e) {
      throw top.fail("$.periodLength", "'" + JsonFields.shorten(periodText) + "' is not a period length: write "
          + LiftPeriods.ALLOWED + ", as backtestgate.lift-periods takes it. Copy the claim from the gate's JSON report "
          + "again.");
    }
    List<Claim.Period> periods = top.isNull("liftPerPeriod") ? null : periods(top);
    return new Claim(gate, fingerprint, earliest, latest, candidate.text("name"), baseline.text("name"),
        candidateAuc, baselineAuc, variances, interval, liftValue, ci.get(0), ci.get(1), confidence, rows, positives,
        periods, carried(top), top.textArray("features"), tables(top), featureValues(top), periodLength,
        trials(top));
  }

  /**
   * The trials the ledger counted; a claim written before claims carried them ({@code trials} absent) recorded
   * none ({@link Claim.Trials#NOT_RECORDED}).
   */
  private static Claim.Trials trials(JsonFields top) {
    if (!top.has("trials")) {
      return Claim.Trials.NOT_RECORDED;
    }
    JsonFields t = top.object("trials").onlyFields(TRIALS);
    String at = t.path();
    if (t.isNull("count")) {
      for (String field : TRIALS.subList(1, TRIALS.size() - 1)) {
        if (t.has(field)) {
          throw t.fail(at + "." + field, "no trials were counted (\"count\": null), so there is no \"" + field
              + "\": the claim was edited. Copy it from the gate's JSON report again.");
        }
      }
      String reason = t.has("reason") ? t.text("reason") : "";
      if (reason.isBlank()) {
        throw t.fail(at + ".reason", "no trials were counted, so the claim must say why: add \"reason\".");
      }
      return Claim.Trials.notCounted(reason);
    }
    if (t.has("reason")) {
      throw t.fail(at + ".reason", "trials were counted, so there is no reason: remove \"reason\".");
    }
    int count = t.wholeNumber("count");
    if (count < 1) {
      throw t.fail(at + ".count", count + " trials: the count includes the claimed run, so it is at least 1. Copy "
          + "the claim from the gate's JSON report again.");
    }
    int free = t.wholeNumber("freeTrials");
    if (free < 1) {
      throw t.fail(at + ".freeTrials", free + " free trials: backtestgate.free-trials is at least 1.");
    }
    double best = t.number("expectedBestZ");
    if (!(best >= 0)) {
      throw t.fail(at + ".expectedBestZ", best + " is not an expected best z: it is at least 0.");
    }
    Double deflatedP = t.isNull("deflatedP") ? null : inRange(t, "deflatedP", 0, 1, "a p-value");
    String methodText = t.text("method");
    Claim.Trials.Method method = java.util.Arrays.stream(Claim.Trials.Method.values())
        .filter(m -> m.word().equals(methodText)).findFirst()
        .orElseThrow(() -> t.fail(at + ".method", "'" + JsonFields.shorten(methodText) + "' is not what decided "
            + "the trials: write \"approximation\" or \"bootstrap\"."));
    Double bootstrapP = t.has("bootstrapP") ? inRange(t, "bootstrapP", 0, 1, "a p-value") : null;
    if ((method == Claim.Trials.Method.BOOTSTRAP) != (bootstrapP != null)) {
      throw t.fail(at + ".bootstrapP", method == Claim.Trials.Method.BOOTSTRAP ? "the bootstrap decided, so its "
          + "p-value is needed: add \"bootstrapP\"." : "the approximation decided, so there is no \"bootstrapP\": "
          + "remove it or write \"method\": \"bootstrap\".");
    }
    return new Claim.Trials(count, free, best, deflatedP, method, bootstrapP, "");
  }

  /** The feature summaries; a claim written before claims carried them has none ({@code featureValues} absent). */
  private static List<FeatureValues> featureValues(JsonFields top) {
    List<FeatureValues> summaries = new ArrayList<>();
    if (!top.has("featureValues")) {
      return summaries;
    }
    for (JsonFields f : top.objects("featureValues")) {
      f.onlyFields(FEATURE_VALUES);
      String type = f.text("type");
      if (!FeatureValues.CATEGORICAL.equals(type) && !FeatureValues.NUMERIC.equals(type)) {
        throw f.fail(f.path() + ".type", "'" + JsonFields.shorten(type) + "' is not a feature summary's type: write "
            + "\"categorical\" or \"numeric\".");
      }
      List<Double> values = f.numberArray("values", -1);
      List<Double> shares = f.numberArray("shares", values.size());
      if (values.size() > FeatureValues.MAX_POINTS) {
        throw f.fail(f.path() + ".values", values.size() + " points: a summary keeps at most "
            + FeatureValues.MAX_POINTS + ". Copy the claim from the gate's JSON report again.");
      }
      List<FeatureValues.Point> points = new ArrayList<>();
      for (int i = 0; i < values.size(); i++) {
        if (!(shares.get(i) >= 0 && shares.get(i) <= 1)) {
          throw f.fail(f.path() + ".shares[" + i + "]", shares.get(i) + " is not a share: it lies between 0 and 1.");
        }
        if (i > 0 && !(values.get(i) > values.get(i - 1))) {
          throw f.fail(f.path() + ".values[" + i + "]", "the values are not in increasing order. Copy the claim "
              + "from the gate's JSON report again.");
        }
        points.add(new FeatureValues.Point(values.get(i), shares.get(i)));
      }
      long rows = f.longNumber("rows");
      long missing = f.longNumber("missing");
      if (rows < 0 || missing < 0) {
        throw f.fail(f.path() + ".rows", "row counts cannot be negative: found " + rows + " and " + missing + ".");
      }
      summaries.add(new FeatureValues(f.text("feature"), type, rows, missing, points, f.bool("complete")));
    }
    return summaries;
  }

  private static List<Claim.Period> periods(JsonFields top) {
    List<Claim.Period> periods = new ArrayList<>();
    for (JsonFields p : top.objects("liftPerPeriod")) {
      p.onlyFields(PERIOD);
      Double lift = p.isNull("lift") ? null : inRange(p, "lift", -1, 1, "an AUC difference");
      Double variance = p.isNull("liftVariance") ? null : variance(p, "liftVariance");
      if ((lift == null) != (variance == null)) {
        throw p.fail(p.path() + ".liftVariance", "a period's lift and its variance are both numbers or both null.");
      }
      long positives = p.longNumber("positives");
      long negatives = p.longNumber("negatives");
      if (positives < 0 || negatives < 0) {
        throw p.fail(p.path() + ".positives", "row counts cannot be negative: found " + positives + " and "
            + negatives + ".");
      }
      periods.add(new Claim.Period(p.text("period"), instant(p, "start"), instant(p, "end"), positives, negatives,
          lift, variance));
    }
    return periods;
  }

  private static List<SignOff.LiftCarried> carried(JsonFields top) {
    List<SignOff.LiftCarried> carried = new ArrayList<>();
    for (JsonFields c : top.objects("liftCarried")) {
      c.onlyFields(CARRIED);
      carried.add(new SignOff.LiftCarried(c.text("feature"), inRange(c, "carried", -1, 1, "an AUC difference"),
          c.numberArray("carriedCi", 2)));
    }
    return carried;
  }

  private static List<Claim.TableRead> tables(JsonFields top) {
    List<Claim.TableRead> tables = new ArrayList<>();
    for (JsonFields t : top.objects("dataRead")) {
      t.onlyFields(TABLE);
      String table = t.text("table");
      if (t.isNull("version")) {
        String reason = t.has("reason") ? t.text("reason") : "";
        if (reason.isBlank()) {
          throw t.fail(t.path() + ".reason", "table '" + JsonFields.shorten(table) + "' has no version read, so "
              + "the claim must say why: add \"reason\".");
        }
        tables.add(new Claim.TableRead(table, null, reason));
      } else {
        if (t.has("reason")) {
          throw t.fail(t.path() + ".reason", "table '" + JsonFields.shorten(table) + "' has a version read, so it "
              + "has no reason: remove \"reason\".");
        }
        tables.add(new Claim.TableRead(table, t.text("version"), ""));
      }
    }
    return tables;
  }

  private static Instant instant(JsonFields o, String field) {
    String text = o.text(field);
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw o.fail(o.path() + "." + field, "'" + JsonFields.shorten(text) + "' is not an ISO instant: write it as "
          + "2026-01-31T09:00:00Z.");
    }
  }

  private static double unit(JsonFields o, String field) {
    return inRange(o, field, 0, 1, "an AUC");
  }

  private static double variance(JsonFields o, String field) {
    return inRange(o, field, 0, 0.25, "a variance of an AUC");
  }

  private static double inRange(JsonFields o, String field, double low, double high, String what) {
    double value = o.number(field);
    if (value < low || value > high) {
      throw o.fail(o.path() + "." + field, value + " is not " + what + ": it lies between " + low + " and " + high
          + ".");
    }
    return value;
  }
}
