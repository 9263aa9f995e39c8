package dev.backtestgate;

import dev.backtestgate.internal.Wording;
import dev.backtestgate.time.EntityDictionary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What a {@link BacktestRun.Builder} recorded about the training set and the test rows' entities, validated at
 * {@code build()}: lengths, missing or negative times, labels known before their decision, missing entity keys, and
 * entity keys of one kind (numbers or strings) on both sides.
 */
final class TrainingRecording {
  private long[] decisions;
  private long[] labelKnownAt;
  private long[] entityIds;
  private String[] entityKeys;
  private int trainingsGiven;
  private long[] testIds;
  private String[] testKeys;
  private int entitiesGiven;
  private final List<String> recordingProblems = new ArrayList<>();

  /**
   * What was recorded, validated.
   *
   * @param training the training set, or {@code null} when none was recorded
   * @param testEntities the test rows' entity ids, or {@code null}
   * @param entityKeys the string key of each entity id when the keys were strings (id = index), else empty
   */
  record Resolved(TrainingSet training, long[] testEntities, List<String> entityKeys) {
    static final Resolved NONE = new Resolved(null, null, List.of());
  }

  void training(long[] decisionTimes, long[] labelTimes, long[] ids, String[] keys) {
    trainingsGiven++;
    decisions = decisionTimes;
    labelKnownAt = labelTimes;
    entityIds = ids;
    entityKeys = keys;
  }

  void entities(long[] ids, String[] keys) {
    entitiesGiven++;
    testIds = ids;
    testKeys = keys;
  }

  /** A problem found while recording (e.g. a null {@code Instant}), reported by {@code build()}. */
  void problem(String problem) {
    if (problem != null) {
      recordingProblems.add(problem);
    }
  }

  /** Checks what was recorded against the run's {@code rows} test rows (-1: unknown); adds problems to {@code run}. */
  Resolved resolve(RunProblems run, int rows) {
    List<String> found = new ArrayList<>(recordingProblems);
    if (trainingsGiven > 1) {
      found.add("the training set is given " + Wording.count(trainingsGiven)
          + " times: record it once, with all its rows.");
    }
    if (entitiesGiven > 1) {
      found.add("the test rows' entities are given " + Wording.count(entitiesGiven) + " times: record them once.");
    }
    boolean testEntities = testIds != null || testKeys != null;
    if (testEntities) {
      if (rows >= 0) {
        length(found, "entities", testIds != null ? testIds.length : testKeys.length, rows, "labels have");
      }
      keys(found, "test entities (entities)", testKeys);
    }
    if (trainingsGiven > 0) {
      checkTraining(found, testEntities);
    }
    found.forEach(run::add);
    if (!found.isEmpty() || (trainingsGiven == 0 && !testEntities)) {
      return Resolved.NONE;
    }
    EntityDictionary dictionary = entityKeys != null || testKeys != null ? new EntityDictionary() : null;
    long[] training = ids(dictionary, entityIds, entityKeys);
    long[] test = ids(dictionary, testIds, testKeys);
    List<String> keys = new ArrayList<>();
    if (dictionary != null) {
      for (long id = 0; id < dictionary.size(); id++) {
        keys.add(dictionary.keyOf(id));
      }
    }
    return new Resolved(trainingsGiven == 0 ? null : new TrainingSet(decisions, labelKnownAt, training), test,
        List.copyOf(keys));
  }

  private void checkTraining(List<String> found, boolean testEntities) {
    if (decisions == null || labelKnownAt == null) {
      found.add("the training set is missing its " + (decisions == null ? "decision times" : "label times")
          + ": pass training(decisionTimes, labelKnownAt), one of each per training row.");
      return;
    }
    int n = decisions.length;
    if (n == 0) {
      found.add("the training set has no rows: record the rows the candidate was trained on, or do not call "
          + "training.");
      return;
    }
    length(found, "training labelKnownAt", labelKnownAt.length, n, "training decisionTimes have");
    if (recordingProblems.isEmpty()) { // a null Instant is already named; its placeholder time is not news
      negative(found, "training decisionTimes", decisions);
      negative(found, "training labelKnownAt", labelKnownAt);
    }
    if (labelKnownAt.length == n && recordingProblems.isEmpty()) {
      BadRows early = BadRows.scan(n, i -> labelKnownAt[i] < decisions[i]);
      if (early.any()) {
        int i = early.first();
        found.add("training labelKnownAt is before the row's decision time in " + Wording.count(early.count()) + " "
            + early.plural("row", "rows") + " (first at training row " + i + ": decided "
            + Instant.ofEpochMilli(decisions[i]) + ", label known " + Instant.ofEpochMilli(labelKnownAt[i])
            + "). A label is the outcome of a decision: pass the time the outcome resolved, e.g. the end of its "
            + "outcome window.");
      }
    }
    boolean trainingEntities = entityIds != null || entityKeys != null;
    if (trainingEntities) {
      length(found, "training entities", entityIds != null ? entityIds.length : entityKeys.length, n,
          "training decisionTimes have");
      keys(found, "training entities", entityKeys);
      if (!testEntities) {
        found.add("the training set has entities but the test rows have none: pass entities(...) with the test "
            + "rows' entity keys, so the train/test overlap can be checked.");
      } else if ((entityKeys == null) != (testKeys == null)) {
        found.add("the training set's entities are " + (entityKeys == null ? "numbers" : "strings") + " but the "
            + "test rows' are " + (testKeys == null ? "numbers" : "strings") + ": key both sides the same way.");
      }
    } else if (testEntities) {
      found.add("the test rows have entities but the training set has none: pass training(decisionTimes, "
          + "labelKnownAt, entities), so the train/test overlap can be checked.");
    }
  }

  private static void length(List<String> found, String field, int length, int expected, String against) {
    if (length != expected) {
      found.add(field + " has " + Wording.count(length) + " rows but " + against + " " + Wording.count(expected)
          + ": every column needs one entry per row.");
    }
  }

  private static void negative(List<String> found, String field, long[] times) {
    BadRows bad = BadRows.scan(times.length, i -> times[i] < 0);
    if (bad.any()) {
      found.add(field + " has " + Wording.count(bad.count()) + " negative " + bad.plural("time", "times")
          + " (first at row "
          + bad.first() + ": " + times[bad.first()] + " ms). Times are epoch milliseconds at or after "
          + "1970-01-01T00:00:00Z; a missing time cannot be checked: drop the row or find its time.");
    }
  }

  private static void keys(List<String> found, String field, String[] keys) {
    if (keys == null) {
      return;
    }
    BadRows missing = BadRows.scan(keys.length, i -> keys[i] == null || keys[i].isBlank());
    if (missing.any()) {
      String first = keys[missing.first()];
      String what = first == null ? "null" : first.isEmpty() ? "empty" : "blank '" + first + "'";
      found.add(field + " has " + Wording.count(missing.count()) + " missing " + missing.plural("key", "keys")
          + " (null, empty or "
          + "blank; first at row " + missing.first() + ": " + what + "): give every row its entity key, or drop "
          + "the rows that have none.");
    }
  }

  private static long[] ids(EntityDictionary dictionary, long[] ids, String[] keys) {
    if (keys == null) {
      return ids;
    }
    long[] out = new long[keys.length];
    for (int i = 0; i < keys.length; i++) {
      out[i] = dictionary.idOf(keys[i]);
    }
    return out;
  }
}
