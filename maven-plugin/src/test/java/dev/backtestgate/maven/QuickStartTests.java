package dev.backtestgate.maven;

import dev.backtestgate.cli.workflow.GatedRunCheck;
import dev.backtestgate.cli.workflow.Versions;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's Quick start is a whole {@code pom.xml}, and it is exactly the sample project
 * {@code src/it/check-documented-setup} that the build runs (on the Maven that runs the build, and on Maven 3.9 with
 * {@code -Pmaven39}): the sample's versions are the build's, filled in where the README names them.
 */
class QuickStartTests {
  private static final Path MODULE = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
  private static final Path REPOSITORY = MODULE.getParent();

  @Test
  void theReadmesQuickStartPomIsTheSampleProjectTheBuildRuns() throws IOException {
    String sample = read(MODULE.resolve("src/it/check-documented-setup/pom.xml"));
    String project = sample.substring(sample.indexOf("<project"))
        .replace("@project.version@", Versions.PLUGIN)
        .replace("@surefire.version@", Versions.SUREFIRE)
        .replace("@compiler-plugin.version@", property(read(REPOSITORY.resolve("pom.xml")), "compiler-plugin.version"));

    assertThat(quickStart(read(REPOSITORY.resolve("README.md")))).isEqualTo(project);
  }

  @Test
  void theQuickStartPinsWhatABareMaven38WouldGetWrong() throws IOException {
    String pom = quickStart(read(REPOSITORY.resolve("README.md")));

    // Maven 3.8's defaults: compiler 3.1 (no release: Java 5), Surefire 2.12.4 (no JUnit 5)
    assertThat(pom).contains("<maven.compiler.release>17</maven.compiler.release>",
        "<artifactId>maven-compiler-plugin</artifactId><version>", "<artifactId>maven-surefire-plugin</artifactId>"
            + "<version>" + Versions.SUREFIRE + "</version>", "<goal>check</goal>");
  }

  /** The first xml block of the Quick start section. */
  private static String quickStart(String readme) {
    java.util.regex.Matcher heading = java.util.regex.Pattern.compile("(?m)^## .*[Qq]uick start$").matcher(readme);
    int section = heading.find() ? heading.start() : -1;
    assertThat(section).as("the README's Quick start section").isNotNegative();
    int start = readme.indexOf("```xml\n", section) + "```xml\n".length();
    return readme.substring(start, readme.indexOf("```", start));
  }

  private static String property(String pom, String name) {
    Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
    assertThat(m.find()).as(name + " in the root pom").isTrue();
    return m.group(1);
  }

  private static String read(Path file) throws IOException {
    return Files.readString(file, StandardCharsets.UTF_8);
  }
}
