package dev.backtestgate.cli.workflow;

import java.util.ArrayList;
import java.util.List;
import dev.backtestgate.Finding;
import dev.backtestgate.FindingKind;
import dev.backtestgate.review.SignOff;


/**
 * The {@code -Dwaive} option of the sign-off goal: {@code [kind:]subject=reason;...} parsed into waivers, matched
 * against the findings of the gate's latest report, and the hint that names the waivers still missing.
 */
final class WaiveOption {
  private WaiveOption() {}

  /**
   * One {@code -Dwaive} item.
   *
   * @param kind the finding kind it names, or {@code null} for every waivable kind about the subject
   * @param subject the finding's subject (a feature, a table)
   * @param reason why the finding is not a leak
   * @param text the item as given, for messages
   */
  record WaiveItem(String kind, String subject, String reason, String text) {
    boolean matches(GateReport.Finding f) {
      return f.subject().equals(subject) && (kind == null || f.kind().equals(kind));
    }
  }

  /** {@code [kind:]subject=reason;...}; refused for a rejection or an item without subject or reason. */
  static List<WaiveItem> waiveItems(String waive, boolean approve) throws Refusal {
    List<WaiveItem> items = new ArrayList<>();
    if (waive == null || waive.isBlank()) {
      return items;
    }
    if (!approve) {
      throw ReviewWorkspace.refuse("-Dwaive with reject: a rejection waives nothing.", "Drop -Dwaive, or approve with sign-off.");
    }
    for (String item : waive.split(";")) {
      if (item.isBlank()) {
        continue;
      }
      int eq = item.indexOf('=');
      if (eq <= 0 || item.substring(0, eq).isBlank() || item.substring(eq + 1).isBlank()) {
        throw ReviewWorkspace.refuse("-Dwaive item '" + item.trim() + "' is not kind:subject=reason.", "Example: -Dwaive="
            + "'point-in-time:balance=recorded at load time, the event time is when the bank knew it' (several "
            + "separated by ;; mvn backtest-gate:pending prints the item for each waivable finding).");
      }
      String target = item.substring(0, eq).trim();
      int colon = target.indexOf(':');
      String prefix = colon > 0 ? target.substring(0, colon).trim() : "";
      if (!prefix.isEmpty() && Finding.KIND.matcher(prefix).matches() && !FindingKinds.known(prefix)) {
        throw ReviewWorkspace.refuse("-Dwaive item '" + item.trim() + "' names '" + prefix + "', which is not a kind "
            + "of finding.", "The kinds a waiver can name: " + String.join(", ", FindingKind.all().stream()
            .map(FindingKind::kind).toList()) + ". Write kind:subject=reason, or subject=reason for every waivable "
            + "kind about that subject (mvn backtest-gate:pending prints the item for each waivable finding).");
      }
      String kind = colon > 0 && FindingKinds.known(prefix) ? prefix : null;
      String subject = kind == null ? target : target.substring(colon + 1).trim();
      items.add(new WaiveItem(kind, subject, item.substring(eq + 1).trim(), item.trim()));
    }
    return items;
  }

  /**
   * The waivers {@code items} write for one gate, each with the kind of the finding it waives; an item that waives
   * no finding of the run is a problem.
   */
  static List<SignOff.Waiver> waiversFor(GateReport report, List<WaiveItem> items, List<String> problems) {
    List<SignOff.Waiver> waivers = new ArrayList<>();
    List<GateReport.Finding> waivable = waivable(report);
    for (WaiveItem item : items) {
      List<GateReport.Finding> matched = waivable.stream().filter(item::matches).toList();
      if (matched.isEmpty()) {
        String why = item.subject().isEmpty() ? ": its subject (after '" + item.kind() + ":') is empty, and no "
            + "waivable '" + item.kind() + "' finding of this run is without one"
            : item.kind() == null ? ": '" + item.subject() + "' is not the subject of a waivable finding (nor a "
                + "kind: a kind goes before a colon, kind:subject=reason)"
            : "";
        String tail = waivable.isEmpty() ? (why.isEmpty() ? ": " : "; ") + "it has none that a waiver resolves."
            : "; its waivable findings: " + String.join(", ", waivable.stream().map(WaiveOption::waiveTarget)
                .distinct().toList()) + ".";
        problems.add(report.gate() + ": -Dwaive item '" + item.text() + "' waives no finding of this run" + why
            + tail);
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
  static List<GateReport.Finding> waivable(GateReport report) {
    return report.findings().stream().filter(f -> "waiver".equals(f.resolution())).toList();
  }

  /**
   * One line per finding that an approval with {@code waivers} leaves unresolved: a waivable finding it does not
   * waive (with its {@code -Dwaive} item), a finding only a fix resolves.
   */
  static List<String> beyondApproval(GateReport report, List<SignOff.Waiver> waivers) {
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
  static String waiveHint(GateReport report, List<SignOff.Waiver> waivers) {
    List<GateReport.Finding> open = waivable(report).stream()
        .filter(f -> waivers.stream().noneMatch(w -> w.covers(f.kind(), f.subject()))).toList();
    return open.isEmpty() ? "" : "\n    To approve and waive " + (open.size() == 1 ? "it" : "them")
        + " (only if not a leak), add:" + waiveOption(waivable(report));
  }

  /** {@code  -Dwaive='kind:subject=<why ...>;...'} for the given findings, or empty. */
  static String waiveOption(List<GateReport.Finding> findings) {
    List<String> items = findings.stream().map(f -> waiveTarget(f) + "=<why it is not a leak>").distinct().toList();
    return items.isEmpty() ? "" : " -Dwaive=" + Shell.quote(String.join(";", items));
  }

  static String waiveTarget(GateReport.Finding f) {
    return f.kind() + ":" + f.subject();
  }
}
