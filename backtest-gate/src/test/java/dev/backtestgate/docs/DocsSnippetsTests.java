package dev.backtestgate.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.SchemaAssertions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Java block of {@code docs/*.md} is a tagged region of a test source the build compiles and runs (see
 * {@link DocsSnippets}), so an API change breaks the build, not the reader. README.md's snippets are compiled by
 * {@code ReadmeSnippetsTests} in the JUnit extension's module.
 */
class DocsSnippetsTests {
  /** Pages whose snippets are not yet included from sources; delete an entry when its page is done. */
  private static final Set<String> PENDING_PAGES = Set.of("lakehouse.md", "spark.md");

  private static final String SOURCE = "m/src/test/java/dev/example/Snippets.java";

  @TempDir
  Path repository;

  @Test
  void everyJavaBlockOfTheDocsIsATestedRegion() throws IOException {
    Path root = SchemaAssertions.repository();
    DocsSnippets snippets = new DocsSnippets(root);
    List<String> problems = new ArrayList<>();
    int blocks = 0;
    try (Stream<Path> pages = Files.list(root.resolve("docs"))) {
      for (Path page : pages.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
        String name = page.getFileName().toString();
        String text = Files.readString(page);
        blocks += (int) text.lines().filter(line -> line.strip().equals("```java")).count();
        if (!PENDING_PAGES.contains(name)) {
          problems.addAll(snippets.problems("docs/" + name, text));
        }
      }
    }

    assertThat(blocks).as("Java blocks in docs/*.md").isGreaterThanOrEqualTo(30);
    assertThat(problems).as("Java blocks of docs/*.md that are not their tested source regions").isEmpty();
  }

  @Test
  void aBlockEqualToItsRegionPasses() throws IOException {
    source("""
        class Snippets {
          void t() {
            // tag::outer[]
            int a = 1;
              // tag::inner[]
              int b = a + 1;   \s
              // end::inner[]
            // end::outer[]
          }
        }
        """);

    assertThat(checker().problems("docs/p.md", page("outer", "int a = 1;\n  int b = a + 1;"))).isEmpty();
    assertThat(checker().problems("docs/p.md", page("inner", "int b = a + 1;"))).isEmpty();
    assertThat(checker().problems("docs/p.md", "1. Step\n\n   " + marker("inner") + "\n   ```java\n"
        + "   int b = a + 1;\n   ```\n")).as("an indented block in a list item").isEmpty();
  }

  @Test
  void aBlockThatDiffersFailsNamingPageLineAndBothLines() throws IOException {
    source("class Snippets {\n  // tag::t[]\n  int a = 1;\n  int b = 2;\n  // end::t[]\n}\n");

    assertThat(checker().problems("docs/p.md", page("t", "int a = 1;\nint b = 3;"))).singleElement()
        .asString().startsWith("docs/p.md:4: the block differs from " + SOURCE + "#t at its line 2:")
        .contains("page:   int b = 3;", "source: int b = 2;");
    assertThat(checker().problems("docs/p.md", page("t", "int a = 1;"))).singleElement()
        .asString().contains("page:   <end of block>", "source: int b = 2;");
  }

  @Test
  void aBlockWithoutAMarkerFails() {
    assertThat(checker().problems("docs/p.md", "text\n\n```java\nint a = 1;\n```\n")).singleElement()
        .asString().startsWith("docs/p.md:3: the ```java block has no snippet marker");
  }

  @Test
  void aMissingFileOrTagFails() throws IOException {
    source("class Snippets {\n  // tag::open[]\n  int a = 1;\n}\n");

    assertThat(checker().problems("docs/p.md", page("nope", "int a = 1;"))).singleElement()
        .asString().contains("no line '// tag::nope[]'");
    assertThat(checker().problems("docs/p.md", page("open", "int a = 1;"))).singleElement()
        .asString().contains("has no '// end::open[]'");
    assertThat(checker().problems("docs/p.md",
        "<!-- snippet: m/src/test/java/dev/example/Gone.java#t -->\n```java\nint a = 1;\n```\n")).singleElement()
        .asString().contains("m/src/test/java/dev/example/Gone.java does not exist");
  }

  @Test
  void aSourceOutsideAModulesTestSourcesFails() throws IOException {
    Files.createDirectories(repository.resolve("m/src/main/java"));
    Files.writeString(repository.resolve("m/pom.xml"), "<project/>");
    Files.writeString(repository.resolve("m/src/main/java/Main.java"), "// tag::t[]\nint a;\n// end::t[]\n");
    Files.createDirectories(repository.resolve("loose/src/test/java"));
    Files.writeString(repository.resolve("loose/src/test/java/T.java"), "// tag::t[]\nint a;\n// end::t[]\n");

    assertThat(checker().problems("docs/p.md", "<!-- snippet: m/src/main/java/Main.java#t -->\n```java\nint a;\n```"))
        .singleElement().asString().contains("is not under a module's src/test/java");
    assertThat(checker().problems("docs/p.md", "<!-- snippet: loose/src/test/java/T.java#t -->\n```java\nint a;\n```"))
        .as("a directory without a pom.xml is no module").singleElement().asString()
        .contains("is not under a module's src/test/java");
  }

  @Test
  void aDoctoredDocsPageFails() throws IOException {
    Path root = SchemaAssertions.repository();
    String page = Files.readString(root.resolve("docs/point-in-time-semantics.md"));
    assertThat(new DocsSnippets(root).problems("docs/point-in-time-semantics.md", page)).isEmpty();

    String doctored = page.replaceFirst("\\.availabilityLag\\(", ".lag(");
    assertThat(doctored).isNotEqualTo(page);
    assertThat(new DocsSnippets(root).problems("docs/point-in-time-semantics.md", doctored)).singleElement().asString()
        .startsWith("docs/point-in-time-semantics.md:").contains("page:   ", ".lag(", "source: ", ".availabilityLag(");
  }

  private DocsSnippets checker() {
    return new DocsSnippets(repository);
  }

  private void source(String text) throws IOException {
    Path file = repository.resolve(SOURCE);
    Files.createDirectories(file.getParent());
    Files.writeString(repository.resolve("m/pom.xml"), "<project/>");
    Files.writeString(file, text);
  }

  private static String page(String tag, String code) {
    return "# Page\n\n" + marker(tag) + "\n```java\n" + code + "\n```\n";
  }

  private static String marker(String tag) {
    return "<!-- snippet: " + SOURCE + "#" + tag + " -->";
  }
}
