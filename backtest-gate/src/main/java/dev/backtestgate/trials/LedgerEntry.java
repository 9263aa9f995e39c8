package dev.backtestgate.trials;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.backtestgate.internal.CanonicalJson;
import dev.backtestgate.internal.JsonFields;
import dev.backtestgate.internal.JsonProblem;
import dev.backtestgate.internal.StrictJson;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One evaluation in the trials ledger, written once and never rewritten. Entries of a test set are ordered by
 * {@link #ORDER}: the sequence first (one more than the largest the writer saw in that test set, so a clock that
 * goes backwards reorders nothing), then the time, then the score digest, then the candidate (two forks that saw the
 * same entries share a sequence; the rest only breaks that tie).
 *
 * @param schema the ledger schema this entry was written in ({@link #SCHEMA})
 * @param sequence 1 for a test set's first entry, else one more than the largest its writer saw
 * @param gateId the gate evaluated
 * @param time when it was evaluated
 * @param key the test set and the score digest
 * @param candidate the candidate's name
 * @param candidateAuc the candidate's AUC
 * @param baselineAuc the baseline's AUC
 * @param lift the candidate's AUC minus the baseline's
 * @param standardError the lift's standard error
 * @param z the lift over its standard error ({@code NaN} when the standard error is 0)
 * @param verdict the gate's verdict, as the JSON report spells it ({@code passed}, {@code passed-with-sign-off},
 *     {@code failed})
 * @param commit the project's commit when it is a git work tree, else {@code null}
 * @param commitNote why the commit is {@code null}, else {@code ""}
 */
@API(status = EXPERIMENTAL, since = "0.3")
public record LedgerEntry(int schema, long sequence, String gateId, Instant time, TrialKey key, String candidate,
    double candidateAuc, double baselineAuc, double lift, double standardError, double z, String verdict,
    String commit, String commitNote) {
  /** The schema this version writes and the newest it reads. */
  public static final int SCHEMA = 1;
  /** The order of a test set's entries. */
  public static final Comparator<LedgerEntry> ORDER = Comparator.comparingLong(LedgerEntry::sequence)
      .thenComparing(LedgerEntry::time).thenComparing(e -> e.key().scores()).thenComparing(LedgerEntry::candidate);
  private static final List<String> FIELDS = List.of("schema", "sequence", "gateId", "time", "testSet", "scores",
      "candidate", "candidateAuc", "baselineAuc", "lift", "standardError", "z", "verdict", "commit", "commitNote");
  private static final List<String> VERDICTS = List.of("passed", "passed-with-sign-off", "failed");

  /** Checks the fields. */
  public LedgerEntry {
    Objects.requireNonNull(gateId, "gateId");
    Objects.requireNonNull(time, "time");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(candidate, "candidate");
    Objects.requireNonNull(commitNote, "commitNote");
    if (schema < 1 || sequence < 1) {
      throw new IllegalArgumentException("schema " + schema + " and sequence " + sequence + " must be 1 or more.");
    }
    if (!VERDICTS.contains(verdict)) {
      throw new IllegalArgumentException("verdict '" + verdict + "' is not one of " + VERDICTS + ".");
    }
  }

  /** This entry with {@code value} as its sequence. */
  public LedgerEntry withSequence(long value) {
    return new LedgerEntry(schema, value, gateId, time, key, candidate, candidateAuc, baselineAuc, lift,
        standardError, z, verdict, commit, commitNote);
  }

  /** The entry as canonical JSON ({@code NaN} numbers as {@code null}). */
  public String toJson() {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("schema", schema);
    o.put("sequence", sequence);
    o.put("gateId", gateId);
    o.put("time", time.toString());
    o.put("testSet", key.testSet());
    o.put("scores", key.scores());
    o.put("candidate", candidate);
    number(o, "candidateAuc", candidateAuc);
    number(o, "baselineAuc", baselineAuc);
    number(o, "lift", lift);
    number(o, "standardError", standardError);
    number(o, "z", z);
    o.put("verdict", verdict);
    if (commit == null) {
      o.putNull("commit");
    } else {
      o.put("commit", commit);
    }
    o.put("commitNote", commitNote);
    return CanonicalJson.write(o);
  }

  /**
   * The entry in {@code text}.
   *
   * @throws NewerLedgerException when a newer schema wrote it
   * @throws JsonProblem naming the field when it is not an entry
   */
  public static LedgerEntry parse(String text) {
    JsonNode root = StrictJson.parse(text);
    JsonFields f = JsonFields.root(root);
    int schema = f.wholeNumber("schema");
    if (schema > SCHEMA) {
      throw new NewerLedgerException(schema);
    }
    f.onlyFields(FIELDS);
    Instant time;
    try {
      time = Instant.parse(f.text("time"));
    } catch (DateTimeParseException e) {
      throw new JsonProblem("$.time", "'" + f.text("time") + "' is not an ISO-8601 instant such as "
          + "2026-12-07T09:30:00Z.");
    }
    TrialKey key;
    try {
      key = new TrialKey(f.text("testSet"), f.text("scores"));
    } catch (IllegalArgumentException e) {
      throw new JsonProblem("$.testSet", e.getMessage());
    }
    JsonNode commit = root.get("commit");
    if (commit == null || !(commit.isNull() || commit.isTextual())) {
      throw new JsonProblem("$.commit", "expected a string or null.");
    }
    try {
      return new LedgerEntry(schema, f.longNumber("sequence"), f.text("gateId"), time, key, f.text("candidate"),
          nullable(root, "candidateAuc"), nullable(root, "baselineAuc"), nullable(root, "lift"),
          nullable(root, "standardError"), nullable(root, "z"), f.text("verdict"),
          commit.isNull() ? null : commit.textValue(), f.text("commitNote"));
    } catch (IllegalArgumentException e) {
      throw new JsonProblem("$", e.getMessage());
    }
  }

  private static void number(ObjectNode o, String field, double value) {
    if (Double.isFinite(value)) {
      o.put(field, value);
    } else {
      o.putNull(field);
    }
  }

  private static double nullable(JsonNode root, String field) {
    JsonNode value = root.get(field);
    if (value == null) {
      throw new JsonProblem("$." + field, "missing.");
    }
    if (value.isNull()) {
      return Double.NaN;
    }
    if (!value.isNumber()) {
      throw new JsonProblem("$." + field, "expected a number or null, found " + value.getNodeType() + ".");
    }
    return value.doubleValue();
  }
}
