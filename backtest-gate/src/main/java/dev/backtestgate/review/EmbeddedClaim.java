package dev.backtestgate.review;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.backtestgate.internal.CanonicalJson;
import dev.backtestgate.internal.JsonFields;
import dev.backtestgate.internal.JsonTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * The claim a sign-off embeds ({@code $.claim}), kept whole as canonical JSON text. The claim's own rules
 * ({@code dev.backtestgate.claim.ClaimJson}) sit above this package, so the reviewer commands and {@code claim} apply
 * them; what this class checks at every read is that the claim agrees with the file it sits in: its gate and
 * fingerprint are the file's, and its models, AUCs, lift, interval, rows, positives, features and count of trials are
 * the ones {@code reviewed} records. A claim edited by hand therefore fails the sign-off, naming the field, instead of
 * holding production to numbers nobody reviewed.
 */
final class EmbeddedClaim {
  private EmbeddedClaim() {}

  /** The claim's canonical text, once it agrees with the sign-off. */
  static String agreeing(JsonFields claim, String gate, String fingerprint, SignOff.Reviewed reviewed) {
    same(claim, "gate", claim.text("gate"), gate, "the file's \"gate\"");
    same(claim, "fingerprint", claim.text("fingerprint"), fingerprint, "the file's \"fingerprint\"");
    JsonFields candidate = claim.object("candidate");
    JsonFields baseline = claim.object("baseline");
    same(candidate, "name", candidate.text("name"), reviewed.candidate(), "reviewed.candidate");
    same(candidate, "auc", candidate.number("auc"), reviewed.candidateAuc(), "reviewed.candidateAuc");
    same(baseline, "name", baseline.text("name"), reviewed.baseline(), "reviewed.baseline");
    same(baseline, "auc", baseline.number("auc"), reviewed.baselineAuc(), "reviewed.baselineAuc");
    JsonFields lift = claim.object("lift");
    same(lift, "value", lift.number("value"), reviewed.lift(), "reviewed.lift");
    same(lift, "ci", lift.numberArray("ci", 2), reviewed.liftCi(), "reviewed.liftCi");
    same(claim, "rows", claim.wholeNumber("rows"), reviewed.rows(), "reviewed.rows");
    same(claim, "positives", claim.wholeNumber("positives"), reviewed.positives(), "reviewed.positives");
    same(claim, "features", claim.textArray("features"), reviewed.features(), "reviewed.features");
    if (claim.has("trials")) {   // a claim written before claims recorded the trials has none to compare
      JsonFields trials = claim.object("trials");
      Integer counted = trials.isNull("count") ? null : trials.wholeNumber("count");
      if (!Objects.equals(counted, reviewed.trials().counted())) {
        throw trials.fail(trials.path() + ".count", "the claim says " + counted + " trials, reviewed.trials.counted "
            + "says " + reviewed.trials().counted() + ": the claim is the reviewed run's, copied by the gate, never "
            + "edited. Copy \"claim\" and \"reviewed\" unchanged from the pending file the gate wrote.");
      }
    }
    return CanonicalJson.write(claim.tree());
  }

  private static void same(JsonFields at, String field, Object claimed, Object reviewed, String where) {
    if (!claimed.equals(reviewed)) {
      throw at.fail(at.path() + "." + field, "the claim says " + shown(claimed) + ", " + where + " says "
          + shown(reviewed) + ": the claim is the reviewed run's, copied by the gate, never edited. Copy \"claim\" "
          + "and \"reviewed\" unchanged from the pending file the gate wrote.");
    }
  }

  private static String shown(Object value) {
    return value instanceof String text ? "'" + JsonFields.shorten(text) + "'"
        : value instanceof List<?> list && list.size() > 4 ? list.size() + " entries " + list.subList(0, 4) + "..."
        : String.valueOf(value);
  }

  /** The claim as the file writes it: its tree, or JSON {@code null}. */
  static JsonNode tree(String claim) {
    if (claim == null) {
      return NullNode.getInstance();
    }
    try {
      return JsonTrees.read(claim.getBytes(StandardCharsets.UTF_8), null);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("the sign-off's claim is not JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read JSON from a string", e);
    }
  }
}
