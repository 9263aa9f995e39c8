package dev.backtestgate.junit;

import dev.backtestgate.BacktestGate;
import dev.backtestgate.BacktestRun;
import dev.backtestgate.GateEvidence;
import dev.backtestgate.GateResult;
import dev.backtestgate.GatePolicy;
import dev.backtestgate.Verdict;
import dev.backtestgate.internal.FileNames;
import dev.backtestgate.report.GateReporter;
import dev.backtestgate.report.GateWriters;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.report.ReportFiles;
import dev.backtestgate.review.ReviewStore;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Runs the leakage gate for {@link LeakageGated @LeakageGated} tests: before each test it resolves the
 * settings (failing on misconfiguration) and creates the {@link Backtest} recorder; it injects the
 * recorder; after the test method it evaluates the gate, writes the report, publishes report entries and
 * fails the test with the gate's text when the gate fails (a pass that rests on a sign-off prints the text,
 * naming the reviewer and the expiry date). A test that already failed or was aborted keeps
 * its own outcome. All per-test state lives in the extension store.
 */
final class LeakageGateExtension implements BeforeEachCallback, ParameterResolver, AfterTestExecutionCallback {
  /** Report entry keys. */
  static final String ENTRY_VERDICT = "backtestgate.verdict";
  static final String ENTRY_LIFT = "backtestgate.lift";
  static final String ENTRY_REPORT = "backtestgate.report";
  static final String ENTRY_HTML = "backtestgate.html";
  static final String ENTRY_PENDING = "backtestgate.pending";

  @Override
  public void beforeEach(ExtensionContext context) {
    RunEnvironment world = RunEnvironment.of(context);
    GatedTest test = GatedTest.of(context);
    GateSettings settings = GateSettings.resolve(context::getConfigurationParameter, test, world.baseDir());
    world.claim(test).ifPresent(first -> {
      String tests = first.test().equals(test.name()) ? "both " + test.name()
          : first.test() + " (first) and " + test.name() + " (second)";
      if (first.gateId().equals(test.gateId())) {
        throw new ExtensionConfigurationException("Two gated tests in this run share the gate id '" + test.gateId()
            + "': " + tests + ". They would share one sign-off file and overwrite each other's report and pending "
            + "sign-off, so the second is refused before it runs; the first's report stands. Give each its own "
            + "@LeakageGated(id = \"...\").");
      }
      throw new ExtensionConfigurationException("Gate ids '" + first.gateId() + "' and '" + test.gateId() + "' map "
          + "to one file name, " + FileNames.of(test.gateId()) + " (file names that differ only in case are one file "
          + "on macOS and Windows): " + tests + ". They would share one sign-off file and overwrite each other's "
          + "report, so the second is refused before it runs. Give one of them another @LeakageGated(id = \"...\").");
    });
    // across JVMs (Surefire forks) the report directory is all the tests share: the marker beside the report
    ReportFiles files = new ReportFiles(settings.reportDir());
    GateWriters.claim(files, ReviewStore.directory(settings.reviewDir()),
        new GateWriters.Writer(test.gateId(), test.name(), context.getUniqueId())).ifPresent(first -> {
          throw secondWriter(first, test, context.getUniqueId(), files);
        });
    // the one place the mode is decided: auto becomes verify on CI, local elsewhere
    GatePolicy policy = settings.policy().withMode(settings.policy().mode().resolve(world.environment()));
    store(context).put(State.class, new State(test, settings, new Backtest(test.gateId(), policy), world));
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Backtest.class;
  }

  @Override
  public Backtest resolveParameter(ParameterContext parameter, ExtensionContext context) {
    State state = context.getTestMethod().isPresent() ? store(context).get(State.class, State.class) : null;
    if (state == null) {
      throw new ParameterResolutionException("A Backtest can only be injected into a @LeakageGated test method "
          + "(or its @BeforeEach methods), not into " + parameter.getDeclaringExecutable() + ": record the "
          + "backtest inside the test method.");
    }
    return state.backtest();
  }

  @Override
  public void afterTestExecution(ExtensionContext context) {
    if (context.getExecutionException().isPresent()) {
      return;
    }
    State state = store(context).get(State.class, State.class);
    if (state == null) {
      throw new ExtensionConfigurationException("The leakage gate has no state for " + context.getUniqueId()
          + ": its before-each step did not run. Report this as a bug of backtest-gate.");
    }
    if (!state.backtest().recordedAnything()) {
      throw new LeakageGateFailure(state.test().gateId(), nothingRecorded(context, state.test()));
    }
    GateSettings settings = state.settings();
    RunEnvironment world = state.world();
    ReviewStore reviews = ReviewStore.directory(settings.reviewDir());
    ReportFiles files = new ReportFiles(settings.reportDir());
    GatePolicy policy = state.backtest().policy();
    Optional<GateEvidence> evidence = state.backtest().recordedEvidence();
    PublishedGate published;
    if (evidence.isPresent()) {
      GateEvidence e = evidence.get();
      requireEvidenceAlone(state.backtest(), e);
      published = GateReporter.publish(e, BacktestGate.evaluate(e, policy, reviews, world.clock()), files, reviews);
    } else {
      BacktestRun run = state.backtest().toRun();
      published = GateReporter.publish(run, BacktestGate.evaluate(run, policy, reviews, world.clock()), files,
          reviews);
    }
    GateResult result = published.result();
    System.out.println(VerdictLine.of(result)); // reaches Surefire's XML report, which drops report entries
    context.publishReportEntry(entries(published));
    HtmlAttachment.attach(context, published.htmlFile());
    if (!result.verdict().passed()) {
      throw new LeakageGateFailure(result.gateId(), published.text()
          + "The report with both ROC curves and the lift interval: " + published.htmlFile() + "\n");
    }
    if (result.verdict() == Verdict.PASSED_WITH_SIGN_OFF) {
      // who vouched for this result, and until when, belongs in the build log
      System.out.print(published.text());
    }
  }

  /** The refusal of a test whose gate another test of this build claimed first, in another test run. */
  private static ExtensionConfigurationException secondWriter(GateWriters.Writer first, GatedTest test,
      String uniqueId, ReportFiles files) {
    String which = first.gateId().equals(test.gateId()) ? "share the gate id '" + test.gateId() + "'"
        : "have gate ids '" + first.gateId() + "' and '" + test.gateId() + "', which map to one file name, "
            + FileNames.of(test.gateId());
    String tests = first.test().equals(test.name())
        ? "both " + test.name() + " (" + first.uniqueId() + " first, " + uniqueId + " second)"
        : first.test() + " (first) and " + test.name() + " (second)";
    return new ExtensionConfigurationException("Two gated tests of this build " + which + ": " + tests
        + ". The first claimed " + files.report(first.gateId()) + " earlier in this build, in another test run "
        + "(another Surefire fork, JVM or class loader); the second would overwrite that report and its pending "
        + "sign-off, so it is refused before it runs. Give each its own @LeakageGated(id = \"...\").");
  }

  /** Evidence is judged alone, under the test's own gate id. */
  private static void requireEvidenceAlone(Backtest backtest, GateEvidence evidence) {
    if (backtest.recordedRows()) {
      throw new LeakageGateFailure(backtest.gateId(), "@LeakageGated test " + backtest.gateId() + " recorded both "
          + "rows (labels, scores, features, ...) and precomputed evidence. The gate judges one or the other, never "
          + "a mix: record the rows, or compute everything into the evidence.");
    }
    if (!evidence.gateId().equals(backtest.gateId())) {
      throw new LeakageGateFailure(backtest.gateId(), "@LeakageGated test " + backtest.gateId() + " recorded "
          + "evidence computed for gate '" + evidence.gateId() + "'. Its sign-off and report would belong to "
          + "another test: compute the evidence with .gate(backtest.gateId()).");
    }
  }

  private static Map<String, String> entries(PublishedGate published) {
    GateResult result = published.result();
    Map<String, String> entries = new LinkedHashMap<>();
    entries.put(ENTRY_VERDICT, result.verdict().name());
    entries.put(ENTRY_LIFT, result.comparison() == null ? "unknown"
        : String.format(Locale.ROOT, "%+.4f", result.comparison().lift()));
    entries.put(ENTRY_REPORT, published.reportFile().toString());
    entries.put(ENTRY_HTML, published.htmlFile().toString());
    if (published.pendingWritten()) {
      entries.put(ENTRY_PENDING, published.pendingFile().toString());
    }
    return entries;
  }

  private static String nothingRecorded(ExtensionContext context, GatedTest test) {
    boolean hasParameter = Arrays.asList(context.getRequiredTestMethod().getParameterTypes()).contains(Backtest.class);
    return "@LeakageGated test " + test.gateId() + " recorded nothing: record labels, candidate and baseline "
        + "scores, decision times and features into its Backtest parameter"
        + (hasParameter ? "." : " (it has none: declare one, e.g. void " + context.getRequiredTestMethod().getName()
            + "(Backtest backtest)).")
        + " The gate cannot vouch for a backtest it has not seen.";
  }

  private static ExtensionContext.Store store(ExtensionContext context) {
    return context.getStore(ExtensionContext.Namespace.create(LeakageGateExtension.class, context.getUniqueId()));
  }

  /** What the extension keeps for one test. */
  private record State(GatedTest test, GateSettings settings, Backtest backtest, RunEnvironment world) {}
}
