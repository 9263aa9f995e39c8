package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How Surefire runs a module's tests, as far as it decides which gated tests run: its effective version, its
 * includes and excludes, and a {@code -Dtest} filter.
 *
 * <pre>{@code
 * SurefireSetup s = new SurefireSetup("2.12.4", List.of(), List.of(), null);
 * s.runsJUnitPlatform();                        // false: 2.22.0 is the first that runs JUnit 5 tests
 * s.selects("com/acme/ChurnBacktest");          // false: the default includes end in Test, Tests, TestCase
 * }</pre>
 *
 * @param version the effective version, {@code null} when Surefire is not in the build
 * @param includes configured include patterns, empty for Surefire's defaults
 * @param excludes configured exclude patterns, empty for Surefire's default
 * @param testFilter the {@code test} parameter ({@code -Dtest=...}), or {@code null}
 */
@API(status = INTERNAL, since = "0.1")
public record SurefireSetup(String version, List<String> includes, List<String> excludes, String testFilter)
    implements TestSelection {
  /** Surefire's includes when none are configured. */
  static final List<String> DEFAULT_INCLUDES = List.of("**/Test*.java", "**/*Test.java", "**/*Tests.java",
      "**/*TestCase.java");
  /** Surefire's excludes when none are configured: nested classes run through their enclosing class. */
  static final List<String> DEFAULT_EXCLUDES = List.of("**/*$*");

  public SurefireSetup {
    includes = List.copyOf(includes);
    excludes = List.copyOf(excludes);
  }

  /** Whether this Surefire runs JUnit Platform (JUnit 5) tests: 2.22.0 or later. */
  boolean runsJUnitPlatform() {
    return version != null && compare(version, "2.22.0") >= 0;
  }

  /** The includes in force. */
  List<String> effectiveIncludes() {
    return includes.isEmpty() ? DEFAULT_INCLUDES : includes;
  }

  /** Whether the includes and excludes select a top-level test class ({@code a/b/C}); unknown patterns match. */
  boolean selects(String classInternalName) {
    boolean included = effectiveIncludes().stream().anyMatch(p -> matches(p, classInternalName, true));
    List<String> effectiveExcludes = excludes.isEmpty() ? DEFAULT_EXCLUDES : excludes;
    boolean excluded = effectiveExcludes.stream().anyMatch(p -> matches(p, classInternalName, false));
    return included && !excluded;
  }

  /**
   * Whether an Ant-style Surefire pattern ({@code **}{@code /*Test.java}) matches a class; patterns this check
   * cannot judge ({@code %regex[...]}, method filters) count as {@code unknownMatches}.
   */
  static boolean matches(String pattern, String classInternalName, boolean unknownMatches) {
    String p = pattern.trim();
    if (p.isEmpty() || p.startsWith("%regex[") || p.contains("#") || p.contains(",")) {
      return unknownMatches;
    }
    p = p.replace('\\', '/').replace('.', '/');
    // "com/acme/Foo/java" (dots became slashes): drop the suffix
    for (String suffix : List.of("/java", "/class")) {
      if (p.endsWith(suffix)) {
        p = p.substring(0, p.length() - suffix.length());
      }
    }
    if (!p.contains("/")) {
      p = "**/" + p;
    }
    return glob(p).matcher(classInternalName).matches();
  }

  private static Pattern glob(String pattern) {
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '*' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '*') {
        boolean slash = i + 2 < pattern.length() && pattern.charAt(i + 2) == '/';
        regex.append(slash ? "(?:.*/)?" : ".*");
        i += slash ? 2 : 1;
      } else if (c == '*') {
        regex.append("[^/]*");
      } else if (c == '?') {
        regex.append("[^/]");
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(regex.toString());
  }

  /** Compares dotted versions numerically ({@code 2.9} before {@code 2.12.4}); qualifiers count as zero. */
  static int compare(String a, String b) {
    List<Integer> x = numbers(a);
    List<Integer> y = numbers(b);
    for (int i = 0; i < Math.max(x.size(), y.size()); i++) {
      int c = Integer.compare(i < x.size() ? x.get(i) : 0, i < y.size() ? y.get(i) : 0);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static List<Integer> numbers(String version) {
    List<Integer> parts = new ArrayList<>();
    for (String part : version.split("[.-]")) {
      if (!part.matches("\\d{1,9}")) {
        break;
      }
      parts.add(Integer.parseInt(part));
    }
    return parts;
  }

  @Override
  public BuildCheck.Cause cause(GatedMethod test) {
    if (version() == null) {
      return BuildCheck.Cause.NO_SUREFIRE;
    }
    if (!runsJUnitPlatform()) {
      return BuildCheck.Cause.OLD_SUREFIRE;
    }
    if (testFilter() != null && !testFilter().isBlank()) {
      return BuildCheck.Cause.TEST_FILTER;
    }
    if (!selects(test.topLevelClass())) {
      return BuildCheck.Cause.INCLUDES;
    }
    return BuildCheck.Cause.NO_REPORT;
  }
  @Override
  public String explain(BuildCheck.Cause cause, List<BuildCheck.Missing> tests, java.nio.file.Path reportDir) {
    return CheckMessages.explain(cause, tests, this, reportDir);
  }

  @Override
  public String turnOff() {
    return "-D" + CheckMessages.SKIP_PROPERTY + "=true turns this check off (it prints a warning)";
  }
}
