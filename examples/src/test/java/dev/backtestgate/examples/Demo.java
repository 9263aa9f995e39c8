package dev.backtestgate.examples;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.junit.LeakageGateFailure;
import dev.backtestgate.tripwire.TripwireResult;
import dev.backtestgate.tripwire.TripwireText;
import dev.backtestgate.tripwire.trace.TraceText;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The demo ({@code mvn -B -ntp -Pdemo -DskipTests -pl examples -am verify}): runs the gated backtest
 * classes on the JUnit Platform with the same extension and configuration as the test run on CI, prints
 * what each gate said (the blocked ones with their full message), and where the reports are. Exits 0 when
 * the story came out as told (the backtests tagged {@value LeakyBackfillBacktest#TAG} blocked, the others
 * passing), 1 otherwise.
 *
 * <pre>{@code
 * java -Dbasedir=examples -cp <test classpath> dev.backtestgate.examples.Demo
 * }</pre>
 */
final class Demo {
  private static final List<Class<?>> BACKTESTS =
      List.of(LeakyBackfillBacktest.class, PointInTimeBacktest.class, ReviewedLiftBacktest.class,
          TrainingWindowBacktest.class, LeakyFeatureFunctionBacktest.class, FeatureFunctionBacktest.class,
          TargetEncodedBacktest.class, EmployerRateBacktest.class, EarlyCleanupBacktest.class,
          StatementTableBacktest.class, DeltaCleanupBacktest.class, FittedOnAllRowsBacktest.class,
          FittedOnTrainingRowsBacktest.class, ShiftedPaymentsBacktest.class, TrailingPaymentsBacktest.class,
          SparkMlLeakyBacktest.class, SparkMlBacktest.class);
  /** The gated test methods of those classes. */
  private static final int EXPECTED_GATES = 24;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final PrintStream out;

  private Demo(PrintStream out) {
    this.out = out;
  }

  public static void main(String[] args) {
    System.exit(new Demo(System.out).run());
  }

  private int run() {
    long started = System.nanoTime();
    CreditBacktests backtests = CreditBacktests.standard();
    describe(backtests, System.nanoTime() - started);
    Outcomes outcomes = new Outcomes(out);
    Launcher launcher = LauncherFactory.create();
    try {
      launcher.execute(LauncherDiscoveryRequestBuilder.request()
          .selectors(BACKTESTS.stream().map(c -> selectClass(c)).toList())
          .build(), outcomes);
    } finally {
      System.setOut(out);
    }
    List<Gate> gates = outcomes.gates();
    for (int i = 0; i < gates.size(); i++) {
      print(i + 1, gates.size(), gates.get(i));
    }
    TrialSearch.Outcome search = search(backtests);
    long shipping = System.nanoTime();
    List<Shipped> shipped = ship(gates);
    return summarize(gates, search, shipped, System.nanoTime() - shipping, System.nanoTime() - started);
  }

  /** Prints what the world is. */
  private void describe(CreditBacktests backtests, long nanos) {
    CreditWorld world = backtests.world();
    int rewritten = NormalizeStatusBackfill.rewrite(StatementTable.load(world), world, StatementTable.Stamping.SILENT);
    DecisionRows test = DecisionRows.test(world);
    out.println();
    out.println("backtest-gate demo: a credit portfolio, a status-code cleanup, and the leakage gate");
    out.println(fmt("  world     %,d accounts, %,d monthly statements, seed %d (built, with features and the "
        + "baseline, in %.1f s)", world.accounts().size(), world.statements().size(), world.spec().seed(),
        nanos / 1e9));
    out.println(fmt("  cleanup   \"normalize status codes\" on 2025-08-15 rewrites %,d statement rows in place; "
        + "append-only, the same cleanup is %,d correction events", rewritten, rewritten));
    out.println("  delta     the same cleanup on a real Delta table loaded monthly (target/delta-credit): as MERGE INTO "
        + "in place, and as appended corrections");
    out.println(fmt("  backtest  %,d credit-line reviews Oct 2024 - Mar 2025 (%,d defaults within 90 days), "
        + "baseline %s", test.size(), test.positives(), CreditBacktests.BASELINE));
    out.println(fmt("  spark ml  a StringIndexer + TargetEncoder + GBTClassifier pipeline refitted by the gate on Spark "
        + "(local[2]): %,d training and %,d test reviews sampled", SparkMlCredit.TRAINING_ROWS, SparkMlCredit.TEST_ROWS));
    out.println(fmt("  monthly   the payments pair: %,d revolving accounts reviewed every month (MonthlyReviews), "
        + "%,d test reviews Feb - Jul 2025", MonthlyReviews.ACCOUNTS, MonthlyReviews.size(false)));
  }

  private void print(int n, int total, Gate gate) {
    out.println();
    out.println(fmt("[%d/%d] %s  %s", n, total, gate.shortName(), gate.headline()));
    if (gate.blocked()) {
      gate.failure().getMessage().lines().forEach(line -> out.println("    " + line));
    } else if (gate.failure() != null) {
      gate.failure().printStackTrace(out);
    } else if (!gate.printed().isBlank()) {
      gate.printed().lines().forEach(line -> out.println("    " + line));
    } else if (gate.report() != null) {
      JsonNode c = gate.report().get("comparison");
      out.println(fmt("    AUC lift %+.3f (candidate %s %.3f vs baseline %s %.3f, 95%% CI %+.3f..%+.3f), limit %.3f",
          c.get("lift").asDouble(), c.get("candidate").asText(), c.get("candidateAuc").asDouble(),
          c.get("baseline").asText(), c.get("baselineAuc").asDouble(), c.get("liftCi").get(0).asDouble(),
          c.get("liftCi").get(1).asDouble(), gate.report().get("policy").get("maxLift").asDouble()));
    }
  }

  /** The trials story: a search of the scorecard's features on the same reviews, in a trials ledger of its own. */
  private TrialSearch.Outcome search(CreditBacktests backtests) {
    TrialSearch.Outcome o = TrialSearch.run(backtests, Path.of(System.getProperty("basedir", "."), "target",
        "trial-search"));
    out.println();
    out.println("[trials] TrialSearch, a loop of candidates on the same reviews (its own trials ledger, "
        + "target/trial-search)");
    TrialSearch.describe(o).forEach(line -> out.println("    " + line));
    return o;
  }

  /** A model that shipped, and what the tripwire said of it; {@code look} is null when its gate left no report. */
  private record Shipped(String name, boolean leaky, ShippedLook look) {
    boolean asTold() {
      return look != null && (leaky ? look.result() instanceof TripwireResult.Tripped
          : look.result() instanceof TripwireResult.Held);
    }
  }

  /**
   * Both Delta backtests' models ship, blocked or not (the story before the gate existed), and the tripwire holds
   * each to its report's claim on the six months of production after the backtest.
   */
  private List<Shipped> ship(List<Gate> gates) {
    out.println();
    out.println(fmt("Both Delta models ship. Production, simulated from the world as it really was: %,d decisions "
        + "Apr - Sep 2025 (%,d defaults within 90 days), each feature served as of its decision; the tripwire looks "
        + "on %s.", ProductionMonths.INSTANCE.size(), ProductionMonths.INSTANCE.positives(), ShippedLook.LOOK));
    List<Shipped> shipped = new ArrayList<>();
    DeltaCredit delta = DeltaCredit.tables();
    for (Gate gate : gates) {
      if (!gate.className().equals(DeltaCleanupBacktest.class.getName())) {
        continue;
      }
      boolean leaky = gate.method().equals("mergedInPlace");
      CreditBacktests backtests = leaky ? CreditBacktests.standard() : CreditBacktests.fromStatusLog(delta.statusLog());
      ShippedLook look = gate.report() == null || gate.report().get("claim") == null ? null
          : ShippedLook.of(gate.report(), backtests, leaky ? backtests.shipRewritten(delta.statementTable())
              : backtests.shipPointInTime());
      Shipped s = new Shipped(gate.shortName(), leaky, look);
      shipped.add(s);
      out.println();
      out.println("[shipped] " + s.name());
      if (look == null) {
        out.println("    its gate wrote no report with a claim");
        continue;
      }
      TripwireText.render(look.claim(), look.result()).lines().forEach(line -> out.println("    " + line));
      if (look.trace() != null) {
        TraceText.render(look.trace()).lines().forEach(line -> out.println("    " + line));
      }
    }
    return shipped;
  }

  private int summarize(List<Gate> gates, TrialSearch.Outcome search, List<Shipped> shipped, long shipNanos,
      long nanos) {
    out.println();
    out.println("Summary");
    // every test method of every class ran: none was skipped or lost on the way
    boolean asTold = gates.size() == EXPECTED_GATES;
    Path reports = null;
    for (Gate gate : gates) {
      // a leaky backtest is as told only when the gate blocked it: an error on the way (a check that could not
      // run, a missing dependency, a failed assertion of the test's own) is not a block, and counts as unexpected;
      // an honest one only when it passed with the gate's report recorded (a test that lost its @LeakageGated
      // passes without one)
      boolean expected = gate.leaky() ? gate.blocked() : gate.passed() && gate.report() != null;
      asTold &= expected;
      out.println(fmt("  %-22s %-62s %s", gate.headline(), gate.shortName(), expected ? "as expected" : "UNEXPECTED"));
      if (gate.reportFile() != null) {
        reports = gate.reportFile().getParent();
      }
    }
    boolean searched = TrialSearch.asTold(search);
    asTold &= searched;
    out.println(fmt("  %-22s %-62s %s", search.manyTrials(search.best()).isPresent() ? "BLOCKED: many-trials"
        : "NOT BLOCKED", "TrialSearch best of " + search.zs().size() + " (" + search.bestName() + ")",
        searched ? "as expected" : "UNEXPECTED"));
    out.println(fmt("  %-22s %-62s %s", search.better().verdict().name().replace('_', ' '), "TrialSearch "
        + search.better().comparison().candidate() + " after the search", searched ? "as expected" : "UNEXPECTED"));
    for (Shipped s : shipped) {
      asTold &= s.asTold();
      String said = s.look() == null ? "NO CLAIM" : s.look().result() instanceof TripwireResult.Tripped
          ? "tripwire TRIPPED" : s.look().result() instanceof TripwireResult.Held ? "tripwire held" : "not checked";
      out.println(fmt("  %-22s %-62s %s", said, "shipped " + s.name(), s.asTold() ? "as expected" : "UNEXPECTED"));
    }
    asTold &= shipped.size() == 2;
    if (reports != null) {
      out.println("Reports: " + reports.resolve("index.html") + " (one JSON and one HTML report per gate)");
    }
    out.println(fmt("Demo finished in %.1f s (the shipped models and their production months: %.1f s).", nanos / 1e9,
        shipNanos / 1e9));
    if (!asTold) {
      out.println("The story did not come out as told: a leaky backtest passed or ended in an error, an honest one "
          + "was blocked, the best of the trial search passed or the better model did not, or the tripwire did not trip on the leaky shipped model alone. "
          + "See above.");
      return 1;
    }
    return 0;
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  /** One gated test's outcome, and what it printed (the gate prints its text when a sign-off covers it). */
  private record Gate(String className, String method, boolean leaky, boolean passed, Throwable failure,
      Path reportFile, JsonNode report, String printed) {
    String shortName() {
      return className.substring(className.lastIndexOf('.') + 1) + "#" + method;
    }

    boolean blocked() {
      return !passed && failure instanceof LeakageGateFailure;
    }

    String headline() {
      if (!passed) {
        return blocked() ? "BLOCKED by the gate" : "ERROR";
      }
      return report != null && report.get("verdict").asText().equals("PASSED_WITH_SIGN_OFF")
          ? "PASSED with sign-off" : "PASSED";
    }
  }

  /**
   * Collects every test's result, report entries and printed output, in execution order. The tests run
   * one after the other, so each one's output is captured by swapping {@code System.out} around it.
   */
  private static final class Outcomes implements TestExecutionListener {
    private final PrintStream console;
    private final List<TestIdentifier> order = new ArrayList<>();
    private final Map<String, TestExecutionResult> results = new ConcurrentHashMap<>();
    private final Map<String, Path> reportFiles = new ConcurrentHashMap<>();
    private final Map<String, String> printed = new ConcurrentHashMap<>();
    private ByteArrayOutputStream capture;

    Outcomes(PrintStream console) {
      this.console = console;
    }

    @Override
    public void executionStarted(TestIdentifier test) {
      if (test.isTest()) {
        order.add(test);
        capture = new ByteArrayOutputStream();
        System.setOut(new PrintStream(capture, true, StandardCharsets.UTF_8));
      }
    }

    @Override
    public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
      String report = entry.getKeyValuePairs().get("backtestgate.report");
      if (report != null) {
        reportFiles.put(test.getUniqueId(), Path.of(report));
      }
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
      results.put(test.getUniqueId(), result);
      if (test.isTest()) {
        System.setOut(console);
        printed.put(test.getUniqueId(), capture.toString(StandardCharsets.UTF_8));
      }
    }

    List<Gate> gates() {
      List<Gate> gates = new ArrayList<>();
      for (TestIdentifier test : order) {
        MethodSource source = (MethodSource) test.getSource().orElseThrow();
        TestExecutionResult result = results.get(test.getUniqueId());
        Path file = reportFiles.get(test.getUniqueId());
        gates.add(new Gate(source.getClassName(), source.getMethodName(),
            test.getTags().stream().anyMatch(t -> t.getName().equals(LeakyBackfillBacktest.TAG)),
            result.getStatus() == TestExecutionResult.Status.SUCCESSFUL, result.getThrowable().orElse(null), file,
            file == null ? null : read(file), printed.getOrDefault(test.getUniqueId(), "")));
      }
      return gates;
    }

    private static JsonNode read(Path file) {
      try {
        return JSON.readTree(file.toFile());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the gate report " + file, e);
      }
    }
  }
}
