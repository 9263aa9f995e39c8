package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.SchemaAssertions;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Java snippet of README.md compiles against this build, as a newcomer would paste it: a snippet that declares
 * a class is compiled as it stands (its imports included); a snippet of statements is compiled as the body of a method
 * with the imports and the variables the README's prose says come from the user's pipeline. A snippet that names an
 * API this build no longer has, or forgets an import, fails here with javac's message.
 */
class ReadmeSnippetsTests {
  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\n(.*?)\n```", Pattern.DOTALL);

  /** What the README says comes from the user's pipeline, declared with the types the snippets take. */
  private static final Map<String, String> PIPELINE = Map.ofEntries(
      Map.entry("churned", "boolean[] churned = new boolean[0];"),
      Map.entry("gbm", "double[] gbm = new double[0];"),
      Map.entry("logreg", "double[] logreg = new double[0];"),
      Map.entry("scoredAt", "long[] scoredAt = new long[0];"),
      Map.entry("tenureKnownAt", "long[] tenureKnownAt = new long[0];"),
      Map.entry("spine", "dev.backtestgate.time.Spine spine = null;"),
      Map.entry("balance", "dev.backtestgate.time.EventLog balance = null;"),
      Map.entry("plan", "dev.backtestgate.time.EventLog plan = null;"),
      Map.entry("defaulted", "boolean[] defaulted = new boolean[0];"),
      Map.entry("gbmScores", "double[] gbmScores = new double[0];"),
      Map.entry("prodScores", "double[] prodScores = new double[0];"),
      Map.entry("committed", "java.nio.file.Path committed = null;"),
      Map.entry("status", "dev.backtestgate.time.EventLog status = null;"));

  private static final String STATEMENT_IMPORTS = String.join("\n",
      "import dev.backtestgate.*;", "import dev.backtestgate.history.*;", "import dev.backtestgate.time.*;",
      "import java.time.Duration;", "import java.time.Instant;");

  @TempDir
  Path classes;

  @Test
  void everyJavaSnippetOfTheReadmeCompiles() throws IOException {
    String readme = Files.readString(SchemaAssertions.repository().resolve("README.md"));
    List<String> snippets = new ArrayList<>();
    Matcher blocks = JAVA_BLOCK.matcher(readme);
    while (blocks.find()) {
      snippets.add(blocks.group(1));
    }
    assertThat(snippets).as("Java snippets in README.md").hasSizeGreaterThanOrEqualTo(2);

    List<JavaFileObject> units = new ArrayList<>();
    for (int i = 0; i < snippets.size(); i++) {
      units.add(unit("Snippet" + i, compilationUnit("Snippet" + i, snippets.get(i))));
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    boolean compiled = javac.getTask(null, null, diagnostics, List.of("-d", classes.toString(), "-classpath",
        System.getProperty("java.class.path"), "-proc:none"), null, units).call();

    assertThat(compiled).as("README.md's snippets compile:\n%s", diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .map(d -> d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(null))
        .collect(Collectors.joining("\n"))).isTrue();
  }

  @Test
  void aSnippetWithoutItsImportFailsHere() throws IOException {
    String forgetful = "class Forgetful {\n  @Test\n  void t() {}\n}";
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    boolean compiled = javac.getTask(null, null, diagnostics, List.of("-d", classes.toString(), "-classpath",
        System.getProperty("java.class.path"), "-proc:none"), null,
        List.of(unit("Forgetful", compilationUnit("Forgetful", forgetful)))).call();

    assertThat(compiled).isFalse();
    assertThat(diagnostics.getDiagnostics()).anySatisfy(d -> assertThat(d.getMessage(null)).contains("Test"));
  }

  /** A class snippet as it stands; statements as a method body with their pipeline variables declared. */
  private static String compilationUnit(String name, String snippet) {
    if (Pattern.compile("(?m)^\\s*(public\\s+)?(final\\s+)?class\\s").matcher(snippet).find()) {
      return declarePipeline(snippet);
    }
    StringBuilder body = new StringBuilder();
    PIPELINE.forEach((variable, declaration) -> {
      if (Pattern.compile("\\b" + variable + "\\b").matcher(snippet).find()) {
        body.append("    ").append(declaration).append('\n');
      }
    });
    return STATEMENT_IMPORTS + "\n\nclass " + name + " {\n  void run() throws Exception {\n" + body + snippet
        + "\n  }\n}\n";
  }

  /** A class snippet's "// ... a, b: from your pipeline" comment line, replaced by the variables it names. */
  private static String declarePipeline(String snippet) {
    StringBuilder out = new StringBuilder();
    for (String line : snippet.split("\n", -1)) {
      if (line.trim().startsWith("// ...")) {
        PIPELINE.forEach((variable, declaration) -> {
          if (Pattern.compile("\\b" + variable + "\\b").matcher(line).find()) {
            out.append("    ").append(declaration).append('\n');
          }
        });
      } else {
        out.append(line).append('\n');
      }
    }
    return out.toString();
  }

  private static JavaFileObject unit(String name, String source) {
    return new SimpleJavaFileObject(URI.create("string:///" + name + ".java"), JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return source;
      }
    };
  }
}
