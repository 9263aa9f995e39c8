package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.ReviewActions;
import picocli.CommandLine.Option;

/** The options of sign-off, reject and renew: the Maven goals' parameters of the same names. */
final class DecisionOptions {
  @Option(names = "--gate", paramLabel = "ID", description = "The gate id, or a glob such as 'com.acme.ChurnBacktest#*'.")
  String gate;

  @Option(names = "--reviewer", paramLabel = "WHO", description = "Who reviewed, e.g. ana@example.com.")
  String reviewer;

  @Option(names = "--rationale", paramLabel = "TEXT", description = "Why the reviewer believes (or rejects) the result.")
  String rationale;

  @Option(names = "--attest", paramLabel = "ITEMS", description = "The checklist items attested: all, or a comma list.")
  String attest;

  @Option(names = "--expires", paramLabel = "DATE", description = "Last day the review covers: an ISO date or +Nd. "
      + "Default: +90d.")
  String expires;

  @Option(names = "--waive", paramLabel = "WAIVERS", description = "sign-off only: kind:subject=reason (or "
      + "subject=reason), several separated by ';'. Only for findings that are not a leak.")
  String waive;

  @Option(names = "--replace", description = "Overwrite an existing review file.")
  boolean replace;

  ReviewActions.Request request() {
    return new ReviewActions.Request(gate, reviewer, rationale, attest, expires, replace, waive);
  }
}
