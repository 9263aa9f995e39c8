package dev.backtestgate.cli.workflow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The failing test classes in Surefire's XML reports of this build, for builds that run with
 * {@code -Dmaven.test.failure.ignore=true} to reach the check (and its SARIF): the check fails the build on them,
 * so ignoring failures to publish the SARIF never turns a red build green.
 *
 * <pre>{@code
 * List<String> failing = SurefireResults.failing(Path.of("target/surefire-reports"), buildStart);
 * }</pre>
 */
final class SurefireResults {
  private static final Pattern SUITE = Pattern.compile("<testsuite\\b[^>]*>");
  private static final Pattern FAILURES = Pattern.compile("\\bfailures=\"(\\d+)\"");
  private static final Pattern ERRORS = Pattern.compile("\\berrors=\"(\\d+)\"");
  private static final Pattern NAME = Pattern.compile("\\bname=\"([^\"]*)\"");
  private static final long MAX_BYTES = 64L << 20;

  private SurefireResults() {}

  /** One line per test class with failures or errors, from reports written since {@code since}. */
  static List<String> failing(Path reportsDir, Instant since) {
    if (!Files.isDirectory(reportsDir)) {
      return List.of();
    }
    Instant from = Instant.ofEpochSecond(since.getEpochSecond());
    List<String> failing = new ArrayList<>();
    try (Stream<Path> files = Files.list(reportsDir)) {
      for (Path file : files.filter(p -> p.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList()) {
        if (Files.getLastModifiedTime(file).toInstant().isBefore(from) || Files.size(file) > MAX_BYTES) {
          continue;
        }
        Matcher suite = SUITE.matcher(Files.readString(file, StandardCharsets.UTF_8));
        if (suite.find()) {
          String tag = suite.group();
          int failures = count(FAILURES, tag);
          int errors = count(ERRORS, tag);
          if (failures + errors > 0) {
            Matcher name = NAME.matcher(tag);
            failing.add((name.find() ? name.group(1) : file.getFileName().toString()) + ": " + failures
                + " failed, " + errors + " in error");
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read Surefire's reports in " + reportsDir + ": " + e.getMessage(), e);
    }
    return failing;
  }

  private static int count(Pattern attribute, String tag) {
    Matcher m = attribute.matcher(tag);
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }
}
