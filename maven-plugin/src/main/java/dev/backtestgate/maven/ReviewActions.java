package dev.backtestgate.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffVoid;
import org.apache.maven.plugin.MojoFailureException;

/**
 * What the reviewer's goals do, on plain paths and a date: list pending sign-offs, turn one into a review file,
 * renew a review, accept a proposed history manifest. Every refusal is a {@link MojoFailureException} naming
 * the problem and the command that fixes it; every write is atomic and printed with the {@code git add} to run.
 *
 * <pre>{@code
 * ReviewActions actions = new ReviewActions(basedir, workingDir, reportDir, reviewDir, LocalDate.now());
 * actions.pending().forEach(System.out::println);
 * }</pre>
 */
final class ReviewActions {
  /** Default validity of a review when {@code -Dexpires} is not given. */
  static final String DEFAULT_EXPIRES = "+90d";
  private static final Pattern RELATIVE_DAYS = Pattern.compile("\\+(\\d{1,4})d");

  private final Path basedir;
  private final Path workingDir;
  private final Path reportDir;
  private final Path reviewDir;
  private final LocalDate today;

  /**
   * @param basedir the module directory (committed history manifests are relative to it)
   * @param workingDir where the person runs Maven: printed commands use paths relative to it
   * @param reportDir the report directory (pending sign-offs, reports, proposed manifests)
   * @param reviewDir the review directory (committed sign-offs)
   * @param today the review date
   */
  ReviewActions(Path basedir, Path workingDir, Path reportDir, Path reviewDir, LocalDate today) {
    this.basedir = basedir.toAbsolutePath().normalize();
    this.workingDir = workingDir.toAbsolutePath().normalize();
    this.reportDir = reportDir.toAbsolutePath().normalize();
    this.reviewDir = reviewDir.toAbsolutePath().normalize();
    this.today = today;
  }

  /**
   * What a reviewer passed on the command line.
   *
   * @param gate {@code -Dgate}: a gate id or a glob ({@code *}, {@code ?})
   * @param reviewer {@code -Dreviewer}
   * @param rationale {@code -Drationale}
   * @param attest {@code -Dattest}: {@code all} or a comma list of checklist items
   * @param expires {@code -Dexpires}: an ISO date or {@code +Nd}
   * @param replace {@code -Dreplace}: overwrite an existing review
   * @param waive {@code -Dwaive}: waivers, {@code kind:subject=reason} or {@code subject=reason}, separated by
   *     {@code ;}
   */
  record Request(String gate, String reviewer, String rationale, String attest, String expires, boolean replace,
      String waive) {
    /** A request without waivers. */
    Request(String gate, String reviewer, String rationale, String attest, String expires, boolean replace) {
      this(gate, reviewer, rationale, attest, expires, replace, null);
    }
  }

  // ---------------------------------------------------------------------------------------------- pending

  /** The lines that list every pending sign-off with its headline, lift, reports and the command to sign it. */
  List<String> pending() {
    List<String> out = pendingFiles();
    List<String> voided = voidedSignOffs();
    if (!voided.isEmpty()) {
      out.add("");
      out.addAll(voided);
    }
    return out;
  }

  /**
   * The lines that list every committed sign-off a void record still withdraws (the file is unchanged since), with
   * the reason and the commands that review it again; and every void record that cannot be read.
   */
  private List<String> voidedSignOffs() {
    ReviewFiles.Voids voids = ReviewFiles.voids(reviewDir);
    List<String> out = new ArrayList<>();
    for (Map.Entry<Path, SignOffVoid> record : voids.records().entrySet()) {
      for (SignOffVoid.Entry entry : record.getValue().signOffs()) {
        Path file = reviewFile(entry.gate());
        String text;
        try {
          text = Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) ? Files.readString(file, StandardCharsets.UTF_8)
              : null;
        } catch (IOException e) {
          text = null;
        }
        if (text == null || !ReviewFiles.sha256(text).equals(entry.sha256())) {
          continue; // reviewed again (or removed) since: the void no longer applies
        }
        out.add("  " + entry.gate());
        out.add("    sign-off: " + file);
        out.add("    stale: " + record.getValue().reason());
        out.add("    void record: " + record.getKey());
        out.add("    review again: mvn verify -Dbacktestgate.mode=local (writes the pending sign-off of the new data), "
            + "then mvn backtest-gate:sign-off -Dgate=" + Shell.quote(entry.gate()) + " -Dreviewer='<you>' "
            + "-Drationale='<why it is not a leak>' -Dattest=all -Dreplace=true");
      }
    }
    int count = out.size() / 5;
    if (count > 0) {
      out.add(0, count + (count == 1 ? " sign-off" : " sign-offs") + " voided by a rewrite of history (stale: "
          + "no longer covering until reviewed again) under " + reviewDir + ":");
    }
    if (!voids.problems().isEmpty()) {
      out.add("Unreadable void records (until each is fixed, no sign-off covers its gate: the gates fail closed):");
      voids.problems().forEach(p -> out.add("  " + p));
    }
    return out;
  }

  private List<String> pendingFiles() {
    List<String> out = new ArrayList<>();
    Path dir = reportDir.resolve("pending");
    List<Path> files = jsonFiles(dir);
    if (files.isEmpty()) {
      out.add("No pending sign-offs under " + dir + ". A gate writes one when it fails for want of a review and "
          + "runs in local mode (the default outside CI; mvn verify -Dbacktestgate.mode=local).");
      return out;
    }
    GateReports.Listing reports = GateReports.read(reportDir);
    out.add(files.size() + (files.size() == 1 ? " pending sign-off" : " pending sign-offs") + " under " + dir + ":");
    for (Path file : files) {
      out.add("");
      ReviewFiles.Review pending;
      try {
        pending = ReviewFiles.read(file);
      } catch (IOException | IllegalArgumentException e) {
        out.add("  " + file.getFileName() + ": unreadable, skipped: " + e.getMessage());
        continue;
      }
      out.add("  " + pending.gate());
      Optional<GateReport> report = latestReport(reports, pending.gate());
      report.ifPresent(r -> out.add("    " + r.headline()));
      out.add("    lift " + pending.reviewedLift());
      report.ifPresent(r -> {
        out.add("    JSON report: " + r.file());
        out.add("    HTML report: " + html(r.file()));
        problem(pending, r).ifPresent(p -> out.add("    cannot be signed off as it is: " + p));
        List<String> uncovered = beyondApproval(r, List.of());
        if (!uncovered.isEmpty()) {
          out.add("    an approval alone cannot cover:");
          uncovered.forEach(u -> out.add("      " + u));
        }
      });
      if (report.isEmpty()) {
        out.add("    no report for this gate under " + reportDir + ": run the build again before signing off.");
      }
      out.add("    pending file: " + file);
      out.add("    sign off:  mvn backtest-gate:sign-off -Dgate=" + Shell.quote(pending.gate())
          + " -Dreviewer='<you>' -Drationale='" + report.map(ReviewActions::rationalePrompt)
              .orElse("<why it is not a leak>") + "' -Dattest=all"
          + report.map(r -> waiveOption(waivable(r))).orElse(""));
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------- sign-off, reject

  /** Writes review files from the pending sign-offs of the gates {@code r.gate()} names; refuses on any problem. */
  List<String> decide(Request r, boolean approve) throws MojoFailureException {
    String goal = approve ? "sign-off" : "reject";
    List<String> missing = new ArrayList<>();
    requireField(missing, r.gate(), "-Dgate=<gate id or glob, e.g. 'com.acme.ChurnBacktest#*'>");
    requireField(missing, r.reviewer(), "-Dreviewer=<who reviewed, e.g. ana@example.com>");
    requireField(missing, r.rationale(), approve ? "-Drationale=<why the lift is real and not a leak>"
        : "-Drationale=<why the result is not believed>");
    if (approve) {
      requireField(missing, r.attest(), "-Dattest=all (or a comma list of: " + String.join(", ",
          ReviewFiles.checklistItems()) + ")");
    }
    if (!missing.isEmpty()) {
      throw refuse(goal + " needs " + String.join(", ", missing) + ".", "For example: mvn backtest-gate:" + goal
          + " -Dgate=" + Shell.quote(r.gate() == null || r.gate().isBlank() ? "com.acme.ChurnBacktest#gbm" : r.gate())
          + " -Dreviewer=ana@example.com -Drationale='...'" + (approve ? " -Dattest=all" : "")
          + " (mvn backtest-gate:pending lists the gates waiting for a review).");
    }
    Set<String> attested = attested(r.attest(), approve);
    LocalDate expires = expires(r.expires());
    List<WaiveItem> waive = waiveItems(r.waive(), approve);
    List<ReviewFiles.Review> pending = pendingMatching(r.gate(), goal);
    GateReports.Listing reports = GateReports.read(reportDir);
    List<String> problems = new ArrayList<>();
    Map<String, List<SignOff.Waiver>> waivers = new LinkedHashMap<>();
    for (ReviewFiles.Review p : pending) {
      Optional<GateReport> report = latestReport(reports, p.gate());
      if (report.isEmpty()) {
        problems.add(p.gate() + ": no report for this gate under " + reportDir + ", so the pending file cannot be "
            + "checked against the latest run. Run the build (mvn verify -Dbacktestgate.mode=local) first.");
        continue;
      }
      problem(p, report.get()).ifPresent(x -> problems.add(p.gate() + ": " + x));
      if (approve) {
        List<SignOff.Waiver> gateWaivers = waiversFor(report.get(), waive, problems);
        waivers.put(p.gate(), gateWaivers);
        List<String> uncovered = beyondApproval(report.get(), gateWaivers);
        if (!uncovered.isEmpty()) {
          problems.add(p.gate() + ": this approval would never cover the run: "
              + (uncovered.size() == 1 ? "1 finding needs" : uncovered.size() + " findings need")
              + " more than an approval:\n    " + String.join("\n    ", uncovered)
              + waiveHint(report.get(), gateWaivers));
        }
      }
      Path target = reviewFile(p.gate());
      if (Files.isSymbolicLink(target)) {
        problems.add(p.gate() + ": " + target + " is a link; a review is committed content. Remove the link.");
      } else if (Files.exists(target) && !r.replace()) {
        problems.add(p.gate() + ": a review already exists: " + target + ". Edit it in place, or add -Dreplace=true "
            + "to overwrite it with this decision.");
      }
    }
    if (!problems.isEmpty()) {
      throw refuse(goal + " refused, nothing was written:", String.join("\n  ", problems));
    }
    List<String> out = new ArrayList<>();
    List<Path> written = new ArrayList<>();
    for (ReviewFiles.Review p : pending) {
      Path target = reviewFile(p.gate());
      write(target, ReviewFiles.decide(p, approve, r.reviewer().trim(), today, expires, r.rationale().trim(), attested,
          waivers.getOrDefault(p.gate(), List.of())));
      written.add(target);
      out.add("Wrote " + target + ": " + p.gate() + " " + (approve ? "approved" : "rejected") + " by "
          + r.reviewer().trim() + " on " + today + ", valid until " + expires + ".");
    }
    out.addAll(commit(written, (approve ? "Leakage review: approve " : "Leakage review: reject ")
        + gates(pending) + " (" + r.reviewer().trim() + ")"));
    return out;
  }

  // ---------------------------------------------------------------------------------------------- renew

  /** Renews approved reviews whose fingerprint still matches the latest report: new dates and re-attestation. */
  List<String> renew(Request r) throws MojoFailureException {
    List<String> missing = new ArrayList<>();
    requireField(missing, r.gate(), "-Dgate=<gate id or glob>");
    requireField(missing, r.reviewer(), "-Dreviewer=<who renews the review>");
    requireField(missing, r.attest(), "-Dattest=all (after checking every item again)");
    if (!missing.isEmpty()) {
      throw refuse("renew needs " + String.join(", ", missing) + ".", "For example: mvn backtest-gate:renew -Dgate="
          + Shell.quote(r.gate() == null || r.gate().isBlank() ? "com.acme.ChurnBacktest#gbm" : r.gate())
          + " -Dreviewer=ana@example.com -Dattest=all -Dexpires=+90d");
    }
    Set<String> attested = attested(r.attest(), true);
    LocalDate expires = expires(r.expires());
    Pattern glob = glob(r.gate());
    List<ReviewFiles.Review> reviews = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Path file : jsonFiles(reviewDir)) {
      try {
        ReviewFiles.Review review = ReviewFiles.read(file);
        if (glob.matcher(review.gate()).matches()) {
          reviews.add(review);
        }
      } catch (IOException | IllegalArgumentException e) {
        problems.add(file + ": unreadable: " + e.getMessage());
      }
    }
    if (reviews.isEmpty() && problems.isEmpty()) {
      throw refuse("renew refused: no review under " + reviewDir + " is for a gate matching '" + r.gate() + "'.",
          "A first review is written with mvn backtest-gate:sign-off from the pending file.");
    }
    GateReports.Listing reports = GateReports.read(reportDir);
    ReviewFiles.Voids voids = ReviewFiles.voids(reviewDir);
    voids.problems().forEach(p -> problems.add("unreadable void record: " + p));
    for (ReviewFiles.Review review : reviews) {
      Optional<GateReport> report = latestReport(reports, review.gate());
      Optional<Map.Entry<Path, SignOffVoid>> voided = voids.withdrawing(review.gate(), read(review.file()));
      if (voided.isPresent()) {
        problems.add(review.gate() + ": the review is void (" + voided.get().getValue().reason() + "; void record "
            + voided.get().getKey() + "). A renewal would only re-date it: review the backtest on the rewritten "
            + "history and sign it off again (mvn verify -Dbacktestgate.mode=local, then sign-off -Dreplace=true).");
      } else if (!review.approved()) {
        problems.add(review.gate() + ": the review is " + (review.rejected() ? "rejected" : "undecided")
            + "; only an approved review is renewed. Sign off again from a pending file (sign-off -Dreplace=true).");
      } else if (report.isEmpty()) {
        problems.add(review.gate() + ": no report for this gate under " + reportDir + ": run the build first, so "
            + "the renewal is checked against the latest data.");
      } else if (!report.get().fingerprint().equals(review.fingerprint())) {
        problems.add(review.gate() + ": the data changed since the review (fingerprint " + review.fingerprint()
            + ", latest report " + report.get().fingerprint() + "). A renewal only extends a review of the same "
            + "data: review the new run and sign it off (sign-off -Dreplace=true).");
      } else if ("lift-grew".equals(report.get().signOffStatus())) {
        problems.add(review.gate() + ": the lift grew beyond the reviewed lift plus the tolerance; review the new "
            + "result and sign it off again (sign-off -Dreplace=true).");
      }
    }
    if (!problems.isEmpty()) {
      throw refuse("renew refused, nothing was written:", String.join("\n  ", problems));
    }
    List<String> out = new ArrayList<>();
    List<Path> written = new ArrayList<>();
    for (ReviewFiles.Review review : reviews) {
      String rationale = r.rationale() == null || r.rationale().isBlank() ? review.rationale() : r.rationale().trim();
      write(review.file(), ReviewFiles.decide(review, true, r.reviewer().trim(), today, expires, rationale, attested,
          List.of()));
      written.add(review.file());
      out.add("Renewed " + review.file() + ": " + review.gate() + " re-attested by " + r.reviewer().trim() + " on "
          + today + ", valid until " + expires + " (was " + review.expiresOn() + ").");
    }
    out.addAll(commit(written, "Leakage review: renew " + gates(reviews) + " (" + r.reviewer().trim() + ")"));
    return out;
  }

  // ---------------------------------------------------------------------------------------------- accept-history

  /**
   * Copies a proposed history manifest, {@code <report dir>/history-manifests/<path>}, to its committed path:
   * {@code to} (relative to the module directory) when given, else {@code <module>/<path>}.
   */
  List<String> acceptHistory(HistoryChange.Request request) throws MojoFailureException {
    String manifest = request.manifest();
    String to = request.to();
    Path proposedDir = reportDir.resolve(ReviewFiles.PROPOSED_HISTORY_DIR);
    List<Path> proposed = new ArrayList<>();
    if (Files.isDirectory(proposedDir)) {
      try (Stream<Path> files = Files.walk(proposedDir)) {
        files.filter(p -> p.toString().endsWith(".json") && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
            .sorted().forEach(proposed::add);
      } catch (IOException e) {
        throw new UncheckedIOException("Could not list " + proposedDir + ": " + e.getMessage(), e);
      }
    }
    if (proposed.isEmpty()) {
      throw refuse("accept-history refused: no proposed history manifest under " + proposedDir + ".",
          "A history check proposes one there when the history of a table changed; run the build first.");
    }
    List<String> names = proposed.stream().map(p -> slashes(proposedDir.relativize(p))).toList();
    List<String> missing = new ArrayList<>();
    requireField(missing, manifest, "-Dmanifest=<one of: " + String.join(", ", names) + ">");
    missing.addAll(HistoryChange.problems(request));
    if (!missing.isEmpty()) {
      throw refuse("accept-history needs " + String.join(", ", missing) + ".",
          "A rewrite of history is a change like a code change: a ticket, a reason, a reviewer, a rollback (the"
              + " manifest it replaces is kept) and an announcement to the owners of the backtests it touches."
              + "\n  Proposed manifests under " + proposedDir + ":\n    " + String.join("\n    ", names));
    }
    Pattern glob = glob(manifest);
    List<String> chosen = names.stream().filter(n -> glob.matcher(n).matches()).toList();
    if (chosen.isEmpty()) {
      throw refuse("accept-history refused: no proposed manifest matches '" + manifest + "'.",
          "Proposed: " + String.join(", ", names));
    }
    boolean explicitTarget = to != null && !to.isBlank();
    boolean explicitRollback = request.rollback() != null && !request.rollback().isBlank();
    if ((explicitTarget || explicitRollback) && chosen.size() > 1) {
      throw refuse("accept-history refused: -Dto and -Drollback name one manifest, but '" + manifest + "' matches "
          + chosen.size() + " proposals.", "Name one with -Dmanifest: " + String.join(", ", chosen));
    }
    List<String> problems = new ArrayList<>();
    List<Path> targets = new ArrayList<>();
    List<HistoryManifest> proposals = new ArrayList<>();
    for (String name : chosen) {
      String relative = explicitTarget ? to.trim() : name;
      Path target = basedir.resolve(relative).normalize();
      targets.add(target);
      if (!target.startsWith(basedir) || relative.contains("..")) {
        problems.add(name + ": " + relative + " leads outside the module directory " + basedir + ".");
      } else if (Files.isSymbolicLink(target)) {
        problems.add(name + ": " + target + " is a link; a manifest is committed content. Remove the link.");
      }
      Optional<String> problem = manifestProblem(proposedDir.resolve(name));
      problem.ifPresent(p -> problems.add(name + ": " + p));
      proposals.add(problem.isPresent() ? null : readManifest(proposedDir.resolve(name)));
    }
    Path rollback = null;
    if (explicitRollback) {
      String relative = request.rollback().trim();
      rollback = basedir.resolve(relative).normalize();
      if (!rollback.startsWith(basedir) || relative.contains("..")) {
        problems.add("-Drollback=" + relative + " leads outside the module directory " + basedir + ".");
      } else if (!Files.isRegularFile(rollback, LinkOption.NOFOLLOW_LINKS)) {
        problems.add("-Drollback=" + relative + ": no manifest there (" + rollback + "); the rollback pointer must"
            + " name a committed manifest, the one this rewrite replaces. Leave -Drollback out to keep the"
            + " manifest now at the committed path as the rollback.");
      } else {
        manifestProblem(rollback).ifPresent(p -> problems.add("-Drollback=" + relative + ": " + p));
      }
    }
    if (!problems.isEmpty()) {
      throw refuse("accept-history refused, nothing was written:", String.join("\n  ", problems));
    }
    GateReports.Listing reports = GateReports.read(reportDir);
    if (reports.reports().isEmpty()) {
      throw refuse("accept-history refused, nothing was written: no gate report under " + reportDir + ", so the "
          + "backtests this rewrite reaches cannot be named and their sign-offs would go on covering them.",
          "Run the gated backtests first (mvn verify: each @LeakageGated test writes its report there), then run "
              + "accept-history again."
              + (reports.skipped().isEmpty() ? "" : "\n  Skipped: " + String.join("\n  ", reports.skipped())));
    }
    Map<Path, String> written = new LinkedHashMap<>();
    List<String> out = new ArrayList<>();
    try {
      for (int i = 0; i < chosen.size(); i++) {
        out.addAll(acceptOne(request, proposedDir.resolve(chosen.get(i)), proposals.get(i), targets.get(i), rollback,
            reports, written));
      }
    } catch (RuntimeException e) {
      undo(written);
      throw e;
    }
    out.addAll(commit(new ArrayList<>(written.keySet()), "History of " + String.join(", ", proposals.stream().map(HistoryManifest::table)
        .distinct().toList()) + " rewritten (" + request.ticket().trim() + "), accepted by "
        + request.reviewer().trim()));
    return out;
  }

  /**
   * Keeps the manifest the proposal replaces, writes the change record, then the manifest; each file is
   * written whole (temporary file, atomic move) and added to {@code written} with its previous content (null
   * for a new file).
   */
  private List<String> acceptOne(HistoryChange.Request request, Path source, HistoryManifest proposal, Path target,
      Path rollback, GateReports.Listing reports, Map<Path, String> written) {
    List<String> out = new ArrayList<>();
    HistoryManifest current = Files.isRegularFile(target) && manifestProblem(target).isEmpty()
        ? readManifest(target) : null;
    String stem = target.getFileName().toString().replaceAll("\\.json$", "");
    HistoryChange draft = new HistoryChange(proposal.table(), slashes(basedir.relativize(target)), request.ticket(),
        request.reason(), request.reviewer(), today, null, Boolean.parseBoolean(request.announced().trim()),
        HistoryChange.rewritten(rollback != null ? readManifest(rollback) : current, proposal), null);
    Path kept = rollback;
    if (kept == null && Files.isRegularFile(target)) {
      kept = unused(target.resolveSibling(stem + ".replaced-" + today + "-" + draft.ticketSlug() + ".json"));
      written.put(kept, null);
      write(kept, read(target));
      out.add("Kept the manifest it replaces as " + shown(kept) + " (the rollback).");
    }
    Path record = unused(target.resolveSibling(stem + ".changes").resolve(today + "-" + draft.ticketSlug()
        + ".json"));
    BlastRadius radius = BlastRadius.of(reports, proposal.table(), proposal.granularity(), draft.partitions());
    String reason = SignOffVoid.reason(proposal.table(), draft.partitions(), slashes(basedir.relativize(record)));
    List<SignOffVoid.Entry> voided = new ArrayList<>();
    List<String> radiusLines = blastRadius(radius, reason, voided);
    Path voidFile = voided.isEmpty() ? null : unused(reviewDir.resolve(SignOffVoid.DIRECTORY)
        .resolve(today + "-" + draft.ticketSlug() + ".json"));
    HistoryChange change = new HistoryChange(draft.table(), draft.manifest(), draft.ticket(), draft.reason(),
        draft.reviewer(), draft.date(), kept == null ? null : slashes(basedir.relativize(kept)), draft.announced(),
        draft.partitions(), voidFile == null ? null : shownFromModule(voidFile));
    if (voidFile != null) {
      written.put(voidFile, null);
      write(voidFile, new SignOffVoid(proposal.table(), draft.partitions(), slashes(basedir.relativize(record)),
          today, reason, voided).json());
    }
    written.put(record, null);
    write(record, change.json());
    written.putIfAbsent(target, Files.isRegularFile(target) ? read(target) : null);
    write(target, read(source));
    out.add("Wrote " + target + " from " + source + " (accepted by " + change.reviewer().trim() + ", ticket "
        + change.ticket().trim() + ").");
    out.add("History of " + change.table() + " rewritten in " + (change.partitions().isEmpty() ? "no partition"
        : String.join(", ", change.partitions())) + "; change record " + shown(record) + ", rollback "
        + (change.rollback() == null ? "none (no earlier manifest)" : change.rollback()) + ", announced "
        + change.announced() + ".");
    out.addAll(radiusLines);
    if (voidFile != null) {
      out.add("Voided " + voided.size() + (voided.size() == 1 ? " sign-off" : " sign-offs") + " in " + shown(voidFile)
          + ": \"" + reason + "\". Each no longer covers its backtest until it is reviewed again; mvn "
          + "backtest-gate:pending lists them.");
    }
    return out;
  }

  /**
   * The lines that name every backtest of the blast radius, adding to {@code voided} the sign-off of each that one
   * covers now.
   */
  private List<String> blastRadius(BlastRadius radius, String reason, List<SignOffVoid.Entry> voided) {
    List<String> out = new ArrayList<>();
    String table = radius.table();
    if (radius.suspects().isEmpty()) {
      out.add("Blast radius: none of the " + radius.reports() + " gated backtests with a report under " + reportDir
          + " declares " + table + " with decisions at or after a rewritten partition; no sign-off voided.");
    } else {
      out.add("Blast radius: " + radius.suspects().size() + " gated " + (radius.suspects().size() == 1
          ? "backtest declares " : "backtests declare ") + table + " and read rewritten partitions:");
    }
    for (BlastRadius.Suspect suspect : radius.suspects()) {
      GateReport report = suspect.report();
      out.add("  " + report.gate());
      out.add("    report: " + report.file());
      out.add("    rewritten partitions it read: " + String.join(", ", suspect.partitions())
          + (suspect.windowKnown() ? "" : " (its report gives no decision window: every one counted)"));
      Path file = reviewFile(report.gate());
      if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
        out.add("    sign-off: none at " + shown(file) + ", nothing to void (a review of the new history is "
            + "needed if its gate asks for one).");
        continue;
      }
      try {
        ReviewFiles.Review review = ReviewFiles.read(file);
        if (!review.approved()) {
          out.add("    sign-off: " + shown(file) + " is not an approval (" + (review.rejected() ? "rejected"
              : "undecided") + "); it covers nothing, nothing to void.");
          continue;
        }
        voided.add(new SignOffVoid.Entry(report.gate(), file.getFileName().toString(),
            ReviewFiles.sha256(Files.readString(file, StandardCharsets.UTF_8))));
        out.add("    sign-off: " + shown(file) + " VOID: " + reason);
      } catch (IOException | IllegalArgumentException e) {
        out.add("    sign-off: " + shown(file) + " is unreadable, so it covers nothing already: " + e.getMessage());
      }
    }
    for (GateReport report : radius.undeclared()) {
      out.add("  not checked: " + report.file() + " does not say which tables " + report.gate() + " read (a report "
          + "of an older backtest-gate): run mvn verify again and repeat the check with mvn backtest-gate:pending.");
    }
    return out;
  }

  private String shownFromModule(Path p) {
    return p.startsWith(basedir) ? slashes(basedir.relativize(p)) : p.toString();
  }

  private static Path unused(Path wanted) {
    String name = wanted.getFileName().toString();
    String stem = name.substring(0, name.length() - ".json".length());
    Path candidate = wanted;
    for (int i = 2; Files.exists(candidate, LinkOption.NOFOLLOW_LINKS); i++) {
      candidate = wanted.resolveSibling(stem + "-" + i + ".json");
    }
    return candidate;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + file + ": " + e.getMessage(), e);
    }
  }

  private static HistoryManifest readManifest(Path file) {
    return HistoryManifest.parse(read(file), file.toString());
  }

  /** Puts back what a failed accept-history wrote, so nothing is left partly written. */
  private static void undo(Map<Path, String> written) {
    List<Path> files = new ArrayList<>(written.keySet());
    java.util.Collections.reverse(files);
    for (Path file : files) {
      try {
        if (written.get(file) == null) {
          Files.deleteIfExists(file);
        } else {
          write(file, written.get(file));
        }
      } catch (IOException | UncheckedIOException ignored) {
        // the error that stopped the goal is the one reported
      }
    }
  }

  private static Optional<String> manifestProblem(Path file) {
    try {
      if (Files.size(file) > GateReports.MAX_BYTES) {
        return Optional.of("over the size limit for a manifest.");
      }
      ReviewFiles.checkManifest(Files.readString(file, StandardCharsets.UTF_8), file.toString());
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of("not readable: " + e.getMessage());
    } catch (IllegalArgumentException e) {
      return Optional.of("not a history manifest this version reads: " + e.getMessage());
    }
  }

  // ---------------------------------------------------------------------------------------------- shared

  /** Why a pending file cannot be signed off against the gate's latest report, if it cannot. */
  private static Optional<String> problem(ReviewFiles.Review pending, GateReport report) {
    if (!report.fingerprint().equals(pending.fingerprint())) {
      return Optional.of("the pending file's fingerprint " + pending.fingerprint() + " differs from the latest "
          + "report's " + report.fingerprint() + ": the data changed since. Run the build again in local mode "
          + "for a current pending file.");
    }
    boolean sameRun = report.pendingWritten() && report.pendingFile() != null
        && report.pendingFile().toAbsolutePath().normalize().equals(pending.file().toAbsolutePath().normalize());
    try {
      if (!sameRun && Files.getLastModifiedTime(pending.file()).toInstant().isBefore(report.modified())) {
        return Optional.of("the pending file is older than the gate's latest report (" + report.file()
            + "), which did not write it. Run the build again in local mode (mvn verify -Dbacktestgate.mode=local) "
            + "for a pending file of the latest run.");
      }
    } catch (IOException e) {
      return Optional.of("cannot read the pending file's time: " + e.getMessage());
    }
    return Optional.empty();
  }

  private List<ReviewFiles.Review> pendingMatching(String gate, String goal) throws MojoFailureException {
    Path dir = reportDir.resolve("pending");
    Pattern glob = glob(gate);
    List<ReviewFiles.Review> matching = new ArrayList<>();
    List<String> all = new ArrayList<>();
    List<String> unreadable = new ArrayList<>();
    for (Path file : jsonFiles(dir)) {
      try {
        ReviewFiles.Review p = ReviewFiles.read(file);
        all.add(p.gate());
        if (glob.matcher(p.gate()).matches()) {
          matching.add(p);
        }
      } catch (IOException | IllegalArgumentException e) {
        unreadable.add(file + ": " + e.getMessage());
      }
    }
    if (matching.isEmpty()) {
      throw refuse(goal + " refused: no pending sign-off under " + dir + " is for a gate matching '" + gate + "'.",
          (all.isEmpty() && unreadable.isEmpty() ? "There are none: run the build in local mode (mvn verify "
              + "-Dbacktestgate.mode=local) so the failing gate writes one."
              : all.isEmpty() ? "No readable ones: run the build in local mode (mvn verify -Dbacktestgate.mode=local) "
                  + "so the failing gate writes them again."
              : "Pending gates: " + String.join(", ", all))
              + (unreadable.isEmpty() ? "" : "\n  Unreadable: " + String.join("\n  ", unreadable)));
    }
    return matching;
  }

  private static Optional<GateReport> latestReport(GateReports.Listing reports, String gate) {
    return reports.reports().stream().filter(r -> r.gate().equals(gate))
        .max((a, b) -> a.modified().compareTo(b.modified()));
  }

  private Set<String> attested(String attest, boolean approve) throws MojoFailureException {
    List<String> items = ReviewFiles.checklistItems();
    Set<String> given = new LinkedHashSet<>();
    if (attest != null && !attest.isBlank()) {
      for (String item : attest.split(",")) {
        if (item.trim().equals("all")) {
          given.addAll(items);
        } else if (!item.isBlank()) {
          given.add(item.trim());
        }
      }
    }
    List<String> unknown = given.stream().filter(i -> !items.contains(i)).toList();
    if (!unknown.isEmpty()) {
      throw refuse("-Dattest names unknown checklist items: " + String.join(", ", unknown) + ".",
          "The items are: " + String.join(", ", items) + " (or all).");
    }
    List<String> unattested = items.stream().filter(i -> !given.contains(i)).toList();
    if (approve && !unattested.isEmpty()) {
      throw refuse("An approval attests every checklist item; not attested: " + String.join(", ", unattested) + ".",
          "Check each, then add it to -Dattest (or -Dattest=all). If one does not hold, the backtest leaks: fix it, "
              + "or reject the result with mvn backtest-gate:reject.");
    }
    return given;
  }

  /**
   * One {@code -Dwaive} item.
   *
   * @param kind the finding kind it names, or {@code null} for every waivable kind about the subject
   * @param subject the finding's subject (a feature, a table)
   * @param reason why the finding is not a leak
   * @param text the item as given, for messages
   */
  private record WaiveItem(String kind, String subject, String reason, String text) {
    boolean matches(GateReport.Finding f) {
      return f.subject().equals(subject) && (kind == null || f.kind().equals(kind));
    }
  }

  /** {@code [kind:]subject=reason;...}; refused for a rejection or an item without subject or reason. */
  private static List<WaiveItem> waiveItems(String waive, boolean approve) throws MojoFailureException {
    List<WaiveItem> items = new ArrayList<>();
    if (waive == null || waive.isBlank()) {
      return items;
    }
    if (!approve) {
      throw refuse("-Dwaive with reject: a rejection waives nothing.", "Drop -Dwaive, or approve with sign-off.");
    }
    for (String item : waive.split(";")) {
      if (item.isBlank()) {
        continue;
      }
      int eq = item.indexOf('=');
      if (eq <= 0 || item.substring(0, eq).isBlank() || item.substring(eq + 1).isBlank()) {
        throw refuse("-Dwaive item '" + item.trim() + "' is not kind:subject=reason.", "Example: -Dwaive="
            + "'point-in-time:balance=recorded at load time, the event time is when the bank knew it' (several "
            + "separated by ;; mvn backtest-gate:pending prints the item for each waivable finding).");
      }
      String target = item.substring(0, eq).trim();
      int colon = target.indexOf(':');
      String kind = colon > 0 && FindingKinds.known(target.substring(0, colon)) ? target.substring(0, colon) : null;
      String subject = kind == null ? target : target.substring(colon + 1).trim();
      items.add(new WaiveItem(kind, subject, item.substring(eq + 1).trim(), item.trim()));
    }
    return items;
  }

  /**
   * The waivers {@code items} write for one gate, each with the kind of the finding it waives; an item that waives
   * no finding of the run is a problem.
   */
  private static List<SignOff.Waiver> waiversFor(GateReport report, List<WaiveItem> items, List<String> problems) {
    List<SignOff.Waiver> waivers = new ArrayList<>();
    List<GateReport.Finding> waivable = waivable(report);
    for (WaiveItem item : items) {
      List<GateReport.Finding> matched = waivable.stream().filter(item::matches).toList();
      if (matched.isEmpty()) {
        problems.add(report.gate() + ": -Dwaive item '" + item.text() + "' waives no finding of this run"
            + (waivable.isEmpty() ? ": it has none that a waiver resolves."
                : "; its waivable findings: " + String.join(", ", waivable.stream().map(ReviewActions::waiveTarget)
                    .distinct().toList()) + "."));
      }
      for (GateReport.Finding f : matched) {
        if (waivers.stream().noneMatch(w -> w.covers(f.kind(), f.subject()))) {
          waivers.add(new SignOff.Waiver(f.kind(), f.subject(), item.reason()));
        }
      }
    }
    return waivers;
  }

  /** The findings of a report that a waiver resolves (those the current review waives too: a new file replaces it). */
  private static List<GateReport.Finding> waivable(GateReport report) {
    return report.findings().stream().filter(f -> "waiver".equals(f.resolution())).toList();
  }

  /**
   * One line per finding that an approval with {@code waivers} leaves unresolved: a waivable finding it does not
   * waive (with its {@code -Dwaive} item), a finding only a fix resolves.
   */
  private static List<String> beyondApproval(GateReport report, List<SignOff.Waiver> waivers) {
    List<String> lines = new ArrayList<>();
    for (GateReport.Finding f : report.findings()) {
      if ("waiver".equals(f.resolution()) && waivers.stream().noneMatch(w -> w.covers(f.kind(), f.subject()))) {
        lines.add("- " + f.kind() + " (" + f.subject() + "): " + f.summary() + " Only a waiver with a reason or a fix "
            + "resolves it; if it is not a leak: -Dwaive=" + Shell.quote(waiveTarget(f) + "=<why it is not a leak>"));
      } else if ("fix".equals(f.resolution()) && f.unresolved()) {
        lines.add("- " + f.kind() + (f.subject().isEmpty() ? "" : " (" + f.subject() + ")") + ": " + f.summary()
            + " Only a fix resolves it: no review can; fix it and run the build again.");
      }
    }
    return lines;
  }

  /** The command that signs off with every waivable finding waived, when waivers are what is missing. */
  private static String waiveHint(GateReport report, List<SignOff.Waiver> waivers) {
    List<GateReport.Finding> open = waivable(report).stream()
        .filter(f -> waivers.stream().noneMatch(w -> w.covers(f.kind(), f.subject()))).toList();
    return open.isEmpty() ? "" : "\n    To approve and waive " + (open.size() == 1 ? "it" : "them")
        + " (only if not a leak), add:" + waiveOption(waivable(report));
  }

  /** {@code  -Dwaive='kind:subject=<why ...>;...'} for the given findings, or empty. */
  private static String waiveOption(List<GateReport.Finding> findings) {
    List<String> items = findings.stream().map(f -> waiveTarget(f) + "=<why it is not a leak>").distinct().toList();
    return items.isEmpty() ? "" : " -Dwaive=" + Shell.quote(String.join(";", items));
  }

  private static String waiveTarget(GateReport.Finding f) {
    return f.kind() + ":" + f.subject();
  }

  /** The rationale to ask for: the lift's, the perfect AUC's, or why the findings are not a leak. */
  private static String rationalePrompt(GateReport report) {
    List<String> kinds = report.unresolved().stream().map(GateReport.Finding::kind).toList();
    return kinds.contains("lift") ? "<why the lift is real>"
        : kinds.contains("perfect-auc") ? "<why the perfect AUC is real>" : "<why it is not a leak>";
  }

  private LocalDate expires(String expires) throws MojoFailureException {
    String text = expires == null || expires.isBlank() ? DEFAULT_EXPIRES : expires.trim();
    LocalDate date;
    Matcher days = RELATIVE_DAYS.matcher(text);
    if (days.matches()) {
      date = today.plusDays(Integer.parseInt(days.group(1)));
    } else {
      try {
        date = LocalDate.parse(text);
      } catch (DateTimeParseException e) {
        throw refuse("-Dexpires=" + text + " is neither a date nor a number of days.",
            "Write an ISO date such as " + today.plusDays(90) + ", or +90d for 90 days from today.");
      }
    }
    if (date.isBefore(today)) {
      throw refuse("-Dexpires=" + text + " is " + date + ", before today (" + today + ").",
          "A review must be valid at least today: give a later date, e.g. +90d.");
    }
    return date;
  }

  private static void requireField(List<String> missing, String value, String what) {
    if (value == null || value.isBlank()) {
      missing.add(what);
    }
  }

  private Path reviewFile(String gate) {
    return reviewDir.resolve(ReviewFiles.fileName(gate));
  }

  private static Path html(Path jsonReport) {
    String name = jsonReport.getFileName().toString();
    return jsonReport.resolveSibling(name.substring(0, name.length() - ".json".length()) + ".html");
  }

  private List<String> commit(List<Path> written, String message) {
    List<String> paths = written.stream().map(p -> Shell.quote(shown(p))).toList();
    return List.of("Next, commit it (signing off is a human act, committed like code):",
        "  git add " + String.join(" ", paths) + " && git commit -m " + Shell.quote(message));
  }

  private String shown(Path p) {
    return p.startsWith(workingDir) ? slashes(workingDir.relativize(p)) : p.toString();
  }

  private static String slashes(Path p) {
    return p.toString().replace('\\', '/');
  }

  private static String gates(List<ReviewFiles.Review> reviews) {
    List<String> gates = reviews.stream().map(ReviewFiles.Review::gate).toList();
    return gates.size() <= 2 ? String.join(", ", gates) : gates.get(0) + " and " + (gates.size() - 1) + " more";
  }

  /** A gate id or a glob ({@code *} any run of characters, {@code ?} one) as an anchored pattern. */
  static Pattern glob(String glob) {
    StringBuilder regex = new StringBuilder();
    for (char c : glob.trim().toCharArray()) {
      regex.append(c == '*' ? ".*" : c == '?' ? "." : Pattern.quote(String.valueOf(c)));
    }
    return Pattern.compile(regex.toString());
  }

  private static List<Path> jsonFiles(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".json")
          && !p.getFileName().toString().startsWith(".")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not list " + dir + ": " + e.getMessage(), e);
    }
  }

  /** Writes atomically, creating the directory; never follows a link at the target. */
  private static void write(Path target, String text) {
    try {
      Files.createDirectories(target.getParent());
      Path temp = Files.createTempFile(target.getParent(), ".backtest-gate", ".tmp");
      try {
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(temp);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not write " + target + ": " + e.getMessage() + ". Check that its "
          + "directory is writable.", e);
    }
  }

  private static MojoFailureException refuse(String headline, String details) {
    return new MojoFailureException(headline + "\n  " + details);
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "ReviewActions[reports=%s, reviews=%s]", reportDir, reviewDir);
  }
}
