package dev.backtestgate.examples;

import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.JoinedFeature;
import dev.backtestgate.time.PointInTimeJoin;
import dev.backtestgate.time.Spine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads features the honest way: every source is an append-only, bitemporal event log, and
 * {@link PointInTimeJoin} takes for each decision the latest value valid and recorded by then. The status
 * corrections of August 2025 are in the log, recorded in August 2025, so no 2024 decision sees them; each
 * value carries the time it was recorded, so the gate's point-in-time check passes by construction.
 *
 * <pre>{@code
 * StatusLog log = StatusLog.load(world);
 * NormalizeStatusBackfill.record(log, world);
 * PointInTimeFeatures logs = PointInTimeFeatures.of(world, log);
 * SourceFeatures test = logs.read(DecisionRows.test(world), true);
 * }</pre>
 */
final class PointInTimeFeatures {
  private final CreditWorld world;
  private final EventLog status;
  private final EventLog worstStatus;
  private final EventLog balance;
  private final EventLog paymentRatio;

  private PointInTimeFeatures(CreditWorld world, EventLog status, EventLog worstStatus, EventLog balance,
      EventLog paymentRatio) {
    this.world = world;
    this.status = status;
    this.worstStatus = worstStatus;
    this.balance = balance;
    this.paymentRatio = paymentRatio;
  }

  /**
   * The event logs of {@code world}: the status log as given (corrections included), the worst-status
   * projection maintained from it, the statement balances, and the payments feed (each payment valid
   * and recorded on its due date).
   */
  static PointInTimeFeatures of(CreditWorld world, StatusLog log) {
    Statements s = world.statements();
    long[] entity = new long[s.size()];
    long[] paymentDue = new long[s.size()];
    for (int row = 0; row < s.size(); row++) {
      entity[row] = s.account()[row];
      paymentDue[row] = s.statementAt()[row] + Timeline.PAYMENT_DUE;
    }
    NumericEvents worst = WorstStatusProjection.of(log, world.accounts().size());
    return new PointInTimeFeatures(world,
        log.toEventLog(SourceFeatures.STATUS),
        EventLog.numeric(SourceFeatures.WORST_STATUS, worst.entity(), worst.validFrom(), worst.recordedAt(),
            worst.value()),
        EventLog.numeric(SourceFeatures.BALANCE, entity, s.statementAt(), s.recordedAt(), s.balance()),
        EventLog.numeric(SourceFeatures.PAYMENT_RATIO, entity, paymentDue, s.paymentRecordedAt(), s.paymentRatio()));
  }

  /**
   * The engine that joins the logs onto the decision rows: {@link #IN_MEMORY} here, another engine (Spark)
   * in its own example. It returns one joined feature per log, in the logs' order.
   */
  @FunctionalInterface
  interface Join {
    List<JoinedFeature> join(Spine spine, List<EventLog> logs);
  }

  /** {@link PointInTimeJoin} with default settings. */
  static final Join IN_MEMORY = (spine, logs) -> PointInTimeJoin.builder().build().join(spine, logs).features();

  /** The features of {@code rows} as of each decision; with the payments feed when {@code withPayments}. */
  SourceFeatures read(DecisionRows rows, boolean withPayments) {
    return read(rows, withPayments, IN_MEMORY);
  }

  /** As {@link #read(DecisionRows, boolean)}, joined by {@code join}. */
  SourceFeatures read(DecisionRows rows, boolean withPayments, Join join) {
    List<EventLog> logs = new ArrayList<>(List.of(status, worstStatus, balance));
    if (withPayments) {
      logs.add(paymentRatio);
    }
    Map<String, JoinedFeature> table = new LinkedHashMap<>();
    for (JoinedFeature feature : join.join(Spine.of(rows.entities(), rows.decisionAt()), logs)) {
      table.put(feature.name(), feature);
    }
    Map<String, long[]> knownAt = new LinkedHashMap<>();
    table.forEach((name, feature) -> knownAt.put(name, feature.knownAt()));
    knownAt.put(SourceFeatures.TENURE, SourceFeatures.openedAt(world, rows));
    return new SourceFeatures(rows,
        ((JoinedFeature.Categorical) table.get(SourceFeatures.STATUS)).codes(),
        ((JoinedFeature.Numeric) table.get(SourceFeatures.WORST_STATUS)).values(),
        ((JoinedFeature.Numeric) table.get(SourceFeatures.BALANCE)).values(),
        withPayments ? ((JoinedFeature.Numeric) table.get(SourceFeatures.PAYMENT_RATIO)).values() : null,
        knownAt);
  }
}
