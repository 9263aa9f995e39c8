package dev.backtestgate.cli.workflow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.backtestgate.claim.ClaimJson;
import dev.backtestgate.claim.MalformedClaimException;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.internal.JsonTrees;
import dev.backtestgate.review.Decision;
import dev.backtestgate.review.MalformedSignOffException;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import dev.backtestgate.review.SignOffVoid;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Every call of the plugin into the core's file formats, in one place: reading pending and review files, writing
 * review files in the canonical form, the file name of a gate, and reading a proposed history manifest.
 *
 * <pre>{@code
 * ReviewFiles.Review pending = ReviewFiles.read(pendingFile);
 * String text = ReviewFiles.decide(pending, Decision.APPROVED, "ana@example.com", today, expires, "why", items);
 * }</pre>
 */
final class ReviewFiles {
  /** A report read for its claim alone: the curves and the evidence are skipped, not built. */
  static final java.util.Set<String> CLAIM_ONLY = java.util.Set.of("claim");

  /** Largest sign-off file read, as the gate's own limit (room for the claim it embeds); larger ones are refused unread. */
  static final long MAX_BYTES = (16L << 20) + (256L << 10);

  private ReviewFiles() {}

  /**
   * A pending or committed sign-off file.
   *
   * @param file where it is
   * @param signOff its content
   */
  record Review(Path file, SignOff signOff) {
    String gate() {
      return signOff.gate();
    }

    String fingerprint() {
      return signOff.fingerprint();
    }

    boolean approved() {
      return signOff.decision() == Decision.APPROVED;
    }

    boolean rejected() {
      return signOff.decision() == Decision.REJECTED;
    }

    String reviewer() {
      return signOff.reviewer();
    }

    List<String> features() {
      return signOff.reviewed().features();
    }

    String rationale() {
      return signOff.rationale();
    }

    LocalDate expiresOn() {
      return signOff.expiresOn();
    }

    /** The reviewed lift as {@code +0.206 (CI +0.186..+0.227)}. */
    String reviewedLift() {
      SignOff.Reviewed r = signOff.reviewed();
      return String.format(java.util.Locale.ROOT, "%+.3f (CI %+.3f..%+.3f), candidate %s AUC %.3f vs baseline %s "
          + "AUC %.3f, %,d rows", r.lift(), r.liftCi().get(0), r.liftCi().get(1), r.candidate(), r.candidateAuc(),
          r.baseline(), r.baselineAuc(), r.rows());
    }

    /**
     * The lift each feature carries, as the pending file records it (the pipeline checks' attribution), the largest
     * three: e.g. {@code status +0.071 [+0.060, +0.082], balance +0.004 [...]}; empty without a pipeline.
     */
    String liftCarried() {
      return signOff.reviewed().liftCarried().stream().limit(3).map(c -> String.format(java.util.Locale.ROOT,
          "%s %+.3f [%+.3f, %+.3f]", c.feature(), c.carried(), c.carriedCi().get(0), c.carriedCi().get(1)))
          .collect(java.util.stream.Collectors.joining(", "));
    }
  }

  /**
   * Why the claim {@code pending} embeds cannot be signed off against the gate's latest report, if it cannot: it breaks
   * the claim's own rules ({@link ClaimJson}), or it is not the report's {@code claim} (the first field that differs,
   * by its JSON path in the pending file).
   */
  static Optional<String> claimProblem(Review pending, Path reportFile) {
    String claim = pending.signOff().claim();
    if (claim != null) {
      try {
        ClaimJson.parse(claim, pending.file() + " (its claim)");
      } catch (MalformedClaimException e) {
        return Optional.of("the pending file's claim breaks the claim's rules at $.claim" + e.jsonPath().substring(1)
            + ": " + e.problem() + " Run the build again in local mode for a pending file the gate wrote.");
      }
    }
    JsonNode reported;
    try {
      JsonNode node = JsonTrees.read(ReviewWorkspace.read(reportFile).getBytes(StandardCharsets.UTF_8), CLAIM_ONLY)
          .get("claim");
      reported = node == null || node.isNull() ? null : node;
    } catch (IOException e) {
      return Optional.of("the claim of the report " + reportFile + " cannot be read: " + e.getMessage());
    }
    JsonNode embedded;
    try {
      embedded = claim == null ? null : JsonTrees.read(claim.getBytes(StandardCharsets.UTF_8), null);
    } catch (IOException e) {
      return Optional.of("the pending file's claim cannot be read: " + e.getMessage());
    }
    if (embedded == null && reported == null) {
      return Optional.empty();
    }
    if (embedded == null || reported == null) {
      return Optional.of((embedded == null ? "the pending file embeds no claim, but the latest report " + reportFile
          + " has one" : "the pending file embeds a claim, but the latest report " + reportFile + " has none")
          + ": they are not of the same run. Run the build again in local mode for a current pending file.");
    }
    return firstDifference("$.claim", embedded, reported).map(at -> "the pending file's claim differs from the latest "
        + "report's at " + at + ": a sign-off embeds the claim of the run it covers, unchanged. Run the build again "
        + "in local mode (mvn verify -Dbacktestgate.mode=local) for a pending file of the latest run.");
  }

  /** The JSON path of the first place where {@code a} and {@code b} differ, with both values; empty when equal. */
  private static Optional<String> firstDifference(String at, JsonNode a, JsonNode b) {
    if (a.isObject() && b.isObject()) {
      for (java.util.Iterator<String> names = a.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        Optional<String> inner = b.has(name) ? firstDifference(at + "." + name, a.get(name), b.get(name))
            : Optional.of(at + "." + name + " (not in the report)");
        if (inner.isPresent()) {
          return inner;
        }
      }
      for (java.util.Iterator<String> names = b.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        if (!a.has(name)) {
          return Optional.of(at + "." + name + " (not in the pending file)");
        }
      }
      return Optional.empty();
    }
    if (a.isArray() && b.isArray() && a.size() == b.size()) {
      for (int i = 0; i < a.size(); i++) {
        Optional<String> inner = firstDifference(at + "[" + i + "]", a.get(i), b.get(i));
        if (inner.isPresent()) {
          return inner;
        }
      }
      return Optional.empty();
    }
    boolean same = a.isNumber() && b.isNumber() ? a.doubleValue() == b.doubleValue() : a.equals(b);
    return same ? Optional.empty() : Optional.of(at + " (pending " + shortText(a) + ", report " + shortText(b) + ")");
  }

  private static String shortText(JsonNode node) {
    String text = node.toString();
    return text.length() > 60 ? text.substring(0, 57) + "..." : text;
  }

  /** The sub-directory of the report directory where history checks propose manifests. */
  static final String PROPOSED_HISTORY_DIR = HistoryManifest.PROPOSED_DIR;

  /**
   * Checks that {@code json} is a history manifest the core reads.
   *
   * @throws IllegalArgumentException naming the JSON path of the problem
   */
  static void checkManifest(String json, String source) {
    HistoryManifest.parse(json, source);
  }

  /**
   * The void records committed in a review directory, each parsed, and one line per record that cannot be read
   * (naming the file, the JSON path and the fix).
   *
   * @param records the readable records, by path
   * @param problems the unreadable ones
   */
  record Voids(Map<Path, SignOffVoid> records, List<String> problems) {
    /** The record that withdraws the sign-off of {@code gate} whose text is {@code text}, if one does. */
    Optional<Map.Entry<Path, SignOffVoid>> withdrawing(String gate, String text) {
      String digest = SignOffVoid.sha256(text);
      return records.entrySet().stream().filter(e -> e.getValue().withdraws(gate, digest)).findFirst();
    }
  }

  /** Reads every void record under {@code reviewDir}. */
  static Voids voids(Path reviewDir) {
    Map<Path, SignOffVoid> records = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    Map<Path, String> texts;
    try {
      texts = ReviewStore.directory(reviewDir).voidRecords();
    } catch (RuntimeException e) { // a link, a huge or non-UTF-8 file: its message names it and the fix
      return new Voids(records, List.of(String.valueOf(e.getMessage())));
    }
    texts.forEach((file, text) -> {
      try {
        records.put(file, SignOffVoid.parse(text, file));
      } catch (MalformedSignOffException e) {
        problems.add(file + " is malformed at " + e.jsonPath() + ": " + e.problem());
      }
    });
    return new Voids(records, problems);
  }

  /** The SHA-256 of a sign-off file's text, as void records name it. */
  static String sha256(String text) {
    return SignOffVoid.sha256(text);
  }

  /** The checklist items a reviewer attests, in file order. */
  static List<String> checklistItems() {
    return SignOffJson.CHECKLIST_ITEMS;
  }

  /** The file name of a gate's sign-off (and report). */
  static String fileName(String gate) {
    return ReviewStore.directory(Path.of("")).locationOf(gate).getFileName().toString();
  }

  /**
   * Reads a sign-off file strictly.
   *
   * @throws IllegalArgumentException when it is a link, too large, or malformed (naming the JSON path)
   * @throws IOException when it cannot be read
   */
  static Review read(Path file) throws IOException {
    if (Files.isSymbolicLink(file) || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      throw new IllegalArgumentException(file + " is not a regular file (a link or a directory): a sign-off "
          + "is committed content, not a pointer elsewhere.");
    }
    long size = Files.size(file);
    if (size > MAX_BYTES) {
      throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
          "%s is %,d bytes, over the %,d-byte limit for a sign-off file.", file, size, MAX_BYTES));
    }
    String text = Files.readString(file, StandardCharsets.UTF_8);
    try {
      return new Review(file, SignOffJson.parse(text, file));
    } catch (MalformedSignOffException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /**
   * The canonical text of a decided review made from {@code from} (a pending file, or a review being renewed):
   * its gate, fingerprint and reviewed numbers, with the reviewer's decision, dates, rationale and attestations, and
   * its waivers with {@code waivers} added (each replacing one of the same kind and subject), and the claim it
 * embeds, unchanged.
   */
  static String decide(Review from, boolean approve, String reviewer, LocalDate reviewedOn, LocalDate expiresOn,
      String rationale, Set<String> attested, List<SignOff.Waiver> waivers) {
    SignOff s = from.signOff();
    List<String> items = checklistItems();
    SignOff.Checklist checklist = new SignOff.Checklist(attested.contains(items.get(0)),
        attested.contains(items.get(1)), attested.contains(items.get(2)), attested.contains(items.get(3)),
        attested.contains(items.get(4)));
    List<SignOff.Waiver> allWaivers = new ArrayList<>(s.waivers());
    allWaivers.removeIf(w -> waivers.stream().anyMatch(n -> n.covers(w.kind(), w.subject())));
    allWaivers.addAll(waivers);
    return SignOffJson.write(new SignOff(s.schema(), s.gate(), s.fingerprint(), s.reviewed(),
        approve ? Decision.APPROVED : Decision.REJECTED, reviewer, reviewedOn, expiresOn, rationale, checklist,
        allWaivers, s.claim()));
  }
}
