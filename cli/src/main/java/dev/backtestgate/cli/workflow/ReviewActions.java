package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
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
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffVoid;


/**
 * What the reviewer's goals do, on plain paths and a date: list pending sign-offs, turn one into a review file,
 * renew a review, accept a proposed history manifest. Every refusal is a {@link Refusal} naming
 * the problem and the command that fixes it; every write is atomic and printed with the {@code git add} to run.
 *
 * <pre>{@code
 * ReviewActions actions = new ReviewActions(workspace.basedir, workspace.workingDir, workspace.reportDir, workspace.reviewDir, LocalDate.now());
 * actions.pending().forEach(System.out::println);
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class ReviewActions {
  /** Default validity of a review when {@code -Dexpires} is not given. */
  static final String DEFAULT_EXPIRES = "+90d";
  private static final Pattern RELATIVE_DAYS = Pattern.compile("\\+(\\d{1,4})d");

  private final ReviewWorkspace workspace;

  /**
   * @param basedir the module directory (committed history manifests are relative to it)
   * @param workingDir where the person runs Maven: printed commands use paths relative to it
   * @param reportDir the report directory (pending sign-offs, reports, proposed manifests)
   * @param reviewDir the review directory (committed sign-offs)
   * @param today the review date
   */
  public ReviewActions(Path basedir, Path workingDir, Path reportDir, Path reviewDir, LocalDate today) {
    this.workspace = new ReviewWorkspace(basedir, workingDir, reportDir, reviewDir, today);
  }

  /**
   * Copies a proposed history manifest over the committed one, with its change record ({@link HistoryAcceptance}).
   */
  public List<String> acceptHistory(HistoryChange.Request request) throws Refusal {
    return new HistoryAcceptance(workspace).accept(request);
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
  public record Request(String gate, String reviewer, String rationale, String attest, String expires, boolean replace,
      String waive) {
    /** A request without waivers. */
    public Request(String gate, String reviewer, String rationale, String attest, String expires, boolean replace) {
      this(gate, reviewer, rationale, attest, expires, replace, null);
    }
  }

  // ---------------------------------------------------------------------------------------------- pending

  /** The lines that list every pending sign-off with its headline, lift, reports and the command to sign it. */
  public List<String> pending() {
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
    ReviewFiles.Voids voids = ReviewFiles.voids(workspace.reviewDir);
    List<String> out = new ArrayList<>();
    for (Map.Entry<Path, SignOffVoid> record : voids.records().entrySet()) {
      for (SignOffVoid.Entry entry : record.getValue().signOffs()) {
        Path file = workspace.reviewFile(entry.gate());
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
          + "no longer covering until reviewed again) under " + workspace.reviewDir + ":");
    }
    if (!voids.problems().isEmpty()) {
      out.add("Unreadable void records (until each is fixed, no sign-off covers its gate: the gates fail closed):");
      voids.problems().forEach(p -> out.add("  " + p));
    }
    return out;
  }

  private List<String> pendingFiles() {
    List<String> out = new ArrayList<>();
    Path dir = workspace.reportDir.resolve("pending");
    List<Path> files = ReviewWorkspace.jsonFiles(dir);
    if (files.isEmpty()) {
      out.add("No pending sign-offs under " + dir + ". A gate writes one when it fails for want of a review and "
          + "runs in local mode (the default outside CI; mvn verify -Dbacktestgate.mode=local).");
      return out;
    }
    GateReports.Listing reports = GateReports.read(workspace.reportDir);
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
      if (!pending.liftCarried().isEmpty()) {
        out.add("    lift carried (refit without each feature): " + pending.liftCarried());
      }
      report.ifPresent(r -> {
        out.add("    JSON report: " + r.file());
        out.add("    HTML report: " + ReviewWorkspace.html(r.file()));
        problem(pending, r).ifPresent(p -> out.add("    cannot be signed off as it is: " + p));
        List<String> uncovered = WaiveOption.beyondApproval(r, List.of());
        if (!uncovered.isEmpty()) {
          out.add("    an approval alone cannot cover:");
          uncovered.forEach(u -> out.add("      " + u));
        }
      });
      if (report.isEmpty()) {
        out.add("    no report for this gate under " + workspace.reportDir + ": run the build again before signing off.");
      }
      out.add("    pending file: " + file);
      out.add("    sign off:  mvn backtest-gate:sign-off -Dgate=" + Shell.quote(pending.gate())
          + " -Dreviewer='<you>' -Drationale='" + report.map(ReviewActions::rationalePrompt)
              .orElse("<why it is not a leak>") + "' -Dattest=all"
          + report.map(r -> WaiveOption.waiveOption(WaiveOption.waivable(r))).orElse(""));
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------- sign-off, reject

  /** Writes review files from the pending sign-offs of the gates {@code r.gate()} names; refuses on any problem. */
  public List<String> decide(Request r, boolean approve) throws Refusal {
    String goal = approve ? "sign-off" : "reject";
    List<String> missing = new ArrayList<>();
    ReviewWorkspace.requireField(missing, r.gate(), "-Dgate=<gate id or glob, e.g. 'com.acme.ChurnBacktest#*'>");
    ReviewWorkspace.requireField(missing, r.reviewer(), "-Dreviewer=<who reviewed, e.g. ana@example.com>");
    ReviewWorkspace.requireText(missing, r.rationale(), approve ? "-Drationale=<why the lift is real and not a leak>"
        : "-Drationale=<why the result is not believed>");
    if (r.waive() != null) {
      ReviewWorkspace.refuseUnsafe(missing, r.waive(), "-Dwaive=<[kind:]subject=reason;...>", false);
    }
    if (approve) {
      ReviewWorkspace.requireField(missing, r.attest(), "-Dattest=all (or a comma list of: " + String.join(", ",
          ReviewFiles.checklistItems()) + ")");
    }
    if (!missing.isEmpty()) {
      throw ReviewWorkspace.refuse(goal + " needs " + String.join(", ", missing) + ".", "For example: mvn backtest-gate:" + goal
          + " -Dgate=" + Shell.quote(r.gate() == null || r.gate().isBlank() ? "com.acme.ChurnBacktest#gbm" : r.gate())
          + " -Dreviewer=ana@example.com -Drationale='...'" + (approve ? " -Dattest=all" : "")
          + " (mvn backtest-gate:pending lists the gates waiting for a review).");
    }
    Set<String> attested = attested(r.attest(), approve);
    LocalDate expires = expires(r.expires());
    List<WaiveOption.WaiveItem> waive = WaiveOption.waiveItems(r.waive(), approve);
    List<ReviewFiles.Review> pending = pendingMatching(r.gate(), goal);
    GateReports.Listing reports = GateReports.read(workspace.reportDir);
    List<String> problems = new ArrayList<>();
    Map<String, List<SignOff.Waiver>> waivers = new LinkedHashMap<>();
    for (ReviewFiles.Review p : pending) {
      Optional<GateReport> report = latestReport(reports, p.gate());
      if (report.isEmpty()) {
        problems.add(p.gate() + ": no report for this gate under " + workspace.reportDir + ", so the pending file cannot be "
            + "checked against the latest run. Run the build (mvn verify -Dbacktestgate.mode=local) first.");
        continue;
      }
      problem(p, report.get()).ifPresent(x -> problems.add(p.gate() + ": " + x));
      if (approve) {
        List<SignOff.Waiver> gateWaivers = WaiveOption.waiversFor(report.get(), waive, problems);
        waivers.put(p.gate(), gateWaivers);
        List<String> uncovered = WaiveOption.beyondApproval(report.get(), gateWaivers);
        if (!uncovered.isEmpty()) {
          problems.add(p.gate() + ": this approval would never cover the run: "
              + (uncovered.size() == 1 ? "1 finding needs" : uncovered.size() + " findings need")
              + " more than an approval:\n    " + String.join("\n    ", uncovered)
              + WaiveOption.waiveHint(report.get(), gateWaivers));
        }
      }
      Path target = workspace.reviewFile(p.gate());
      if (Files.isSymbolicLink(target)) {
        problems.add(p.gate() + ": " + target + " is a link; a review is committed content. Remove the link.");
      } else if (Files.exists(target) && !r.replace()) {
        problems.add(p.gate() + ": a review already exists: " + target + ". Edit it in place, or add -Dreplace=true "
            + "to overwrite it with this decision.");
      }
    }
    if (!problems.isEmpty()) {
      throw ReviewWorkspace.refuse(goal + " refused, nothing was written:", String.join("\n  ", problems));
    }
    List<String> out = new ArrayList<>();
    List<Path> written = new ArrayList<>();
    for (ReviewFiles.Review p : pending) {
      Path target = workspace.reviewFile(p.gate());
      ReviewWorkspace.write(target, ReviewFiles.decide(p, approve, r.reviewer().trim(), workspace.today, expires, r.rationale().trim(), attested,
          waivers.getOrDefault(p.gate(), List.of())));
      written.add(target);
      out.add("Wrote " + target + ": " + p.gate() + " " + (approve ? "approved" : "rejected") + " by "
          + r.reviewer().trim() + " on " + workspace.today + ", valid until " + expires + ".");
    }
    out.addAll(workspace.commit(written, (approve ? "Leakage review: approve " : "Leakage review: reject ")
        + gates(pending) + " (" + r.reviewer().trim() + ")"));
    return out;
  }

  // ---------------------------------------------------------------------------------------------- renew

  /** Renews approved reviews whose fingerprint still matches the latest report: new dates and re-attestation. */
  public List<String> renew(Request r) throws Refusal {
    List<String> missing = new ArrayList<>();
    ReviewWorkspace.requireField(missing, r.gate(), "-Dgate=<gate id or glob>");
    ReviewWorkspace.requireField(missing, r.reviewer(), "-Dreviewer=<who renews the review>");
    ReviewWorkspace.requireField(missing, r.attest(), "-Dattest=all (after checking every item again)");
    if (!missing.isEmpty()) {
      throw ReviewWorkspace.refuse("renew needs " + String.join(", ", missing) + ".", "For example: mvn backtest-gate:renew -Dgate="
          + Shell.quote(r.gate() == null || r.gate().isBlank() ? "com.acme.ChurnBacktest#gbm" : r.gate())
          + " -Dreviewer=ana@example.com -Dattest=all -Dexpires=+90d");
    }
    Set<String> attested = attested(r.attest(), true);
    LocalDate expires = expires(r.expires());
    Pattern glob = glob(r.gate());
    List<ReviewFiles.Review> reviews = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Path file : ReviewWorkspace.jsonFiles(workspace.reviewDir)) {
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
      throw ReviewWorkspace.refuse("renew refused: no review under " + workspace.reviewDir + " is for a gate matching '" + r.gate() + "'.",
          "A first review is written with mvn backtest-gate:sign-off from the pending file.");
    }
    GateReports.Listing reports = GateReports.read(workspace.reportDir);
    ReviewFiles.Voids voids = ReviewFiles.voids(workspace.reviewDir);
    voids.problems().forEach(p -> problems.add("unreadable void record: " + p));
    for (ReviewFiles.Review review : reviews) {
      Optional<GateReport> report = latestReport(reports, review.gate());
      Optional<Map.Entry<Path, SignOffVoid>> voided = voids.withdrawing(review.gate(), ReviewWorkspace.read(review.file()));
      if (voided.isPresent()) {
        problems.add(review.gate() + ": the review is void (" + voided.get().getValue().reason() + "; void record "
            + voided.get().getKey() + "). A renewal would only re-date it: review the backtest on the rewritten "
            + "history and sign it off again (mvn verify -Dbacktestgate.mode=local, then sign-off -Dreplace=true).");
      } else if (!review.approved()) {
        problems.add(review.gate() + ": the review is " + (review.rejected() ? "rejected" : "undecided")
            + "; only an approved review is renewed. Sign off again from a pending file (sign-off -Dreplace=true).");
      } else if (report.isEmpty()) {
        problems.add(review.gate() + ": no report for this gate under " + workspace.reportDir + ": run the build first, so "
            + "the renewal is checked against the latest data.");
      } else if (!report.get().fingerprint().equals(review.fingerprint())) {
        problems.add(review.gate() + ": the data changed since the review (fingerprint " + review.fingerprint()
            + ", latest report " + report.get().fingerprint() + "). A renewal only extends a review of the same "
            + "data: review the new run and sign it off (sign-off -Dreplace=true).");
      } else if ("lift-grew".equals(report.get().signOffStatus())) {
        problems.add(review.gate() + ": the lift grew beyond the reviewed lift plus the tolerance; review the new "
            + "result and sign it off again (sign-off -Dreplace=true).");
      } else if ("trials-grew".equals(report.get().signOffStatus())) {
        problems.add(review.gate() + ": the trials ledger counts more trials on these rows than the review recorded; "
            + "a renewal would keep the old count. Confirm the lift on a later window, or review the new run knowing "
            + "the count and sign it off again from its pending file (sign-off -Dreplace=true).");
      }
    }
    if (!problems.isEmpty()) {
      throw ReviewWorkspace.refuse("renew refused, nothing was written:", String.join("\n  ", problems));
    }
    List<String> out = new ArrayList<>();
    List<Path> written = new ArrayList<>();
    for (ReviewFiles.Review review : reviews) {
      String rationale = r.rationale() == null || r.rationale().isBlank() ? review.rationale() : r.rationale().trim();
      ReviewWorkspace.write(review.file(), ReviewFiles.decide(review, true, r.reviewer().trim(), workspace.today, expires, rationale, attested,
          List.of()));
      written.add(review.file());
      out.add("Renewed " + review.file() + ": " + review.gate() + " re-attested by " + r.reviewer().trim() + " on "
          + workspace.today + ", valid until " + expires + " (was " + review.expiresOn() + ").");
    }
    out.addAll(workspace.commit(written, "Leakage review: renew " + gates(reviews) + " (" + r.reviewer().trim() + ")"));
    return out;
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
    return ReviewFiles.claimProblem(pending, report.file());
  }

  private List<ReviewFiles.Review> pendingMatching(String gate, String goal) throws Refusal {
    Path dir = workspace.reportDir.resolve("pending");
    Pattern glob = glob(gate);
    List<ReviewFiles.Review> matching = new ArrayList<>();
    List<String> all = new ArrayList<>();
    List<String> unreadable = new ArrayList<>();
    for (Path file : ReviewWorkspace.jsonFiles(dir)) {
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
      throw ReviewWorkspace.refuse(goal + " refused: no pending sign-off under " + dir + " is for a gate matching '" + gate + "'.",
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

  private Set<String> attested(String attest, boolean approve) throws Refusal {
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
      throw ReviewWorkspace.refuse("-Dattest names unknown checklist items: " + String.join(", ", unknown) + ".",
          "The items are: " + String.join(", ", items) + " (or all).");
    }
    List<String> unattested = items.stream().filter(i -> !given.contains(i)).toList();
    if (approve && !unattested.isEmpty()) {
      throw ReviewWorkspace.refuse("An approval attests every checklist item; not attested: " + String.join(", ", unattested) + ".",
          "Check each, then add it to -Dattest (or -Dattest=all). If one does not hold, the backtest leaks: fix it, "
              + "or reject the result with mvn backtest-gate:reject.");
    }
    return given;
  }

  /** The rationale to ask for: the lift's, the perfect AUC's, or why the findings are not a leak. */
  private static String rationalePrompt(GateReport report) {
    List<String> kinds = report.unresolved().stream().map(GateReport.Finding::kind).toList();
    return kinds.contains("lift") ? "<why the lift is real>"
        : kinds.contains("perfect-auc") ? "<why the perfect AUC is real>" : "<why it is not a leak>";
  }

  private LocalDate expires(String expires) throws Refusal {
    String text = expires == null || expires.isBlank() ? DEFAULT_EXPIRES : expires.trim();
    LocalDate date;
    Matcher days = RELATIVE_DAYS.matcher(text);
    if (days.matches()) {
      date = workspace.today.plusDays(Integer.parseInt(days.group(1)));
    } else {
      try {
        date = LocalDate.parse(text);
      } catch (DateTimeParseException e) {
        throw ReviewWorkspace.refuse("-Dexpires=" + text + " is neither a date nor a number of days.",
            "Write an ISO date such as " + workspace.today.plusDays(90) + ", or +90d for 90 days from today.");
      }
    }
    if (date.isBefore(workspace.today)) {
      throw ReviewWorkspace.refuse("-Dexpires=" + text + " is " + date + ", before today (" + workspace.today + ").",
          "A review must be valid at least today: give a later date, e.g. +90d.");
    }
    return date;
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

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "ReviewActions[reports=%s, reviews=%s]", workspace.reportDir, workspace.reviewDir);
  }
}
