package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apiguardian.api.API;

/**
 * The test results a build tool wrote as JUnit XML ({@code TEST-*.xml}: Surefire, Gradle, sbt, the JUnit Platform
 * Console Launcher's {@code --reports-dir}), read to explain a gated test that left no report: its class never ran
 * (the run's filter left it out), it was skipped, it failed before the gate judged it, or it passed and its report
 * went elsewhere.
 *
 * <pre>{@code
 * JUnitXmlResults results = JUnitXmlResults.read(Path.of("build/test-results/test"));
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class JUnitXmlResults implements TestSelection {
  /** A test case's outcome. */
  enum Status { PASSED, SKIPPED, FAILED }

  private static final long MAX_BYTES = 256L << 20;

  private final Path dir;
  private final int files;
  private final Instant runStart;
  /** Test class name to its test cases' names and outcomes. */
  private final Map<String, Map<String, Status>> byClass;

  private JUnitXmlResults(Path dir, int files, Instant runStart, Map<String, Map<String, Status>> byClass) {
    this.dir = dir;
    this.files = files;
    this.runStart = runStart;
    this.byClass = byClass;
  }

  /**
   * Reads every {@code *.xml} file under {@code dir} (and its subdirectories) that holds JUnit XML.
   *
   * @throws CannotCheck when {@code dir} is missing, holds no JUnit XML, or a file cannot be read: without the results
   *     the check cannot tell a test that did not run from one that ran
   */
  public static JUnitXmlResults read(Path dir) throws CannotCheck {
    if (!Files.isDirectory(dir)) {
      throw new CannotCheck("The JUnit XML results directory " + dir + " does not exist.",
          "Pass the directory your build's test task writes TEST-*.xml to (Gradle: build/test-results/test; sbt: "
              + "target/test-reports; Maven: target/surefire-reports; the Console Launcher: its --reports-dir).");
    }
    Map<String, Map<String, Status>> byClass = new HashMap<>();
    int read = 0;
    Instant[] start = {null};
    List<Path> xml;
    try (Stream<Path> walk = Files.walk(dir, 4)) {
      xml = walk.filter(p -> p.getFileName().toString().endsWith(".xml") && Files.isRegularFile(p)).sorted().toList();
    } catch (IOException e) {
      throw new CannotCheck("Cannot list " + dir + ": " + e.getMessage() + ".", "Check the directory's permissions.");
    }
    XMLInputFactory factory = XMLInputFactory.newDefaultFactory();   // the JDK's, never one a jar on the class path registers
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    for (Path file : xml) {
      try {
        if (Files.size(file) > MAX_BYTES) {
          throw new CannotCheck(file + " is larger than " + (MAX_BYTES >> 20) + " MiB: not a test result.",
              "Point the check at the directory of the test results alone.");
        }
        if (readOne(factory, file, byClass, start)) {
          read++;
        }
      } catch (IOException e) {
        throw new CannotCheck("Cannot read " + file + ": " + e.getMessage() + ".",
            "Check the file's permissions, or run the tests again to write it.");
      } catch (XMLStreamException e) {
        throw new CannotCheck(file + " is not well-formed XML (" + e.getMessage().lines().reduce((a, b) -> b)
            .orElse("") + ").", "Run the tests again: a test run that was killed can leave a truncated file.");
      }
    }
    if (read == 0) {
      throw new CannotCheck("No JUnit XML test results under " + dir + " (no file with a <testsuite> or "
          + "<testsuites> root).", "Run the tests first, with XML reports on (the Console Launcher: --reports-dir; "
          + "Gradle and sbt write them by default), and pass their directory.");
    }
    return new JUnitXmlResults(dir, read, start[0], byClass);
  }

  private static boolean readOne(XMLInputFactory factory, Path file, Map<String, Map<String, Status>> byClass,
      Instant[] start) throws IOException, XMLStreamException {
    try (InputStream in = Files.newInputStream(file)) {
      XMLStreamReader xml = factory.createXMLStreamReader(in);
      try {
        boolean root = true;
        String testClass = null;
        String testName = null;
        Status status = null;
        while (xml.hasNext()) {
          if (xml.next() == XMLStreamConstants.START_ELEMENT) {
            String element = xml.getLocalName();
            if (root) {
              if (!element.equals("testsuite") && !element.equals("testsuites")) {
                return false;
              }
              root = false;
            }
            switch (element) {
              case "testsuite" -> {
                Instant began = began(file, xml.getAttributeValue(null, "timestamp"), xml.getAttributeValue(null, "time"));
                start[0] = start[0] == null || began.isBefore(start[0]) ? began : start[0];
              }
              case "testcase" -> {
                record(byClass, testClass, testName, status);
                testClass = xml.getAttributeValue(null, "classname");
                testName = xml.getAttributeValue(null, "name");
                status = Status.PASSED;
              }
              case "skipped" -> status = testName == null ? status : worse(status, Status.SKIPPED);
              case "failure", "error" -> status = testName == null ? status : Status.FAILED;
              default -> { }
            }
          }
        }
        record(byClass, testClass, testName, status);
        return !root;
      } finally {
        xml.close();
      }
    }
  }

  /**
   * When a suite began: its {@code timestamp} (local time, as Surefire, Gradle and the Console Launcher write it),
   * else the file's time less the suite's {@code time}.
   */
  private static Instant began(Path file, String timestamp, String seconds) throws IOException {
    if (timestamp != null) {
      try {
        return LocalDateTime.parse(timestamp.endsWith("Z") ? timestamp.substring(0, timestamp.length() - 1)
            : timestamp).atZone(timestamp.endsWith("Z") ? ZoneOffset.UTC : ZoneId.systemDefault()).toInstant();
      } catch (DateTimeParseException e) {
        // an offset or another shape: the file's time below
      }
    }
    double took = 0;
    try {
      took = seconds == null ? 0 : Double.parseDouble(seconds.replace(",", ""));
    } catch (NumberFormatException e) {
      took = 0;
    }
    return Files.getLastModifiedTime(file).toInstant().minusMillis((long) Math.ceil(took * 1000));
  }

  private static Status worse(Status a, Status b) {
    return a == Status.FAILED ? a : b;
  }

  private static void record(Map<String, Map<String, Status>> byClass, String testClass, String name, Status status) {
    if (testClass != null && name != null) {
      byClass.computeIfAbsent(testClass, c -> new HashMap<>()).merge(name, status,
          (a, b) -> a == Status.FAILED || b == Status.FAILED ? Status.FAILED : a == Status.PASSED ? a : b);
    }
  }

  /** When the earliest test suite of the results began: reports written before it are from another run. */
  public Instant runStart() {
    return runStart;
  }

  /** How many JUnit XML files were read. */
  public int files() {
    return files;
  }

  @Override
  public BuildCheck.Cause cause(GatedMethod test) {
    String className = test.name().substring(0, test.name().indexOf('#'));
    String method = test.name().substring(test.name().indexOf('#') + 1);
    Map<String, Status> cases = byClass.get(className);
    if (cases == null) {
      cases = byClass.get(className.replace('$', '.'));
    }
    if (cases == null) {
      return BuildCheck.Cause.NOT_RUN;
    }
    Status status = null;
    for (Map.Entry<String, Status> c : cases.entrySet()) {
      String name = c.getKey();
      if (name.equals(method) || name.startsWith(method + "(") || name.startsWith(method + " ")) {
        status = status == null ? c.getValue() : status == Status.FAILED ? status : c.getValue();
      }
    }
    if (status == null) {
      // its class ran, the case is not named by its method (a display name): the class's worst outcome
      status = cases.containsValue(Status.FAILED) ? Status.FAILED
          : cases.containsValue(Status.PASSED) ? Status.PASSED : Status.SKIPPED;
    }
    return switch (status) {
      case PASSED -> BuildCheck.Cause.PASSED_WITHOUT_REPORT;
      case SKIPPED -> BuildCheck.Cause.SKIPPED;
      case FAILED -> BuildCheck.Cause.FAILED;
    };
  }

  @Override
  public String explain(BuildCheck.Cause cause, List<BuildCheck.Missing> tests, Path reportDir) {
    String these = tests.size() == 1 ? "this test" : "these tests";
    List<String> classes = new ArrayList<>();
    tests.forEach(m -> {
      String c = m.test().name().substring(0, m.test().name().indexOf('#'));
      if (!classes.contains(c)) {
        classes.add(c);
      }
    });
    return switch (cause) {
      case NOT_RUN -> "Likely cause: the test results under " + dir + " name no test of " + String.join(", ", classes)
          + ": the run's filter left " + (classes.size() == 1 ? "the class" : "the classes") + " out (the Console "
          + "Launcher's --select-*/--include-classname, Gradle's test filter or --tests, sbt's testOnly), or the "
          + "results are of another run.\n"
          + "Fix: run the whole test task (for the Console Launcher, --include-classname '.*' or a pattern that "
          + "matches " + String.join(", ", classes) + "), then check again.";
      case SKIPPED -> "Likely cause: the test results list " + these + " as skipped (@Disabled on a class the scan "
          + "could not see, an assumption that failed, a condition such as @EnabledOnOs).\n"
          + "Fix: make the backtest run in this build; a gated backtest that is skipped checked nothing.";
      case FAILED -> "Likely cause: the test results list " + these + " as failed before the gate judged it (an "
          + "exception while loading data or training).\n"
          + "Fix: read the failure in the test results under " + dir + " and fix it; the gate judges only a run "
          + "that reaches it.";
      case PASSED_WITHOUT_REPORT -> "Likely cause: the test results list " + these + " as run, yet no report "
          + "written in this run under " + reportDir + " names " + (tests.size() == 1 ? "it" : "them") + ": the "
          + "tests write their reports to another directory (backtestgate.report-dir), or the reports are older "
          + "than --since.\n"
          + "Fix: pass the directory the tests write to with --reports (the tests' backtestgate.report-dir).";
      default -> throw new IllegalArgumentException(cause + " is Surefire's cause, not the test results'");
    };
  }

  @Override
  public String turnOff() {
    return "leave the check out of this build step; it is the only guard that they ran";
  }
}
