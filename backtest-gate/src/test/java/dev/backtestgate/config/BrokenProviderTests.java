package dev.backtestgate.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A third-party check provider that cannot be loaded fails every gate with one message naming the provider, its line
 * in the service file and the root cause: never a pass, and never the {@code NoClassDefFoundError} of a failed class
 * initialiser for the gates after the first. Each case loads the core afresh, with the broken provider's jar beside
 * it, in a class loader of its own.
 */
class BrokenProviderTests {
  @TempDir Path jar;

  @Test
  void aSettingWithABadKeyNamesProviderLineAndRootCauseForEveryGate() throws Exception {
    ClassLoader loader = install("BadKeyChecks", """
        public List<Setting<?>> settings() {
          return List.of(Setting.of("acme.Max-Age", "1", "a number", text -> 1, (policy, v) -> policy));
        }""");

    String first = failure(loader, "dev.backtestgate.GatePolicy", "defaults");
    String second = failure(loader, "dev.backtestgate.config.GateConfig", "keys");
    String third = failure(loader, "dev.backtestgate.GatePolicy", "defaults");

    assertThat(first).startsWith("dev.backtestgate.CheckProviderException: The check provider acme.BadKeyChecks "
            + "(named at line 2 of ")
        .contains("META-INF/services/dev.backtestgate.CheckProvider) could not declare its settings and kinds: "
            + "java.lang.IllegalArgumentException: setting key 'acme.Max-Age' is not a namespace and a name")
        .contains("No gate runs until it loads, because a check that did not run never yields a pass: fix the "
            + "provider, or remove that line (or its jar from the class path).");
    assertThat(second).isEqualTo(first);
    assertThat(third).isEqualTo(first);
  }

  @Test
  void aProviderThatCannotBeMadeIsNamedWithItsRootCause() throws Exception {
    ClassLoader loader = install("LicensedChecks", """
        public LicensedChecks() {
          throw new IllegalStateException("no licence file at acme.licence");
        }""");

    String first = failure(loader, "dev.backtestgate.CheckProvider", "installed");

    assertThat(first).startsWith("dev.backtestgate.CheckProviderException: The check provider acme.LicensedChecks "
            + "(named at line 2 of ")
        .contains("could not be loaded: java.lang.IllegalStateException: no licence file at acme.licence. No gate runs");
    assertThat(failure(loader, "dev.backtestgate.config.GateConfig", "keys")).isEqualTo(first);
  }

  @Test
  void aThirdPartyKeyInTheGatesNamespaceIsRefused() throws Exception {
    ClassLoader loader = install("SquattingChecks", """
        public List<Setting<?>> settings() {
          return List.of(Setting.of("backtestgate.max-score-age", "1", "a number", text -> 1, (policy, v) -> policy));
        }""");

    assertThat(failure(loader, "dev.backtestgate.GatePolicy", "defaults")).contains("The check provider "
        + "acme.SquattingChecks (named at line 2 of ").contains("declares the key backtestgate.max-score-age in the "
        + "gate's own namespace (backtestgate.), which is kept for the gate and its built-in checks; declare it in a "
        + "namespace of your own, e.g. acme.max-score-age. No gate runs");
  }

  @Test
  void aWellMadeProviderWithItsOwnNamespaceLoads() throws Exception {
    ClassLoader loader = install("AgeChecks", """
        public List<Setting<?>> settings() {
          return List.of(Setting.of("acme.max-score-age", "P1D", "an ISO-8601 duration", Setting::duration,
              (policy, v) -> policy));
        }""");

    Object keys = loader.loadClass("dev.backtestgate.config.GateConfig").getMethod("keys").invoke(null);
    Object nearest = loader.loadClass("dev.backtestgate.config.GateConfig").getMethod("nearest", String.class)
        .invoke(null, "acme.max-score-ages");
    Object namespaces = loader.loadClass("dev.backtestgate.config.GateConfig").getMethod("namespaces").invoke(null);

    assertThat(keys.toString()).contains("acme.max-score-age", "backtestgate.max-lift");
    assertThat(nearest).isEqualTo("acme.max-score-age");
    assertThat(namespaces.toString()).contains("acme", "backtestgate");
  }

  /** A fresh copy of the core, beside a jar whose service file names {@code acme.<name>} on its second line. */
  private ClassLoader install(String name, String body) throws Exception {
    Path source = jar.resolve("src/acme/" + name + ".java");
    Files.createDirectories(source.getParent());
    Files.writeString(source, """
        package acme;

        import dev.backtestgate.*;
        import java.util.List;

        public final class %s implements CheckProvider {
          public int order() { return 5000; }
          public List<Check> checks(BacktestRun run) { return List.of(); }
        %s
        }
        """.formatted(name, body.indent(2)));
    Path classes = Files.createDirectories(jar.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int status = javac.run(null, null, null, "-d", classes.toString(), "-classpath",
        System.getProperty("java.class.path"), "-proc:none", source.toString());
    assertThat(status).as("the provider compiles").isZero();
    Path services = classes.resolve("META-INF/services/dev.backtestgate.CheckProvider");
    Files.createDirectories(services.getParent());
    Files.writeString(services, "# acme's checks\nacme." + name + "\n", StandardCharsets.UTF_8);

    List<URL> urls = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.endsWith("test-classes")) {             // the core's test fixtures bring a provider of their own
        urls.add(Path.of(entry).toUri().toURL());
      }
    }
    urls.add(classes.toUri().toURL());
    return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  /** What {@code type.method()} threw, as "class: message". */
  private static String failure(ClassLoader loader, String type, String method) throws Exception {
    try {
      loader.loadClass(type).getMethod(method).invoke(null);
    } catch (InvocationTargetException e) {
      return e.getCause().getClass().getName() + ": " + e.getCause().getMessage();
    }
    throw new AssertionError(type + "." + method + "() did not fail");
  }
}
