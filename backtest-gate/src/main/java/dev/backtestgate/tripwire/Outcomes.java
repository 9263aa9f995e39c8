package dev.backtestgate.tripwire;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Production decisions and their outcomes, as columns: when each decision was made, the candidate's score, the label
 * and when it became known, and optionally the baseline's score, the decision's id, its entity and the features
 * served. Built and validated by {@link #builder()}: an invalid column fails at {@link Builder#build()}, naming every
 * problem, the first offending row and the fix.
 *
 * <p>A row whose label is not known yet has {@link #NOT_KNOWN} as its label time; the tripwire counts it as
 * immature at any check time before its label time and never takes it as a negative.
 *
 * <pre>{@code
 * Outcomes outcomes = Outcomes.builder()
 *     .decidedAt(decided).candidateScores(scores).labels(churned).labelKnownAt(churnKnownAt)
 *     .baselineScores(prodScores)
 *     .build();
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class Outcomes {
  /** A label time that marks a label not known yet. */
  public static final long NOT_KNOWN = Long.MAX_VALUE;

  private final long[] decidedAt;
  private final double[] candidate;
  private final boolean[] labels;
  private final long[] labelKnownAt;
  private final double[] baseline;
  private final String[] ids;
  private final String[] entities;
  private final Map<String, String[]> served;

  private Outcomes(Builder b) {
    decidedAt = b.decidedAt;
    candidate = b.candidate;
    labels = b.labels;
    labelKnownAt = b.labelKnownAt;
    baseline = b.baseline;
    ids = b.ids;
    entities = b.entities;
    served = Collections.unmodifiableMap(new LinkedHashMap<>(b.served));
  }

  /** A builder. */
  public static Builder builder() {
    return new Builder();
  }

  /** The number of decisions. */
  public int rows() {
    return decidedAt.length;
  }

  /** When each decision was made, epoch milliseconds. */
  public long[] decidedAt() {
    return decidedAt.clone();
  }

  /** The candidate's score of each decision. */
  public double[] candidateScores() {
    return candidate.clone();
  }

  /** Each decision's label; meaningless where the label is not known yet. */
  public boolean[] labels() {
    return labels.clone();
  }

  /** When each label became known, epoch milliseconds, or {@link #NOT_KNOWN}. */
  public long[] labelKnownAt() {
    return labelKnownAt.clone();
  }

  /** The baseline's score of each decision, when the baseline was scored beside the candidate. */
  public Optional<double[]> baselineScores() {
    return Optional.ofNullable(baseline).map(double[]::clone);
  }

  /** Each decision's id, when given (unique). */
  public Optional<List<String>> decisionIds() {
    return Optional.ofNullable(ids).map(List::of);
  }

  /** Each decision's entity, when given. */
  public Optional<List<String>> entities() {
    return Optional.ofNullable(entities).map(List::of);
  }

  /** The features served with each decision, by name, as the values were written (empty where none). */
  public Map<String, List<String>> servedFeatures() {
    Map<String, List<String>> copy = new LinkedHashMap<>();
    served.forEach((name, values) -> copy.put(name, List.of(values)));
    return copy;
  }

  /** The earliest decision time, or empty when there are no rows. */
  Optional<Instant> earliest() {
    long min = Long.MAX_VALUE;
    for (long t : decidedAt) {
      min = Math.min(min, t);
    }
    return decidedAt.length == 0 ? Optional.empty() : Optional.of(Instant.ofEpochMilli(min));
  }

  /** Builds {@link Outcomes}; every column but the four required ones is optional. */
  @API(status = EXPERIMENTAL, since = "0.3")
  public static final class Builder {
    private long[] decidedAt;
    private double[] candidate;
    private boolean[] labels;
    private long[] labelKnownAt;
    private double[] baseline;
    private String[] ids;
    private String[] entities;
    private final Map<String, String[]> served = new LinkedHashMap<>();

    private Builder() {}

    /** When each decision was made, epoch milliseconds. */
    public Builder decidedAt(long[] epochMillis) {
      decidedAt = epochMillis.clone();
      return this;
    }

    /** The candidate's score of each decision. */
    public Builder candidateScores(double[] scores) {
      candidate = scores.clone();
      return this;
    }

    /** Each decision's label (any value where the label is not known yet). */
    public Builder labels(boolean[] labels) {
      this.labels = labels.clone();
      return this;
    }

    /** When each label became known, epoch milliseconds, {@link #NOT_KNOWN} where not yet. */
    public Builder labelKnownAt(long[] epochMillis) {
      labelKnownAt = epochMillis.clone();
      return this;
    }

    /** The baseline's score of each decision: on every row or on none. */
    public Builder baselineScores(double[] scores) {
      baseline = scores.clone();
      return this;
    }

    /** Each decision's id: no two alike. */
    public Builder decisionIds(String[] ids) {
      this.ids = ids.clone();
      return this;
    }

    /** Each decision's entity (an account, a customer). */
    public Builder entities(String[] entities) {
      this.entities = entities.clone();
      return this;
    }

    /** A feature as it was served with each decision ({@code ""} where none). */
    public Builder servedFeature(String name, String[] values) {
      if (served.putIfAbsent(Objects.requireNonNull(name, "name"), values.clone()) != null) {
        throw new IllegalArgumentException("outcomes: served feature '" + name + "' is given twice: give each once");
      }
      return this;
    }

    /**
     * Checks every column and builds.
     *
     * @throws IllegalArgumentException naming every problem found: a missing column, columns of different lengths,
     *     NaN or infinite scores, a label known before its decision, baseline scores on only some rows, duplicate
     *     decision ids
     */
    public Outcomes build() {
      List<String> problems = new ArrayList<>();
      if (decidedAt == null || candidate == null || labels == null || labelKnownAt == null) {
        throw new IllegalArgumentException("outcomes: decidedAt, candidateScores, labels and labelKnownAt are all "
            + "required; missing: " + String.join(", ", missing()));
      }
      int n = decidedAt.length;
      length("candidateScores", candidate.length, n, problems);
      length("labels", labels.length, n, problems);
      length("labelKnownAt", labelKnownAt.length, n, problems);
      if (baseline != null) {
        length("baselineScores", baseline.length, n, problems);
      }
      if (ids != null) {
        length("decisionIds", ids.length, n, problems);
      }
      if (entities != null) {
        length("entities", entities.length, n, problems);
      }
      served.forEach((name, values) -> length("served feature '" + name + "'", values.length, n, problems));
      if (!problems.isEmpty()) {
        throw new IllegalArgumentException("outcomes: " + String.join("; ", problems));
      }
      scores("candidateScores", candidate, problems, "score every decision the candidate made");
      if (baseline != null) {
        baselineCoverage(problems);
      }
      labelTimes(problems);
      if (ids != null) {
        duplicates(problems);
      }
      if (!problems.isEmpty()) {
        throw new IllegalArgumentException("outcomes: " + String.join("; ", problems));
      }
      return new Outcomes(this);
    }

    private List<String> missing() {
      List<String> missing = new ArrayList<>();
      if (decidedAt == null) {
        missing.add("decidedAt");
      }
      if (candidate == null) {
        missing.add("candidateScores");
      }
      if (labels == null) {
        missing.add("labels");
      }
      if (labelKnownAt == null) {
        missing.add("labelKnownAt");
      }
      return missing;
    }

    private static void length(String column, int length, int rows, List<String> problems) {
      if (length != rows) {
        problems.add("column '" + column + "' has " + length + " values but decidedAt has " + rows
            + ": give one value per decision");
      }
    }

    private static void scores(String column, double[] scores, List<String> problems, String fix) {
      int bad = 0;
      int first = -1;
      for (int i = 0; i < scores.length; i++) {
        if (!Double.isFinite(scores[i])) {
          bad++;
          first = first < 0 ? i : first;
        }
      }
      if (bad > 0) {
        problems.add("column '" + column + "' has " + bad + " NaN or infinite score(s), the first at row " + first
            + " (" + scores[first] + "): an AUC cannot rank a decision without a score; " + fix);
      }
    }

    private void baselineCoverage(List<String> problems) {
      int missing = 0;
      int first = -1;
      int infinite = 0;
      int firstInfinite = -1;
      for (int i = 0; i < baseline.length; i++) {
        if (Double.isNaN(baseline[i])) {
          missing++;
          first = first < 0 ? i : first;
        } else if (Double.isInfinite(baseline[i])) {
          infinite++;
          firstInfinite = firstInfinite < 0 ? i : firstInfinite;
        }
      }
      if (missing > 0 && missing < baseline.length) {
        problems.add("column 'baselineScores' has scores on only some rows: " + missing + " of " + baseline.length
            + " have none (NaN), the first at row " + first + ": a live lift needs both models on the same "
            + "decisions; score the baseline on every decision, or leave the column out to compare the candidate's "
            + "AUC alone");
      } else if (missing == baseline.length && missing > 0) {
        problems.add("column 'baselineScores' has no score on any row: leave the column out to compare the "
            + "candidate's AUC alone");
      }
      if (infinite > 0) {
        problems.add("column 'baselineScores' has " + infinite + " infinite score(s), the first at row "
            + firstInfinite + ": an AUC cannot rank an infinite score; write the score the baseline gave");
      }
    }

    private void labelTimes(List<String> problems) {
      int early = 0;
      int first = -1;
      for (int i = 0; i < labelKnownAt.length; i++) {
        if (labelKnownAt[i] != NOT_KNOWN && labelKnownAt[i] < decidedAt[i]) {
          early++;
          first = first < 0 ? i : first;
        }
      }
      if (early > 0) {
        problems.add(early + " label(s) known before their decision, the first at row " + first + " (decided "
            + Instant.ofEpochMilli(decidedAt[first]) + ", label known " + Instant.ofEpochMilli(labelKnownAt[first])
            + "): an outcome is known after the decision it follows; check that labelKnownAt is the time the "
            + "outcome became known and decidedAt the time of the decision (same units, milliseconds)");
      }
    }

    private void duplicates(List<String> problems) {
      Map<String, Integer> seen = new HashMap<>();
      int duplicates = 0;
      String firstId = null;
      int firstAt = -1;
      int firstEarlier = -1;
      for (int i = 0; i < ids.length; i++) {
        Integer earlier = seen.putIfAbsent(Objects.requireNonNull(ids[i], "decision id"), i);
        if (earlier != null) {
          duplicates++;
          if (firstId == null) {
            firstId = ids[i];
            firstAt = i;
            firstEarlier = earlier;
          }
        }
      }
      if (duplicates > 0) {
        problems.add(duplicates + " duplicate decision id(s), the first '" + firstId + "' at rows " + firstEarlier
            + " and " + firstAt + ": each decision is counted once; drop the repeated rows (a retried write, a join "
            + "that fanned out)");
      }
    }
  }
}
