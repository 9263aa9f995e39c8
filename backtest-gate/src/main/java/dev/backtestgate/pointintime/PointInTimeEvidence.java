package dev.backtestgate.pointintime;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.backtestgate.EvidencePart;
import dev.backtestgate.GateEvidence;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The point-in-time check's part of {@link GateEvidence}: each timed feature's result under one availability lag.
 * Every timed feature of the evidence's summary needs its result (an unchecked feature is not a pass); evidence
 * computed with another lag than the gate's policy fails with a {@code check-failed} finding naming both.
 *
 * <pre>{@code
 * evidence = evidence.with(new PointInTimeEvidence(Duration.ZERO, Map.of("balance", Optional.empty())));
 * }</pre>
 *
 * @param availabilityLag the lag the results were computed with
 * @param results per timed feature, its violation, or empty when every value was known in time
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record PointInTimeEvidence(Duration availabilityLag, Map<String, Optional<PointInTimeViolation>> results)
    implements EvidencePart<PointInTimeEvidence> {
  /** Copies the map; refuses a negative lag or a missing result. */
  public PointInTimeEvidence {
    if (availabilityLag == null || availabilityLag.isNegative()) {
      throw new IllegalArgumentException("the availability lag " + availabilityLag + " of the point-in-time "
          + "evidence is missing or negative: give the lag the results were computed with");
    }
    results.forEach((feature, result) -> {
      if (result == null) {
        throw new IllegalArgumentException("the point-in-time result of '" + feature + "' is null (use "
            + "Optional.empty() for a pass)");
      }
    });
    results = Collections.unmodifiableMap(new LinkedHashMap<>(results));
  }

  /** Two point-in-time parts are never combined: each feature is checked once, under one lag. */
  @Override
  public PointInTimeEvidence plus(PointInTimeEvidence later) {
    throw new IllegalArgumentException("the evidence already carries point-in-time results (for "
        + new TreeSet<>(results.keySet()) + "): give every timed feature's result in one PointInTimeEvidence");
  }

  /** Results that are not exactly the summary's timed features, or a violation of another feature, row count or lag. */
  @Override
  public List<String> problems(GateEvidence evidence) {
    List<String> problems = new ArrayList<>();
    Set<String> timed = timedFeatures(evidence);
    if (!timed.equals(new TreeSet<>(results.keySet()))) {
      problems.add("point-in-time results are given for " + new TreeSet<>(results.keySet()) + " but the timed "
          + "features are " + timed + "; every timed feature needs its result (an unchecked feature is not a pass)");
    }
    long rows = evidence.summary().rows();
    results.forEach((feature, result) -> result.ifPresent(v -> {
      if (!v.feature().equals(feature) || !v.availabilityLag().equals(availabilityLag) || v.rows() != rows) {
        problems.add("the point-in-time result filed under '" + feature + "' is of '" + v.feature() + "' over "
            + v.rows() + " rows with a lag of " + v.availabilityLag() + ", not of '" + feature + "' over " + rows
            + " rows with a lag of " + availabilityLag);
      }
    }));
    return problems;
  }

  /** The features of the evidence's summary that are not timeless. */
  static Set<String> timedFeatures(GateEvidence evidence) {
    Set<String> timed = new TreeSet<>(evidence.summary().features());
    timed.removeAll(evidence.summary().timelessFeatures());
    return timed;
  }
}
