package dev.backtestgate.examples;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/**
 * Runs a gated backtest class through the EngineTestKit, exactly as Surefire would (tagged classes included), and
 * reads what each gated test ended with: its failure (or none) and the gate's JSON report.
 *
 * <pre>{@code
 * GatedRuns runs = GatedRuns.of(TrainingWindowBacktest.class);
 * runs.tests().assertStatistics(stats -> stats.started(2).failed(1));
 * GatedRuns.Outcome leaky = runs.outcome("trainedUpToTheTestPeriod");
 * }</pre>
 *
 * @param tests the test events, for statistics
 * @param outcomes each gated test method's outcome, by method name
 */
record GatedRuns(Events tests, Map<String, Outcome> outcomes) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Runs {@code backtest}; every finished test must have published a gate report. */
  static GatedRuns of(Class<?> backtest) {
    // the test kit reads no system property, so the ledger is passed: in target/, one per backtest class, as if
    // each example were its own project (the examples share their synthetic rows, so one ledger would count them all)
    String ledger = System.getProperty("backtestgate.ledger", "target/trials") + "/" + backtest.getSimpleName();
    EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
        .configurationParameter("backtestgate.ledger", ledger).selectors(selectClass(backtest)).execute();
    Map<String, Path> reports = new HashMap<>();
    for (Event event : results.allEvents().reportingEntryPublished().list()) {
      String report = event.getRequiredPayload(ReportEntry.class).getKeyValuePairs().get("backtestgate.report");
      if (report != null) {
        reports.put(method(event), Path.of(report));
      }
    }
    Map<String, Outcome> outcomes = new HashMap<>();
    for (Event event : results.testEvents().finished().list()) {
      Path report = reports.get(method(event));
      if (report == null) {
        throw new AssertionError(method(event) + " published no gate report");
      }
      Throwable failure = event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElse(null);
      try {
        outcomes.put(method(event), new Outcome(failure, JSON.readTree(report.toFile())));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return new GatedRuns(results.testEvents(), outcomes);
  }

  /** The outcome of the gated test method {@code method}. */
  Outcome outcome(String method) {
    Outcome outcome = outcomes.get(method);
    if (outcome == null) {
      throw new AssertionError("no gated test " + method + " ran; ran: " + outcomes.keySet());
    }
    return outcome;
  }

  /** The only gated test's outcome. */
  Outcome only() {
    if (outcomes.size() != 1) {
      throw new AssertionError("expected one gated test, ran: " + outcomes.keySet());
    }
    return outcomes.values().iterator().next();
  }

  private static String method(Event event) {
    return ((MethodSource) event.getTestDescriptor().getSource().orElseThrow()).getMethodName();
  }

  /**
   * What one gated test ended with.
   *
   * @param failure the test's failure, {@code null} when it passed
   * @param report the gate's JSON report
   */
  record Outcome(Throwable failure, JsonNode report) {
    /** The findings' kinds, in report order. */
    List<String> findingKinds() {
      List<String> kinds = new ArrayList<>();
      report.get("findings").forEach(f -> kinds.add(f.get("kind").asText()));
      return kinds;
    }

    /** The subjects of the findings of {@code kind}, in report order. */
    List<String> subjects(String kind) {
      List<String> subjects = new ArrayList<>();
      report.get("findings").forEach(f -> {
        if (f.get("kind").asText().equals(kind)) {
          subjects.add(f.get("subject").asText());
        }
      });
      return subjects;
    }

    /** The first finding of {@code kind}. */
    JsonNode finding(String kind) {
      for (JsonNode f : report.get("findings")) {
        if (f.get("kind").asText().equals(kind)) {
          return f;
        }
      }
      throw new AssertionError("no " + kind + " finding in " + report.get("findings"));
    }
  }
}
