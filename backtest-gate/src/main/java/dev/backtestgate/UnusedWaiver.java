package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.internal.Wording;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A waiver in the covering sign-off that waives nothing in this run: its kind is known, but no finding of that kind
 * is about its subject (a misspelled feature, a renamed table, a leak since fixed). A warning: the reviewer should
 * know the waiver is dead weight, or that it was meant for something it does not match.
 *
 * @param waivedKind the waiver's kind
 * @param waivedSubject the waiver's subject
 * @param subjects the subjects this run's findings of that kind are about (empty when it has none of that kind)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record UnusedWaiver(String waivedKind, String waivedSubject, List<String> subjects) implements Finding {
  /** The kind of this finding. */
  public static final String KIND = "unused-waiver";

  /** Copies. */
  public UnusedWaiver {
    subjects = List.copyOf(subjects);
  }

  @Override
  public String kind() {
    return KIND;
  }

  @Override
  public String subject() {
    return waivedKind + ":" + waivedSubject;
  }

  @Override
  public Resolution resolution() {
    return Resolution.WARNING;
  }

  @Override
  public Rendering render() {
    String headline = "The waiver of " + waivedKind + " '" + waivedSubject + "' waives nothing in this run.";
    String found = subjects.isEmpty() ? "This run has no " + waivedKind + " finding."
        : "This run's " + waivedKind + " findings are about " + String.join(", ", subjects.stream().map(s -> "'" + s + "'")
            .toList()) + ".";
    return new Rendering(headline, List.of(headline + " " + found), "", "Correct the waiver's subject to the one the "
        + "finding names (the report lists each finding's kind and subject), or remove the waiver from the review.",
        Wording.ordered("kind", waivedKind, "subject", waivedSubject, "findingSubjects", subjects));
  }
}
