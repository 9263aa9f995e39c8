package dev.backtestgate;

import dev.backtestgate.internal.Edits;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The waivers of a covering sign-off, held to the kinds that exist: a waiver whose kind no check reports makes the
 * sign-off malformed (it would silently waive nothing), with a did-you-mean; a waiver of a known kind that matches
 * no finding of this run is reported as unused.
 */
final class Waivers {
  private Waivers() {}

  /** {@code status}, or a malformed one when a waiver of its sign-off names a kind no check reports. */
  static SignOffStatus checkKinds(SignOffStatus status, List<Finding> findings) {
    if (status.approved().isEmpty()) {
      return status;
    }
    Set<String> known = known(findings);
    List<SignOff.Waiver> waivers = status.approved().get().waivers();
    for (int i = 0; i < waivers.size(); i++) {
      String kind = waivers.get(i).kind();
      if (!known.contains(kind)) {
        String typed = kind.strip().toLowerCase(Locale.ROOT).replace('_', '-').replace(' ', '-');
        String nearest = known.contains(typed) ? typed : Edits.nearest(typed, known);
        return new SignOffStatus.Malformed(status.file(), "$.waivers[" + i + "].kind", "'" + kind + "' is not a kind "
            + "of finding, so this waiver would waive nothing" + (nearest == null ? "" : ": did you mean '" + nearest
            + "'?") + " Kinds are lower-case words joined by hyphens, exactly as the report lists them: "
            + String.join(", ", known) + ".");
      }
    }
    return status;
  }

  /** {@code findings} and, after them, one {@link UnusedWaiver} warning per waiver that matches none of them. */
  static List<Finding> withUnused(List<Finding> findings, List<SignOff.Waiver> waivers) {
    List<Finding> all = new ArrayList<>(findings);
    for (SignOff.Waiver waiver : waivers) {
      if (findings.stream().noneMatch(f -> waiver.covers(f.kind(), f.subject()))) {
        all.add(new UnusedWaiver(waiver.kind(), waiver.subject(), findings.stream()
            .filter(f -> f.kind().equals(waiver.kind())).map(Finding::subject).distinct().toList()));
      }
    }
    return all;
  }

  /** The kinds every check on the class path reports, and those of this run's findings (checks added to a run). */
  private static Set<String> known(List<Finding> findings) {
    Set<String> known = new TreeSet<>();
    FindingKind.all().forEach(k -> known.add(k.kind()));
    findings.forEach(f -> known.add(f.kind()));
    return known;
  }
}
