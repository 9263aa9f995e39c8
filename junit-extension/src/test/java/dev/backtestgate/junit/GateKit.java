package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.backtestgate.report.ReportFiles;
import dev.backtestgate.review.ReviewStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.OutputDirectoryCreator;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.reporting.FileEntry;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * A small test kit over {@link EngineTestKit}: runs real fixture classes through the Jupiter engine with
 * the gate's directories under a temporary folder, the mode set explicitly (never taken from the CI
 * environment) and the clock fixed at {@link FixedClock#NOW} (never the wall clock), and reads back what the
 * gate wrote.
 *
 * <pre>{@code
 * GateKit kit = new GateKit(tempDir).with(BacktestGateConfig.MODE, "verify");
 * Throwable failure = kit.run(LeakyTestCases.class, "gbm").onlyFailure();
 * }</pre>
 */
final class GateKit {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Path reviewDir;
  private final ReportFiles reports;
  private final Map<String, String> configuration = new LinkedHashMap<>();
  private final Path attachments;

  GateKit(Path root) {
    this.attachments = root.resolve("attachments");
    this.reviewDir = root.resolve("leakage-reviews").toAbsolutePath();
    this.reports = new ReportFiles(root.resolve("reports"));
    configuration.put(BacktestGateConfig.REVIEW_DIR, reviewDir.toString());
    configuration.put(BacktestGateConfig.REPORT_DIR, reports.directory().toString());
    configuration.put(BacktestGateConfig.MODE, "local");
    configuration.put("backtestgate.ledger", root.resolve("trials").toAbsolutePath().toString());   // never the module's
    // registers FixedClock (META-INF/services in the test sources): the gate's now is FixedClock.NOW
    configuration.put("junit.jupiter.extensions.autodetection.enabled", "true");
  }

  /** Sets a configuration parameter for the following runs. */
  GateKit with(String key, String value) {
    configuration.put(key, value);
    return this;
  }

  /** Runs every test of {@code fixture}. */
  Outcome run(Class<?> fixture) {
    return execute(selectClass(fixture));
  }

  /** Runs every test of {@code fixtures} in one engine run (one test run, as one Surefire fork sees it). */
  Outcome runAll(Class<?>... fixtures) {
    return execute(Arrays.stream(fixtures).map(DiscoverySelectors::selectClass).toArray(DiscoverySelector[]::new));
  }

  /** Runs the one method of {@code fixture} named {@code method}. */
  Outcome run(Class<?> fixture, String method) {
    List<Method> matching = Arrays.stream(fixture.getDeclaredMethods()).filter(m -> m.getName().equals(method)).toList();
    assertThat(matching).as("fixture methods named %s in %s", method, fixture).hasSize(1);
    return execute(selectMethod(fixture, matching.get(0)));
  }

  private Outcome execute(DiscoverySelector... selectors) {
    EngineTestKit.Builder builder = EngineTestKit.engine("junit-jupiter").configurationParameters(configuration);
    if (ATTACHES_FILES) {
      Attachments.install(builder, attachments);
    }
    return new Outcome(builder.selectors(selectors).execute());
  }

  /**
   * Whether the running JUnit attaches files to tests ({@code publishFile}, an output directory for the test kit: 5.14
   * and 6.x). The suite also runs on JUnit 5.10 (the {@code junit510} profile), where the extension says instead
   * that it could not attach the page.
   */
  static final boolean ATTACHES_FILES = Arrays.stream(EngineTestKit.Builder.class.getMethods())
      .anyMatch(m -> m.getName().equals("outputDirectoryCreator"));

  Path reviewDir() {
    return reviewDir;
  }

  Path reportDir() {
    return reports.directory();
  }

  /** Where the JSON report of {@code gateId} is written. */
  Path report(String gateId) {
    return reports.report(gateId);
  }

  /** Where the HTML report of {@code gateId} is written. */
  Path html(String gateId) {
    return reports.html(gateId);
  }

  /** Where the pending sign-off of {@code gateId} is written in local mode. */
  Path pending(String gateId) {
    return reports.pending(gateId);
  }

  /**
   * Makes the report directory look as the next {@code mvn verify} (no clean) finds it: the build ledger and the
   * writer markers of an earlier build. Runs of this kit are otherwise one build (one JVM), in which two different
   * tests writing one gate id are refused.
   */
  void nextBuild() {
    String earlier = "1@2026-01-01T00:00:00Z";
    try (java.util.stream.Stream<Path> files = Files.list(reportDir())) {
      for (Path file : (Iterable<Path>) files::iterator) {
        String name = file.getFileName().toString();
        if (name.equals(".build")) {
          String text = read(file);
          Files.writeString(file, "build " + earlier + text.substring(text.indexOf('\n')));
        } else if (name.endsWith(".writer")) {
          com.fasterxml.jackson.databind.node.ObjectNode marker =
              (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(read(file));
          Files.writeString(file, JSON.writeValueAsString(marker.put("build", earlier)));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Where the committed leakage review of {@code gateId} is read from. */
  Path review(String gateId) {
    return ReviewStore.directory(reviewDir).locationOf(gateId);
  }

  /** The JSON report of {@code gateId}, parsed. */
  JsonNode reportJson(String gateId) {
    try {
      return JSON.readTree(read(report(gateId)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What one engine run produced. */
  record Outcome(EngineExecutionResults results) {
    /** Asserts that exactly one test finished, failed, and returns why. */
    Throwable onlyFailure() {
      results.testEvents().assertStatistics(stats -> stats.finished(1).failed(1));
      return throwable(results.testEvents().failed().list().get(0));
    }

    /** Asserts that {@code count} tests ran and all succeeded. */
    Outcome assertPassed(int count) {
      results.testEvents().assertStatistics(stats -> stats.started(count).succeeded(count).failed(0).aborted(0));
      return this;
    }

    /** Every failure, in the order the tests finished. */
    List<Throwable> failures() {
      return results.testEvents().failed().stream().map(Outcome::throwable).toList();
    }

    /** The gate's report entries of every test, in publication order (not the note that no page was attached). */
    List<Map<String, String>> entries() {
      return allEntries().stream().filter(e -> !e.containsKey(HtmlAttachment.ENTRY_NOT_ATTACHED)).toList();
    }

    /** The notes that the HTML page could not be attached (a JUnit without {@code publishFile}). */
    List<Map<String, String>> notAttached() {
      return allEntries().stream().filter(e -> e.containsKey(HtmlAttachment.ENTRY_NOT_ATTACHED)).toList();
    }

    private List<Map<String, String>> allEntries() {
      return results.allEvents().reportingEntryPublished().stream()
          .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
          .toList();
    }

    /**
     * The files attached to tests with {@code publishFile}. Read into {@link Attached}, so that test classes never name
     * JUnit 5.12's {@code FileEntry}: the suite also runs on 5.10, where discovering a class with that type in a
     * method signature (a lambda's too) fails.
     */
    List<Attached> files() {
      return results.allEvents().fileEntryPublished().stream()
          .map(e -> {
            FileEntry file = e.getRequiredPayload(FileEntry.class);
            return new Attached(file.getPath(), file.getMediaType().orElse(""));
          })
          .toList();
    }

    /** The report entries of the only test that published any. */
    Map<String, String> onlyEntries() {
      assertThat(entries()).hasSize(1);
      return entries().get(0);
    }

    private static Throwable throwable(Event event) {
      return event.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow();
    }
  }

  /**
   * A file attached to a test.
   *
   * @param path where it is
   * @param mediaType its media type, empty when none was given
   */
  record Attached(Path path, String mediaType) {}

  /**
   * Gives every test its own folder for files attached with {@code publishFile}. Loaded only on a JUnit that has the
   * interface ({@link #ATTACHES_FILES}).
   */
  private record Attachments(Path root) implements OutputDirectoryCreator {
    static void install(EngineTestKit.Builder builder, Path root) {
      builder.outputDirectoryCreator(new Attachments(root));
    }

    @Override
    public Path getRootDirectory() {
      return root;
    }

    @Override
    public Path createOutputDirectory(TestDescriptor test) throws IOException {
      String id = UUID.nameUUIDFromBytes(test.getUniqueId().toString().getBytes(StandardCharsets.UTF_8)).toString();
      return Files.createDirectories(root.resolve(id));
    }
  }
}
