package dev.backtestgate.review;

import static org.apiguardian.api.API.Status.STABLE;


import java.time.LocalDate;
import java.util.List;
import org.apiguardian.api.API;

/**
 * One leakage-review sign-off file: what a reviewer looked at, bound by fingerprint to exactly that
 * data, and what they decided. Read with {@link SignOffJson#parse}, written with {@link SignOffJson#write}.
 *
 * <pre>{@code
 * SignOff s = SignOffJson.parse(Files.readString(path), path);
 * if (s.decision() == Decision.APPROVED) System.out.println("approved by " + s.reviewer());
 * }</pre>
 *
 * @param schema format version, {@value #SCHEMA}
 * @param gate the gate id the review is for
 * @param fingerprint the data fingerprint the review is for ({@code sha256-v2:...}, the only version read)
 * @param reviewed what the reviewer saw
 * @param decision approved, rejected, or undecided (pending)
 * @param reviewer who reviewed (empty while pending)
 * @param reviewedOn date of the review ({@code null} while pending)
 * @param expiresOn last day the review covers ({@code null} while pending)
 * @param rationale why the reviewer believes (or rejects) the result (empty while pending)
 * @param checklist the leakage categories the reviewer attests
 * @param waivers findings the reviewer accepts by kind and subject, with reasons
 * @param claim the claim of the reviewed run ({@code docs/schemas/claim.schema.json}, the report's {@code claim}) as
 *     canonical JSON text, or {@code null} when the run had none (its lift could not be computed); shown and checked
 *     against this file's {@code gate}, {@code fingerprint} and {@code reviewed}, not bound by the fingerprint
 */
@API(status = STABLE, since = "0.1")
public record SignOff(
    int schema,
    String gate,
    String fingerprint,
    Reviewed reviewed,
    Decision decision,
    String reviewer,
    LocalDate reviewedOn,
    LocalDate expiresOn,
    String rationale,
    Checklist checklist,
    List<Waiver> waivers,
    String claim) {

  /** The file format version this version writes: 2, with waivers by kind and subject. */
  public static final int SCHEMA = 2;

  /** Copies the waiver list. */
  public SignOff {
    waivers = List.copyOf(waivers);
  }

  /** A sign-off that embeds no claim (its run had none). */
  public SignOff(int schema, String gate, String fingerprint, Reviewed reviewed, Decision decision, String reviewer,
      LocalDate reviewedOn, LocalDate expiresOn, String rationale, Checklist checklist, List<Waiver> waivers) {
    this(schema, gate, fingerprint, reviewed, decision, reviewer, reviewedOn, expiresOn, rationale, checklist, waivers,
        null);
  }

  /** The same sign-off embedding {@code claim} (canonical JSON text, or {@code null}). */
  public SignOff withClaim(String claim) {
    return new SignOff(schema, gate, fingerprint, reviewed, decision, reviewer, reviewedOn, expiresOn, rationale,
        checklist, waivers, claim);
  }

  /**
   * The measured facts the reviewer looked at.
   *
   * @param candidate candidate model name
   * @param baseline baseline model name
   * @param candidateAuc candidate AUC
   * @param baselineAuc baseline AUC
   * @param lift candidate minus baseline AUC
   * @param liftCi confidence interval of the lift, {@code [lower, upper]}
   * @param rows rows in the run
   * @param positives positive rows
   * @param features feature names, sorted
   * @param liftCarried the lift each feature carries, largest first, when the run handed the gate its pipeline (the
   *     file's {@code liftCarried}, absent when empty)
   */
  public record Reviewed(
      String candidate,
      String baseline,
      double candidateAuc,
      double baselineAuc,
      double lift,
      List<Double> liftCi,
      int rows,
      int positives,
      List<String> features,
      List<LiftCarried> liftCarried,
      Trials trials) {
    /** Copies the lists. */
    public Reviewed {
      liftCi = List.copyOf(liftCi);
      features = List.copyOf(features);
      liftCarried = List.copyOf(liftCarried);
      java.util.Objects.requireNonNull(trials, "trials");
    }

    /** What a reviewer saw of a run whose trials were not counted ({@link Trials#NOT_RECORDED}). */
    public Reviewed(String candidate, String baseline, double candidateAuc, double baselineAuc, double lift,
        List<Double> liftCi, int rows, int positives, List<String> features, List<LiftCarried> liftCarried) {
      this(candidate, baseline, candidateAuc, baselineAuc, lift, liftCi, rows, positives, features, liftCarried,
          Trials.NOT_RECORDED);
    }

    /** What a reviewer saw of a run without a pipeline: no lift attribution, no trials counted. */
    public Reviewed(String candidate, String baseline, double candidateAuc, double baselineAuc, double lift,
        List<Double> liftCi, int rows, int positives, List<String> features) {
      this(candidate, baseline, candidateAuc, baselineAuc, lift, liftCi, rows, positives, features, List.of());
    }

    /** The same, with {@code trials}. */
    public Reviewed withTrials(Trials trials) {
      return new Reviewed(candidate, baseline, candidateAuc, baselineAuc, lift, liftCi, rows, positives, features,
          liftCarried, trials);
    }
  }

  /**
   * The trials the ledger counted on the reviewed run's test set (docs/trials.md): {@code counted} distinct candidates,
   * the reviewed one included, and its deflated p-value; or, when the ledger counted none (it was off, could not be
   * read, or the lift could not be computed), both {@code null} and the reason. A sign-off that covers
   * {@code many-trials} stops covering once the ledger counts more trials than {@code counted}.
   *
   * @param counted the trials counted, or {@code null}
   * @param deflatedP the reviewed run's deflated p-value; {@code null} without a count, or with one when the run's z is
   *     undefined (a lift without a standard error)
   * @param reason why none were counted; {@code ""} when they were
   */
  public record Trials(Integer counted, Double deflatedP, String reason) {
    /** What a review made without the run's count says. */
    public static final Trials NOT_RECORDED = new Trials(null, null, "the trials were not recorded for this review");

    /** Checks that a count has its p-value and no reason, and that no count has a reason. */
    public Trials {
      java.util.Objects.requireNonNull(reason, "reason");
      if (counted == null && deflatedP != null) {
        throw new IllegalArgumentException("no trials were counted, so there is no deflated p-value");
      }
      if (deflatedP != null && !(deflatedP >= 0 && deflatedP <= 1)) {
        throw new IllegalArgumentException(deflatedP + " is not a p-value");
      }
      if (counted == null && reason.isBlank()) {
        throw new IllegalArgumentException("no trials were counted, so the reason is needed");
      }
      if (counted != null && !reason.isEmpty()) {
        throw new IllegalArgumentException("trials were counted, so there is no reason");
      }
      if (counted != null && counted < 1) {
        throw new IllegalArgumentException("a count of trials includes the reviewed run: at least 1, not " + counted);
      }
    }

    /**
     * {@code counted} trials, the reviewed run's deflated p-value {@code deflatedP} ({@code null} when it is not a
     * number: the run's z is undefined).
     */
    public static Trials counted(int counted, double deflatedP) {
      return new Trials(counted, Double.isFinite(deflatedP) ? deflatedP : null, "");
    }

    /** No trials counted, for {@code reason}. */
    public static Trials notCounted(String reason) {
      return new Trials(null, null, reason);
    }
  }

  /**
   * How much of the lift one feature carries: the AUC the backtest's pipeline loses when refitted without it, with
   * its paired 95% interval. Shown to the reviewer; it binds nothing.
   *
   * @param feature the feature
   * @param carried the AUC lost without it
   * @param carriedCi the interval, {@code [lower, upper]}
   */
  public record LiftCarried(String feature, double carried, List<Double> carriedCi) {
    /** Copies the interval. */
    public LiftCarried {
      carriedCi = List.copyOf(carriedCi);
    }
  }

  /**
   * The leakage categories a reviewer attests, each {@code true} only once checked.
   *
   * @param preprocessingFitOnTrainingDataOnly scalers, encoders, imputers fitted on training rows only
   * @param noDuplicatesAcrossTrainAndTest no entity-time appears on both sides
   * @param featuresKnownAtDecisionTime every feature value existed when the decision was made
   * @param noTargetDerivedFeatures no feature is computed from the label or its aftermath
   * @param testPeriodAfterTrainingLabelsResolved training labels had resolved before the test period
   */
  public record Checklist(
      boolean preprocessingFitOnTrainingDataOnly,
      boolean noDuplicatesAcrossTrainAndTest,
      boolean featuresKnownAtDecisionTime,
      boolean noTargetDerivedFeatures,
      boolean testPeriodAfterTrainingLabelsResolved) {

    /** A checklist with nothing attested yet. */
    public static Checklist unchecked() {
      return new Checklist(false, false, false, false, false);
    }

    /** Names (as in the file) of the items not attested. */
    public List<String> unattested() {
      List<String> missing = new java.util.ArrayList<>();
      boolean[] values = {preprocessingFitOnTrainingDataOnly, noDuplicatesAcrossTrainAndTest,
          featuresKnownAtDecisionTime, noTargetDerivedFeatures, testPeriodAfterTrainingLabelsResolved};
      for (int i = 0; i < values.length; i++) {
        if (!values[i]) {
          missing.add(SignOffJson.CHECKLIST_ITEMS.get(i));
        }
      }
      return missing;
    }
  }

  /**
   * A finding the reviewer accepts, named by its kind and subject.
   *
   * <pre>{@code
   * new SignOff.Waiver("point-in-time", "balance", "knowledge times are load times; values were known at decision")
   * }</pre>
   *
   * @param kind the finding's kind, e.g. {@code point-in-time}
   * @param subject the finding's subject, e.g. the feature's name
   * @param reason why it is not a leak
   */
  public record Waiver(String kind, String subject, String reason) {
    /** True when this waiver is for findings of {@code kind} about {@code subject}. */
    public boolean covers(String kind, String subject) {
      return this.kind.equals(kind) && this.subject.equals(subject);
    }
  }
}
