package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.Versions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * docs/cli.md's sbt recipe and the sample project src/it/sbt it is: the files the page shows, the check command it
 * prints, and the JUnit versions of this build, which the recipe pins.
 *
 * <pre>{@code
 * Map<String, String> shown = SbtRecipe.files();   // "build.sbt" -> its text as the page shows it
 * }</pre>
 */
final class SbtRecipe {
  static final Path SAMPLE = SampleProjects.MODULE_DIR.resolve("src/it/sbt");
  private static final Path ROOT = SampleProjects.MODULE_DIR.getParent();
  /** The junit-jupiter-api that backtest-gate-junit brings (the build's {@code junit.version}). */
  static final String JUNIT = property("junit.version");
  /** The JUnit Platform of that api (the build's {@code junit-platform.version}). */
  static final String PLATFORM = property("junit-platform.version");
  private static final Pattern FILE = Pattern.compile("(?m)^`([^`]+)`[^\\n]*:\\n\\n```[a-z]*\\n(.*?)```",
      Pattern.DOTALL);
  private static final String CHECK = "java -jar backtest-gate.jar check ";

  private SbtRecipe() {}

  /** The sample's file as the page shows it: this build's version where the sample has {@code @project.version@}. */
  static String filled(String text) {
    return text.replace("@project.version@", Versions.PLUGIN);
  }

  /** The files the page's sbt section shows, by path, in order. */
  static Map<String, String> files() {
    Map<String, String> files = new LinkedHashMap<>();
    Matcher m = FILE.matcher(section());
    while (m.find()) {
      files.put(m.group(1), m.group(2));
    }
    return files;
  }

  /** The arguments of the check the page's sbt section prints, after {@code java -jar backtest-gate.jar}. */
  static List<String> checkArguments() {
    String section = section();
    int start = section.indexOf(CHECK);
    if (start < 0) {
      throw new IllegalStateException("docs/cli.md's sbt section prints no '" + CHECK + "...' line");
    }
    String line = section.substring(start + "java -jar backtest-gate.jar ".length(), section.indexOf('\n', start));
    return Arrays.asList(line.trim().split(" +"));
  }

  /** From the heading {@code ### sbt} to the next heading of that level. */
  static String section() {
    String page = read(ROOT.resolve("docs/cli.md"));
    Matcher heading = Pattern.compile("(?m)^### sbt\\b.*$").matcher(page);
    if (!heading.find()) {
      throw new IllegalStateException("docs/cli.md has no '### sbt' section");
    }
    int end = page.indexOf("\n### ", heading.end());
    return page.substring(heading.start(), end < 0 ? page.length() : end);
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String property(String name) {
    Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(read(ROOT.resolve("pom.xml")));
    if (!m.find()) {
      throw new IllegalStateException(name + " is not in the root pom");
    }
    return m.group(1);
  }
}
