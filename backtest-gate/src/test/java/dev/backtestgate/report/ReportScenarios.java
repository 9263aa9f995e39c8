package dev.backtestgate.report;

import static dev.backtestgate.GateFixtures.CLOCK;
import static dev.backtestgate.GateFixtures.DAY;
import static dev.backtestgate.GateFixtures.data;
import static dev.backtestgate.GateFixtures.run;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GateFixtures;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.GateResult;
import dev.backtestgate.Mode;
import dev.backtestgate.review.Decision;
import dev.backtestgate.review.ReviewStore;
import dev.backtestgate.review.SignOff;
import dev.backtestgate.review.SignOffJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

/** The runs the report tests render, published into a throw-away repository layout. */
final class ReportScenarios {
  static final String GATE = "com.acme.ChurnBacktest#gbm";

  final ReviewStore store;
  final ReportFiles files;

  ReportScenarios(Path repo) {
    store = ReviewStore.directory(repo.resolve("leakage-reviews"));
    files = new ReportFiles(repo.resolve("target/backtest-gate"));
    try {
      Files.createDirectories(store.directory());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Lift within the limit, every feature known in time. */
  static BacktestRun passing(String gate) {
    return run(gate, data(1, 2_000, 1.0, 0.95)).build();
  }

  /** Lift far above the limit, every feature known in time. */
  static BacktestRun leaky(String gate) {
    return run(gate, data(7, 3_000, 1.8, 0.9)).build();
  }

  /** Lift within the limit, but 'status' recorded 37d 4h after the decision in every 40th row. */
  static BacktestRun lateStatus(String gate) {
    GateFixtures.Data d = data(1, 1_000, 1.0, 0.95);
    long[] status = d.decided().clone();
    for (int i = 0; i < status.length; i += 40) {
      status[i] += 37 * DAY + 4 * 3_600_000L;
    }
    return run(gate, d).feature("status", status).build();
  }

  PublishedGate publish(BacktestRun run, Mode mode) {
    return publish(run, mode, GatePolicy.defaults());
  }

  PublishedGate publish(BacktestRun run, Mode mode, GatePolicy policy) {
    GateResult result = BacktestGate.evaluate(run, policy, store, CLOCK);
    return Published.publish(run, result, mode, files, store);
  }

  /** Commits an approved, complete sign-off for what {@code failed} measured, waiving {@code waived}. */
  void approve(PublishedGate failed, List<SignOff.Waiver> waived) {
    SignOff p = PendingSignOffs.from(failed.result(), java.util.Optional.empty(), SignOff.Trials.NOT_RECORDED);
    SignOff approved = new SignOff(p.schema(), p.gate(), p.fingerprint(), p.reviewed(), Decision.APPROVED,
        "ana@acme.com", LocalDate.parse("2026-12-01"), LocalDate.parse("2027-03-01"),
        "New bureau features explain the lift; joins checked.", new SignOff.Checklist(true, true, true, true, true),
        waived);
    try {
      Files.writeString(store.locationOf(failed.result().gateId()), SignOffJson.write(approved));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
