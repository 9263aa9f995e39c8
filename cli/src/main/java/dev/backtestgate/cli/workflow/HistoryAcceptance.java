package dev.backtestgate.cli.workflow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.review.SignOffVoid;


/**
 * What {@code accept-history} does: copies a reviewed proposed history manifest over the committed one (keeping the
 * replaced one for rollback), writes the change record, and voids the sign-offs of the gated backtests the rewrite
 * reaches (their blast radius). Everything it wrote is put back when a step fails.
 */
final class HistoryAcceptance {
  private final ReviewWorkspace workspace;

  HistoryAcceptance(ReviewWorkspace workspace) {
    this.workspace = workspace;
  }

  /**
   * Copies a proposed history manifest, {@code <report dir>/history-manifests/<path>}, to its committed path:
   * {@code to} (relative to the module directory) when given, else {@code <module>/<path>}.
   */
  List<String> accept(HistoryChange.Request request) throws Refusal {
    String manifest = request.manifest();
    String to = request.to();
    Path proposedDir = workspace.reportDir.resolve(ReviewFiles.PROPOSED_HISTORY_DIR);
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
      throw ReviewWorkspace.refuse("accept-history refused: no proposed history manifest under " + proposedDir + ".",
          "A history check proposes one there when the history of a table changed; run the build first.");
    }
    List<String> names = proposed.stream().map(p -> ReviewWorkspace.slashes(proposedDir.relativize(p))).toList();
    List<String> missing = new ArrayList<>();
    ReviewWorkspace.requireField(missing, manifest, "-Dmanifest=<one of: " + String.join(", ", names) + ">");
    missing.addAll(HistoryChange.problems(request));
    if (!missing.isEmpty()) {
      throw ReviewWorkspace.refuse("accept-history needs " + String.join(", ", missing) + ".",
          "A rewrite of history is a change like a code change: a ticket, a reason, a reviewer, a rollback (the"
              + " manifest it replaces is kept) and an announcement to the owners of the backtests it touches."
              + "\n  Proposed manifests under " + proposedDir + ":\n    " + String.join("\n    ", names));
    }
    Pattern glob = ReviewActions.glob(manifest);
    List<String> chosen = names.stream().filter(n -> glob.matcher(n).matches()).toList();
    if (chosen.isEmpty()) {
      throw ReviewWorkspace.refuse("accept-history refused: no proposed manifest matches '" + manifest + "'.",
          "Proposed: " + String.join(", ", names));
    }
    boolean explicitTarget = to != null && !to.isBlank();
    boolean explicitRollback = request.rollback() != null && !request.rollback().isBlank();
    if ((explicitTarget || explicitRollback) && chosen.size() > 1) {
      throw ReviewWorkspace.refuse("accept-history refused: -Dto and -Drollback name one manifest, but '" + manifest + "' matches "
          + chosen.size() + " proposals.", "Name one with -Dmanifest: " + String.join(", ", chosen));
    }
    List<String> problems = new ArrayList<>();
    List<Path> targets = new ArrayList<>();
    List<HistoryManifest> proposals = new ArrayList<>();
    for (String name : chosen) {
      String relative = explicitTarget ? to.trim() : name;
      Path target = workspace.basedir.resolve(relative).normalize();
      targets.add(target);
      if (!target.startsWith(workspace.basedir) || relative.contains("..")) {
        problems.add(name + ": " + relative + " leads outside the module directory " + workspace.basedir + ".");
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
      rollback = workspace.basedir.resolve(relative).normalize();
      if (!rollback.startsWith(workspace.basedir) || relative.contains("..")) {
        problems.add("-Drollback=" + relative + " leads outside the module directory " + workspace.basedir + ".");
      } else if (!Files.isRegularFile(rollback, LinkOption.NOFOLLOW_LINKS)) {
        problems.add("-Drollback=" + relative + ": no manifest there (" + rollback + "); the rollback pointer must"
            + " name a committed manifest, the one this rewrite replaces. Leave -Drollback out to keep the"
            + " manifest now at the committed path as the rollback.");
      } else {
        manifestProblem(rollback).ifPresent(p -> problems.add("-Drollback=" + relative + ": " + p));
      }
    }
    if (!problems.isEmpty()) {
      throw ReviewWorkspace.refuse("accept-history refused, nothing was written:", String.join("\n  ", problems));
    }
    GateReports.Listing reports = GateReports.read(workspace.reportDir);
    if (reports.reports().isEmpty()) {
      throw ReviewWorkspace.refuse("accept-history refused, nothing was written: no gate report under " + workspace.reportDir + ", so the "
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
    out.addAll(workspace.commit(new ArrayList<>(written.keySet()), "History of " + String.join(", ", proposals.stream().map(HistoryManifest::table)
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
    HistoryChange draft = new HistoryChange(proposal.table(), ReviewWorkspace.slashes(workspace.basedir.relativize(target)), request.ticket(),
        request.reason(), request.reviewer(), workspace.today, null, Boolean.parseBoolean(request.announced().trim()),
        HistoryChange.rewritten(rollback != null ? readManifest(rollback) : current, proposal), null);
    Path kept = rollback;
    if (kept == null && Files.isRegularFile(target)) {
      kept = ReviewWorkspace.unused(target.resolveSibling(stem + ".replaced-" + workspace.today + "-" + draft.ticketSlug() + ".json"));
      written.put(kept, null);
      ReviewWorkspace.write(kept, ReviewWorkspace.read(target));
      out.add("Kept the manifest it replaces as " + workspace.shown(kept) + " (the rollback).");
    }
    Path record = ReviewWorkspace.unused(target.resolveSibling(stem + ".changes").resolve(workspace.today + "-" + draft.ticketSlug()
        + ".json"));
    BlastRadius radius = BlastRadius.of(reports, proposal.table(), proposal.granularity(), draft.partitions());
    String reason = SignOffVoid.reason(proposal.table(), draft.partitions(), ReviewWorkspace.slashes(workspace.basedir.relativize(record)));
    List<SignOffVoid.Entry> voided = new ArrayList<>();
    List<String> radiusLines = blastRadius(radius, reason, voided);
    Path voidFile = voided.isEmpty() ? null : ReviewWorkspace.unused(workspace.reviewDir.resolve(SignOffVoid.DIRECTORY)
        .resolve(workspace.today + "-" + draft.ticketSlug() + ".json"));
    HistoryChange change = new HistoryChange(draft.table(), draft.manifest(), draft.ticket(), draft.reason(),
        draft.reviewer(), draft.date(), kept == null ? null : ReviewWorkspace.slashes(workspace.basedir.relativize(kept)), draft.announced(),
        draft.partitions(), voidFile == null ? null : workspace.shownFromModule(voidFile));
    if (voidFile != null) {
      written.put(voidFile, null);
      ReviewWorkspace.write(voidFile, new SignOffVoid(proposal.table(), draft.partitions(), ReviewWorkspace.slashes(workspace.basedir.relativize(record)),
          workspace.today, reason, voided).json());
    }
    written.put(record, null);
    ReviewWorkspace.write(record, change.json());
    written.putIfAbsent(target, Files.isRegularFile(target) ? ReviewWorkspace.read(target) : null);
    ReviewWorkspace.write(target, ReviewWorkspace.read(source));
    out.add("Wrote " + target + " from " + source + " (accepted by " + change.reviewer().trim() + ", ticket "
        + change.ticket().trim() + ").");
    out.add("History of " + change.table() + " rewritten in " + (change.partitions().isEmpty() ? "no partition"
        : String.join(", ", change.partitions())) + "; change record " + workspace.shown(record) + ", rollback "
        + (change.rollback() == null ? "none (no earlier manifest)" : change.rollback()) + ", announced "
        + change.announced() + ".");
    out.addAll(radiusLines);
    if (voidFile != null) {
      out.add("Voided " + voided.size() + (voided.size() == 1 ? " sign-off" : " sign-offs") + " in " + workspace.shown(voidFile)
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
      out.add("Blast radius: none of the " + radius.reports() + " gated backtests with a report under " + workspace.reportDir
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
      Path file = workspace.reviewFile(report.gate());
      if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
        out.add("    sign-off: none at " + workspace.shown(file) + ", nothing to void (a review of the new history is "
            + "needed if its gate asks for one).");
        continue;
      }
      try {
        ReviewFiles.Review review = ReviewFiles.read(file);
        if (!review.approved()) {
          out.add("    sign-off: " + workspace.shown(file) + " is not an approval (" + (review.rejected() ? "rejected"
              : "undecided") + "); it covers nothing, nothing to void.");
          continue;
        }
        voided.add(new SignOffVoid.Entry(report.gate(), file.getFileName().toString(),
            ReviewFiles.sha256(Files.readString(file, StandardCharsets.UTF_8))));
        out.add("    sign-off: " + workspace.shown(file) + " VOID: " + reason);
      } catch (IOException | IllegalArgumentException e) {
        out.add("    sign-off: " + workspace.shown(file) + " is unreadable, so it covers nothing already: " + e.getMessage());
      }
    }
    for (GateReport report : radius.undeclared()) {
      out.add("  not checked: " + report.file() + " does not say which tables " + report.gate() + " read (a report "
          + "of an older backtest-gate): run mvn verify again and repeat the check with mvn backtest-gate:pending.");
    }
    return out;
  }

  private static HistoryManifest readManifest(Path file) {
    return HistoryManifest.parse(ReviewWorkspace.read(file), file.toString());
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
          ReviewWorkspace.write(file, written.get(file));
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
}
