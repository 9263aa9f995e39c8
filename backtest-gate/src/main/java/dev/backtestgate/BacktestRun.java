package dev.backtestgate;

import static org.apiguardian.api.API.Status.INTERNAL;
import static org.apiguardian.api.API.Status.STABLE;

import dev.backtestgate.internal.Wording;
import dev.backtestgate.time.EpochMillis;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.JoinedFeature;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Everything the gate needs to judge one backtest: the rows' labels, the candidate's and the
 * baseline's scores on the same rows, each row's decision time, and when each feature's values became
 * known. Built and validated by {@link #builder(String)}; an invalid run fails at {@link Builder#build()}
 * with every problem named.
 *
 * <p>Arrays are not copied (runs can have tens of millions of rows): do not modify them after
 * {@code build()}.
 *
 * <pre>{@code
 * BacktestRun run = BacktestRun.builder("com.acme.ChurnBacktest#gbm")
 *     .labels(defaulted)
 *     .candidate("gbm-v7", gbmScores)
 *     .baseline("prod-v3", prodScores)
 *     .decisionTimes(decidedAtMillis)
 *     .feature("balance", balanceKnownAtMillis)
 *     .timelessFeature("region", "set once at account opening")
 *     .featureValues("balance", balances)          // optional: screened against the labels
 *     .featureCategories("region", regionCodes)    // categorical: -1 = missing
 *     .build();
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class BacktestRun {
  private final String gateId;
  private final boolean[] labels;
  private final int positives;
  private final String candidateName;
  private final double[] candidateScores;
  private final Baseline baseline;
  private final long[] decisionTimes;
  private final List<FeatureTiming> features;
  private final List<CheckInput> inputs;
  private final java.util.SortedSet<String> inputDigests;
  private final List<Check> checks;
  private final TrainingRecording.Resolved training;
  private final List<FeatureColumn> featureValues;
  private final java.util.concurrent.ConcurrentHashMap<Object, Object> derived =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** The feature–label screen, kept for the confidence level it was computed at. */

  private BacktestRun(Builder b, int positives, TrainingRecording.Resolved training) {
    this.gateId = b.gateId;
    this.labels = b.labels;
    this.positives = positives;
    this.candidateName = b.candidateName;
    this.candidateScores = b.candidateScores;
    this.baseline = b.baseline;
    this.decisionTimes = b.decisionTimes;
    this.features = List.copyOf(b.features.values());
    this.inputs = List.copyOf(b.inputs);
    this.inputDigests = Collections.unmodifiableSortedSet(new java.util.TreeSet<>(b.inputDigests));
    this.checks = List.copyOf(b.checks);
    this.training = training;
    this.featureValues = List.copyOf(b.featureValues.values());
  }

  /** Starts a run for the gate with this id (for JUnit: {@code fully.qualified.Class#method}). */
  public static Builder builder(String gateId) {
    return new Builder(gateId);
  }

  /** The gate id: which sign-off file covers this run. */
  public String gateId() {
    return gateId;
  }

  /** Labels, {@code true} = positive (the event the model predicts). */
  public boolean[] labels() {
    return labels;
  }

  /** Number of rows. */
  public int rows() {
    return labels.length;
  }

  /** Number of positive rows. */
  public int positives() {
    return positives;
  }

  /** The candidate model's name. */
  public String candidateName() {
    return candidateName;
  }

  /** The candidate's scores, one per row. */
  public double[] candidateScores() {
    return candidateScores;
  }

  /** What the candidate is compared with. */
  public Baseline baseline() {
    return baseline;
  }

  /** Decision time per row, epoch milliseconds: the moment the model would have scored the row. */
  public long[] decisionTimes() {
    return decisionTimes;
  }

  /** The features, in the order they were declared. */
  public List<FeatureTiming> features() {
    return features;
  }

  /**
   * The digests of what the run's check inputs ask the fingerprint to cover, each {@code <input class>:<digest>},
   * sorted; empty when they cover nothing.
   */
  java.util.SortedSet<String> inputDigests() {
    return inputDigests;
  }

  /**
   * The inputs of {@code type} the run recorded for its checks ({@link Builder#input(CheckInput)} and the
   * recorders that call it), in recording order; empty when there are none.
   */
  public <T extends CheckInput> List<T> inputs(Class<T> type) {
    List<T> found = new ArrayList<>();
    for (CheckInput input : inputs) {
      if (type.isInstance(input)) {
        found.add(type.cast(input));
      }
    }
    return List.copyOf(found);
  }

  /** The checks added to this run, run by the gate after the built-in ones. */
  public List<Check> checks() {
    return checks;
  }

  /** The training set, when recorded ({@link Builder#training(long[], long[])}). */
  public Optional<TrainingSet> training() {
    return Optional.ofNullable(training.training());
  }

  /** The test rows' entity ids, when recorded ({@link Builder#entities(long[])}); dense ids for string keys. */
  public Optional<long[]> entities() {
    return Optional.ofNullable(training.testEntities());
  }

  /** How reports show entity id {@code id}: its string key when the keys were strings, else the number. */
  public String entityKey(long id) {
    List<String> keys = training.entityKeys();
    return id >= 0 && id < keys.size() ? keys.get((int) id) : Long.toString(id);
  }

  /** The string entity keys in id order (id = index), or empty when the keys were numbers. */
  public List<String> entityKeys() {
    return training.entityKeys();
  }

  /** The recorded feature values (numeric and categorical), in the order they were recorded; often empty. */
  public List<FeatureColumn> featureValues() {
    return featureValues;
  }

  /**
   * A value derived from this run, computed once per key and kept: what a check and the report both need (the
   * feature–label screen at a confidence level) is computed once. {@code compute} runs at most once per key unless
   * it throws; the value must not change the run.
   *
   * @param key what is derived, with everything it depends on besides the run (a record of its parameters)
   * @param compute computes it from this run
   */
  @API(status = INTERNAL, since = "0.1")
  public <T> T derived(Object key, java.util.function.Supplier<T> compute) {
    Objects.requireNonNull(key, "key");
    @SuppressWarnings("unchecked")
    T value = (T) derived.computeIfAbsent(key, k -> Objects.requireNonNull(compute.get(), "derived value"));
    return value;
  }

  /** Builds and validates a {@link BacktestRun}. */
  public static final class Builder {
    private final String gateId;
    private boolean[] labels;
    private String labelProblem;
    private String candidateName;
    private double[] candidateScores;
    private Baseline baseline;
    private int baselinesGiven;
    private long[] decisionTimes;
    private final List<String> decisionTimeProblems = new ArrayList<>();
    private final Map<String, FeatureTiming> features = new LinkedHashMap<>();
    private final List<String> declared = new ArrayList<>();
    private final List<String> featureProblems = new ArrayList<>();
    private final List<CheckInput> inputs = new ArrayList<>();
    private final List<String> inputDigests = new ArrayList<>();
    private final List<Check> checks = new ArrayList<>();
    private final TrainingRecording training = new TrainingRecording();
    private final Map<String, FeatureColumn> featureValues = new LinkedHashMap<>();

    private Builder(String gateId) {
      this.gateId = gateId;
    }

    /** Labels, {@code true} = positive. */
    public Builder labels(boolean[] labels) {
      this.labels = labels;
      return this;
    }

    /** Labels as 0/1; any other value is reported by {@link #build()}. */
    public Builder labels(int[] labels) {
      if (labels == null) {
        this.labels = null;
        return this;
      }
      boolean[] converted = new boolean[labels.length];
      for (int i = 0; i < labels.length; i++) {
        converted[i] = labels[i] == 1;
      }
      BadRows bad = BadRows.scan(labels.length, i -> labels[i] != 0 && labels[i] != 1);
      this.labels = converted;
      this.labelProblem = !bad.any() ? null
          : "labels have " + Wording.count(bad.count()) + " values that are neither 0 nor 1 (first at row "
              + bad.first() + ": "
              + labels[bad.first()] + "). Pass 1 for a positive row, 0 for a negative one.";
      return this;
    }

    /** The candidate model: its name and one score per row (higher = more likely positive). */
    public Builder candidate(String name, double[] scores) {
      this.candidateName = name;
      this.candidateScores = scores;
      return this;
    }

    /** The baseline model's scores on the same rows. */
    public Builder baseline(String name, double[] scores) {
      return baseline(name, scores, new String[0]);
    }

    /**
     * The baseline model's scores on the same rows, and the features it already uses: the lift attribution shows
     * those as "also in the baseline" and judges carriers of the lift among the features the candidate adds. A
     * feature that is null, blank or named twice is reported by {@link #build()}.
     */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public Builder baseline(String name, double[] scores, String... features) {
      baselinesGiven++;
      this.baseline = new Baseline.Scored(name, scores, baselineFeatures(features));
      return this;
    }

    /** A baseline known only by its AUC; the lift is then reported without a paired interval. */
    public Builder baselineAuc(String name, double auc) {
      return baselineAuc(name, auc, new String[0]);
    }

    /** A baseline known only by its AUC, and the features it uses (as {@link #baseline(String, double[], String...)}). */
    @API(status = API.Status.EXPERIMENTAL, since = "0.2")
    public Builder baselineAuc(String name, double auc, String... features) {
      baselinesGiven++;
      this.baseline = new Baseline.FixedAuc(name, auc, baselineFeatures(features));
      return this;
    }

    /** The baseline's features when they are valid, else none, the problem kept for {@link #build()}. */
    private List<String> baselineFeatures(String[] features) {
      List<String> declared = features == null ? null : Arrays.asList(features);
      try {
        return new Baseline.FixedAuc("", 0, declared).features();
      } catch (IllegalArgumentException e) {
        featureProblems.add(e.getMessage());
        return List.of();
      }
    }

    /**
     * Decision time per row, epoch milliseconds. Times before 1970 (negative) are accepted, as in the
     * point-in-time join; {@code Long.MIN_VALUE} is the "no time" marker and is reported by {@link #build()}.
     */
    public Builder decisionTimes(long[] epochMillis) {
      this.decisionTimes = epochMillis;
      decisionTimeProblems.clear();
      return this;
    }

    /**
     * Decision time per row; a {@code null} entry, or one outside the millisecond range
     * ({@link EpochMillis#range()}), is reported by {@link #build()}.
     */
    public Builder decisionTimes(Instant[] times) {
      this.decisionTimes = RunProblems.toMillis(times);
      decisionTimeProblems.clear();
      RunProblems.instantProblems("decisionTimes", times, "", decisionTimeProblems);
      return this;
    }

    /**
     * Declares feature names up front; {@link #build()} then fails for any of them given neither
     * knowledge times nor a timeless declaration.
     */
    public Builder features(String... names) {
      if (names == null) {
        featureProblems.add("features(...) was passed null: pass the feature names, e.g. features(\"balance\", "
            + "\"region\").");
        return this;
      }
      for (String name : names) {
        if (name == null || name.isBlank()) {
          featureProblems.add("a feature has no name: give every feature the name the model knows it by.");
        } else if (!declared.contains(name)) {
          declared.add(name);
        }
      }
      return this;
    }

    /** A feature with its knowledge time per row, epoch milliseconds ({@link FeatureTiming#NO_VALUE} = none). */
    public Builder feature(String name, long[] knownAtMillis) {
      return add(name, knownAtMillis == null ? null : new FeatureTiming.KnownAt(name, knownAtMillis));
    }

    /**
     * A feature with its knowledge time per row; a {@code null} entry, or one outside the millisecond range
     * ({@link EpochMillis#range()}), is reported by {@link #build()}.
     */
    public Builder feature(String name, Instant[] knownAt) {
      RunProblems.instantProblems("feature '" + name + "' knownAt", knownAt,
          " For rows without a value pass long[] times with FeatureTiming.NO_VALUE.", featureProblems);
      return feature(name, RunProblems.toMillis(knownAt));
    }

    /** A feature declared timeless on purpose, with the reason shown in reports. */
    public Builder timelessFeature(String name, String reason) {
      if (reason == null || reason.isBlank()) {
        featureProblems.add("timeless feature '" + name + "' has no reason: say why its values cannot change "
            + "after the entity exists (it is shown to reviewers).");
      }
      return add(name, new FeatureTiming.Timeless(name, reason == null ? "" : reason));
    }

    /**
     * Every feature of a point-in-time join, each with the {@code recordedAt} of the event its values came
     * from (missing values carry {@link FeatureTiming#NO_VALUE}); also sets the decision times from the
     * table's spine when none were given. The point-in-time check then holds by construction.
     */
    public Builder features(FeatureTable table) {
      if (table == null) {
        featureProblems.add("the joined feature table is null: pass PointInTimeJoin's result.");
        return this;
      }
      if (decisionTimes == null) {
        decisionTimes = table.decisionTime();
      } else if (!Arrays.equals(decisionTimes, table.decisionTime())) {
        featureProblems.add("the joined feature table was built for other decision times than this run's: build the "
            + "spine from the run's rows in the same order.");
      }
      table.knownAt().forEach(this::feature);
      for (JoinedFeature joined : table.features()) {
        values(joined instanceof JoinedFeature.Numeric numeric
            ? new FeatureColumn.Numeric(numeric.name(), numeric.values())
            : new FeatureColumn.Categorical(joined.name(), ((JoinedFeature.Categorical) joined).codes()));
      }
      return this;
    }

    /**
     * The values of a declared numeric feature, one per row, {@code NaN} where missing: the feature–label screen
     * ranks them against the labels ({@code backtestgate.max-feature-auc}). A feature that alone separates the
     * classes is likely derived from the label. Optional; the fingerprint covers recorded values.
     */
    public Builder featureValues(String name, double[] values) {
      return values(values == null ? null : new FeatureColumn.Numeric(name, values), name);
    }

    /**
     * The values of a declared categorical feature as codes, one per row, {@code -1} where missing (any other
     * non-negative {@code int} is a category: dictionary indexes, ordinals, hashed ids). The screen scores each
     * row by its category's out-of-fold positive rate, so an identifier does not look predictive.
     */
    public Builder featureCategories(String name, int[] codes) {
      return values(codes == null ? null : new FeatureColumn.Categorical(name, codes), name);
    }

    private Builder values(FeatureColumn column) {
      return values(column, column.name());
    }

    private Builder values(FeatureColumn column, String name) {
      if (name == null || name.isBlank()) {
        featureProblems.add("feature values were recorded without a feature name: pass the name the feature is "
            + "declared with.");
      } else if (column == null) {
        featureProblems.add("feature values of '" + name + "' are null: pass one value per row.");
      } else if (featureValues.putIfAbsent(name, column) != null) {
        featureProblems.add("feature values of '" + name + "' are recorded twice: record each feature's values "
            + "once (a feature table records the values of its features itself).");
      }
      return this;
    }

    /**
     * Adds a check of your own: the gate runs it after the built-in ones, exactly as it runs them (a check that
     * throws becomes a failing {@code check-failed} finding).
     */
    public Builder check(Check check) {
      if (check == null) {
        featureProblems.add("an added check is null: pass a Check, or do not call check.");
      } else {
        checks.add(check);
      }
      return this;
    }

    /**
     * The rows the candidate was trained on: per training row its decision time and when its label became known
     * (the outcome resolved), epoch milliseconds. The label-horizon check fails when a label resolved after the
     * earliest test decision less {@code backtestgate.embargo}.
     */
    public Builder training(long[] decisionTimes, long[] labelKnownAt) {
      training.training(decisionTimes, labelKnownAt, null, null);
      return this;
    }

    /**
     * The training rows with their entities (account, customer) as numbers; also record the test rows' with
     * {@link #entities(long[])}, so the train/test overlap can be checked.
     */
    public Builder training(long[] decisionTimes, long[] labelKnownAt, long[] entities) {
      training.problem(entities == null ? "training entities are null: pass one key per training row, or use "
          + "training(decisionTimes, labelKnownAt)." : null);
      training.training(decisionTimes, labelKnownAt, entities, null);
      return this;
    }

    /** The training rows with their entities as strings; record the test rows' with {@link #entities(String[])}. */
    public Builder training(long[] decisionTimes, long[] labelKnownAt, String[] entities) {
      training.problem(entities == null ? "training entities are null: pass one key per training row, or use "
          + "training(decisionTimes, labelKnownAt)." : null);
      training.training(decisionTimes, labelKnownAt, null, entities);
      return this;
    }

    /** The training rows as instants; a {@code null} entry is reported by {@link #build()}. */
    public Builder training(Instant[] decisionTimes, Instant[] labelKnownAt) {
      return training(trainingTimes(decisionTimes, labelKnownAt), RunProblems.toMillis(labelKnownAt));
    }

    /** The training rows as instants, with numeric entities. */
    public Builder training(Instant[] decisionTimes, Instant[] labelKnownAt, long[] entities) {
      return training(trainingTimes(decisionTimes, labelKnownAt), RunProblems.toMillis(labelKnownAt), entities);
    }

    /** The training rows as instants, with string entities. */
    public Builder training(Instant[] decisionTimes, Instant[] labelKnownAt, String[] entities) {
      return training(trainingTimes(decisionTimes, labelKnownAt), RunProblems.toMillis(labelKnownAt), entities);
    }

    /** The entity (account, customer) of each test row, as numbers: what the train/test overlap matches on. */
    public Builder entities(long[] entities) {
      training.problem(entities == null ? "entities are null: pass one key per row." : null);
      training.entities(entities, null);
      return this;
    }

    /** The entity of each test row, as strings. */
    public Builder entities(String[] entities) {
      training.problem(entities == null ? "entities are null: pass one key per row." : null);
      training.entities(null, entities);
      return this;
    }

    private long[] trainingTimes(Instant[] decisionTimes, Instant[] labelKnownAt) {
      List<String> problems = new ArrayList<>();
      RunProblems.instantProblems("training decisionTimes", decisionTimes, "", problems);
      RunProblems.instantProblems("training labelKnownAt", labelKnownAt, "", problems);
      problems.forEach(training::problem);
      return RunProblems.toMillis(decisionTimes);
    }

    /**
     * Records an input for a check ({@link CheckInput}): the check reads it with {@link BacktestRun#inputs(Class)}.
     * The built-in checks take theirs the same way: a late-write report ({@code LateWriteDetector}), a history
     * check against a committed manifest ({@code HistoryCheck}), a table's history read from its own log
     * ({@code DeltaHistory}), a future-read probe ({@code FutureReadProbe}). An input that conflicts with one
     * recorded before ({@link CheckInput#conflictWith}: the same table's log twice, two probes of one feature) is
     * reported by {@link #build()}.
     */
    public Builder input(CheckInput input) {
      if (input == null) {
        featureProblems.add("a check input is null: pass the input your check reads, or do not call input.");
        return this;
      }
      for (CheckInput recorded : inputs) {
        String conflict = input.conflictWith(recorded);
        if (conflict != null) {
          featureProblems.add(conflict);
          return this;
        }
      }
      inputs.add(input);
      return this;
    }

    /**
     * Each input's own problems ({@link CheckInput#problems}, when the row count is known) and the digest of what it
     * asks the fingerprint to cover ({@link CheckInput#fingerprinted()}); an input that throws is a problem too.
     */
    private void checkInputs(RunProblems problems, int rows) {
      inputDigests.clear();
      CheckInput.RunShape shape = new CheckInput.RunShape(gateId == null ? "" : gateId, Math.max(rows, 0), declared);
      for (CheckInput input : inputs) {
        String name = "input " + input.getClass().getSimpleName();
        if (rows >= 0) {
          try {
            List<String> found = input.problems(shape);
            if (found == null) {
              problems.add(name + ": problems() returned null; return List.of() when the input fits.");
            } else {
              found.forEach(problem -> problems.add(name + ": " + problem));
            }
          } catch (RuntimeException e) {
            problems.add(name + " could not check itself: problems() threw " + e + ". Fix the input's problems().");
          }
        }
        try {
          InputDigest.of(input)
              .ifPresent(digest -> inputDigests.add(input.getClass().getName() + ":" + digest));
        } catch (RuntimeException e) {
          problems.add("the fingerprint cannot cover " + name + ": " + e.getMessage());
        }
      }
    }

    /** Adds a ready-made feature timing. */
    public Builder feature(FeatureTiming timing) {
      if (timing == null) {
        featureProblems.add("a feature timing is null: pass new FeatureTiming.KnownAt(name, knownAt) or "
            + "new FeatureTiming.Timeless(name, reason).");
        return this;
      }
      return add(timing.name(), timing);
    }

    private Builder add(String name, FeatureTiming timing) {
      if (name == null || name.isBlank()) {
        featureProblems.add("a feature has no name: give every feature the name the model knows it by.");
        return this;
      }
      if (!declared.contains(name)) {
        declared.add(name);
      }
      if (timing == null) {
        return this;
      }
      if (features.putIfAbsent(name, timing) != null) {
        featureProblems.add("feature '" + name + "' is declared twice: declare each feature once.");
      }
      return this;
    }

    /**
     * Validates everything and builds the run.
     *
     * @throws InvalidBacktestRunException naming every problem found
     */
    public BacktestRun build() {
      RunProblems problems = new RunProblems();
      if (gateId == null || gateId.isBlank()) {
        problems.add("gate id is blank: name the gate, e.g. com.acme.ChurnBacktest#gbm.");
      }
      int rows = labels == null ? -1 : labels.length;
      int positives = problems.checkLabels(labels, labelProblem);
      if (rows >= 0) {
        problems.checkModels(rows, candidateName, candidateScores, baseline, baselinesGiven);
        if (!decisionTimeProblems.isEmpty()) {
          decisionTimeProblems.forEach(problems::add);
        } else {
          problems.checkTimes("decisionTimes", decisionTimes, rows, false);
        }
        problems.checkFeatures(rows, featureProblems, declared, features, featureValues.values());
      }
      TrainingRecording.Resolved recorded = training.resolve(problems, rows);
      checkInputs(problems, rows);
      problems.throwIfAny(gateId);
      return new BacktestRun(this, positives, recorded);
    }
  }
}
