package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a finding kind means, stated once by the check that reports it: code-scanning rules (SARIF), the docs and
 * the report's legend use it instead of keeping texts of their own.
 *
 * @param kind the stable kind, e.g. {@code point-in-time} (see {@link Finding#KIND})
 * @param title a short description, e.g. "Feature recorded after the decision time"
 * @param help what it means and what to do, in a few sentences
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record FindingKind(String kind, String title, String help) {
  /** Checks the kind's shape. */
  public FindingKind {
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(help, "help");
    if (kind == null || !Finding.KIND.matcher(kind).matches()) {
      throw new IllegalArgumentException("finding kind '" + kind + "' must be lower-case words joined by hyphens, "
          + "e.g. point-in-time.");
    }
  }

  /** The gate's own kind: a check that could not run. */
  public static final FindingKind CHECK_FAILED = new FindingKind("check-failed", "A check could not run",
      "The gate cannot vouch for a backtest it could not check, so it fails. The report says which check and why.");

  /** The gate's own kind: a waiver of a covering sign-off that matches no finding. */
  public static final FindingKind UNUSED_WAIVER = new FindingKind(UnusedWaiver.KIND, "A waiver that waives nothing",
      "A waiver in the leakage review names a kind and subject that no finding of this run has: a misspelled "
          + "subject, or a leak since fixed. A warning; correct or remove the waiver.");

  /** Every kind the gate can report: each check provider's, then {@code check-failed} and {@code unused-waiver}. */
  public static List<FindingKind> all() {
    List<FindingKind> all = new ArrayList<>();
    for (CheckProvider provider : BuiltInChecks.providers()) {
      all.addAll(provider.kinds());
    }
    all.add(CHECK_FAILED);
    all.add(UNUSED_WAIVER);
    return List.copyOf(all);
  }

  /** The kind named {@code kind}, if a check on the class path reports it. */
  public static Optional<FindingKind> of(String kind) {
    return all().stream().filter(k -> k.kind().equals(kind)).findFirst();
  }
}
