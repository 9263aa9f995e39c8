package dev.backtestgate.maven;

import dev.backtestgate.cli.workflow.ReviewActions;
import org.apache.maven.plugins.annotations.Parameter;

/** The parameters a reviewer passes to sign-off, reject and renew. */
abstract class DecisionParameters extends AbstractReviewMojo {
  /** The gate id, or a glob such as {@code com.acme.ChurnBacktest#*} for several gates. */
  @Parameter(property = "gate")
  String gate;

  /** Who reviewed, e.g. {@code ana@example.com}. */
  @Parameter(property = "reviewer")
  String reviewer;

  /** Why the reviewer believes (or rejects) the result. */
  @Parameter(property = "rationale")
  String rationale;

  /** The checklist items the reviewer attests: {@code all}, or a comma list. */
  @Parameter(property = "attest")
  String attest;

  /** Last day the review covers: an ISO date, or {@code +Nd} days from today; default {@code +90d}. */
  @Parameter(property = "expires")
  String expires;

  /**
   * Waivers for {@code sign-off}: {@code kind:subject=reason} (or {@code subject=reason} for every waivable finding
   * about that subject), several separated by {@code ;}. Each waiver is written with the kind of the finding it
   * waives. Only when the finding is not a leak (e.g. the knowledge times are load times, not the data).
   */
  @Parameter(property = "waive")
  String waive;

  /** Overwrite an existing review file. */
  @Parameter(property = "replace", defaultValue = "false")
  boolean replace;

  ReviewActions.Request request() {
    return new ReviewActions.Request(gate, reviewer, rationale, attest, expires, replace, waive);
  }
}
