package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.claim.MalformedClaimException;
import dev.backtestgate.internal.JsonTrees;
import dev.backtestgate.review.ReviewStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The reviewer's {@code claim --gate=<id>}: copies the claim of a gate's latest JSON report (or, when no report of the
 * gate exists, the claim its approved committed sign-off embeds) to
 * {@code <review dir>/claims/<gate>.json}, atomically, never over a different committed claim without
 * {@code --replace}. The only writer of the claims directory.
 */
@API(status = INTERNAL, since = "0.3")
public final class ClaimCopy {
  private ClaimCopy() {}

  /**
   * Copies the claim; returns the lines to print.
   *
   * @throws Refusal when no report of the gate holds a claim, or a different claim is already there
   */
  public static List<String> copy(Path reportDir, Path reviewDir, String gate, boolean replace) throws Refusal {
    if (gate == null || gate.isBlank()) {
      throw ReviewWorkspace.refuse("Name the gate: --gate=<id>.", "The gate ids are the report files' \"gate\" "
          + "fields under " + reportDir + ".");
    }
    GateReports.Listing reports = GateReports.read(reportDir);
    Optional<GateReport> latest = reports.reports().stream().filter(r -> r.gate().equals(gate))
        .max((a, b) -> a.modified().compareTo(b.modified()));
    Claim claim = latest.isPresent() ? fromReport(latest.get().file(), gate) : fromSignOff(reportDir, reviewDir, gate);
    String source = latest.isPresent() ? "" : " from its sign-off " + ReviewStore.directory(reviewDir).locationOf(gate)
        + " (no report of the gate under " + reportDir + ")";
    Path target = ClaimJson.file(reviewDir, gate);
    String text = ClaimJson.write(claim);
    if (Files.exists(target, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !replace) {
      String existing;
      try {
        existing = Files.isRegularFile(target, java.nio.file.LinkOption.NOFOLLOW_LINKS) ? Files.readString(target)
            : null;
      } catch (IOException e) {
        existing = null;
      }
      if (text.equals(existing)) {
        return List.of("The claim of gate '" + gate + "' in " + target + " is already this one; nothing written.");
      }
      throw ReviewWorkspace.refuse("A different claim of gate '" + gate + "' is already at " + target + ".",
          "If the new evaluation is the one production is held to, copy it with --replace (and commit the change).");
    }
    ReviewWorkspace.write(target, text);
    return List.of("Wrote the claim of gate '" + gate + "' (fingerprint " + claim.fingerprint() + ")" + source
        + " to " + target + ".", "Commit it; then hold production to it: backtest-gate tripwire --claim " + target
        + " <outcomes.csv>");
  }

  /** The claim of the gate's latest report. */
  private static Claim fromReport(Path file, String gate) throws Refusal {
    Claim claim;
    try {
      JsonNode node = JsonTrees.read(ReviewWorkspace.read(file).getBytes(StandardCharsets.UTF_8),
          ReviewFiles.CLAIM_ONLY).get("claim");
      if (node == null || node.isNull()) {
        throw ReviewWorkspace.refuse("The report " + file + " holds no claim (the lift could not be computed, or it "
            + "was written before reports carried claims).", "Run the gated test again, then copy its claim.");
      }
      claim = ClaimJson.parse(node.toString(), file + " (its claim)");
    } catch (IOException | MalformedClaimException e) {
      throw ReviewWorkspace.refuse("The claim in " + file + " cannot be read: " + e.getMessage(),
          "Run the gated test again so that it writes its report anew.");
    }
    if (!claim.gate().equals(gate)) {
      throw ReviewWorkspace.refuse("The report " + file + " holds a claim of gate '" + claim.gate() + "', not '"
          + gate + "'.", "Run the gated test again so that it writes its report anew.");
    }
    return claim;
  }

  /**
   * The claim an approved committed sign-off of {@code gate} embeds, when no report of the gate exists (a fresh
   * clone): the claim of the run the reviewer approved, read by the claim's rules.
   */
  private static Claim fromSignOff(Path reportDir, Path reviewDir, String gate) throws Refusal {
    Path file = ReviewStore.directory(reviewDir).locationOf(gate);
    String fix = "Run the gated test (or audit) first; its JSON report carries the claim.";
    if (!Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      throw ReviewWorkspace.refuse("No report of gate '" + gate + "' under " + reportDir + ", and no sign-off at "
          + file + ".", fix);
    }
    ReviewFiles.Review review;
    try {
      review = ReviewFiles.read(file);
    } catch (IOException | IllegalArgumentException e) {
      throw ReviewWorkspace.refuse("No report of gate '" + gate + "' under " + reportDir + ", and its sign-off "
          + file + " cannot be read: " + e.getMessage(), fix);
    }
    if (!review.approved()) {
      throw ReviewWorkspace.refuse("No report of gate '" + gate + "' under " + reportDir + ", and its sign-off "
          + file + " is not approved: production is held only to a claim a reviewer approved.", fix);
    }
    if (review.signOff().claim() == null) {
      throw ReviewWorkspace.refuse("No report of gate '" + gate + "' under " + reportDir + ", and its sign-off "
          + file + " embeds no claim (\"claim\": null).", fix);
    }
    try {
      return ClaimJson.parse(review.signOff().claim(), file + " (its claim)");
    } catch (MalformedClaimException e) {
      throw ReviewWorkspace.refuse("The claim in the sign-off " + file + " cannot be read: " + e.getMessage(),
          "Run the gated test again, and copy the claim from its report.");
    }
  }
}
