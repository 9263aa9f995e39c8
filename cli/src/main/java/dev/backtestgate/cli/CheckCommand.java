package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.CannotCheck;
import dev.backtestgate.cli.workflow.GatedRunCheck;
import dev.backtestgate.cli.workflow.JUnitXmlResults;
import dev.backtestgate.cli.workflow.Refusal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code backtest-gate check}: the Maven goal {@code check} for any build tool. Every {@code @LeakageGated} test in
 * the compiled test classes must have written a gate report in the run the JUnit XML results describe; a test that
 * did not is named with the likely cause (the run's filter, a skip, a failure, reports elsewhere). A failed gate is
 * a finding too. Writes the SARIF file of the failed gates; never writes into the review directory.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
    description = "Fails (exit 1) unless every @LeakageGated test in the compiled test classes wrote a gate report "
        + "in the run the JUnit XML results describe, and no gate failed; names each missing test with the likely "
        + "cause. Writes <reports>/backtest-gate.sarif. Exit 2 when it cannot check.")
final class CheckCommand implements Callable<Integer> {
  @ParentCommand
  Root root;

  @Mixin
  Directories directories;

  @Option(names = "--results", paramLabel = "DIR",
      description = "The test run's JUnit XML results (Gradle: build/test-results/test; sbt: target/test-reports; "
          + "the Console Launcher: its --reports-dir).")
  Path results;

  @Option(names = "--classpath", paramLabel = "PATHS", split = "${sys:path.separator}",
      description = "The test class path (jars and directories), for gated tests whose annotation or superclass "
          + "lives outside the test classes. Separated by '${sys:path.separator}'.")
  List<Path> classpath = new ArrayList<>();

  @Option(names = "--since", paramLabel = "INSTANT",
      description = "Only reports written since count (ISO instant, e.g. 2026-12-05T10:00:00Z). Default: when the "
          + "earliest test suite of the results began.")
  Instant since;

  @Option(names = "--sources", paramLabel = "DIR", split = "${sys:path.separator}",
      description = "The test source roots, to place failed gates at their lines in the SARIF file. Default: "
          + "<module>/src/test/java, <module>/src/test/kotlin, <module>/src/test/scala where present.")
  List<Path> sources = new ArrayList<>();

  @Override
  public Integer call() throws Refusal, CannotCheck {
    Path module = directories.module();
    root.output.directories(directories.commandOptions());
    if (directories.testClasses == null) {
      throw new CannotCheck("check needs --test-classes: the compiled test classes to find the @LeakageGated tests "
          + "in.", "Gradle: --test-classes build/classes/java/test; sbt: target/scala-2.13/test-classes; javac: the "
          + "directory you compiled the tests to.");
    }
    Path testClasses = module.resolve(directories.testClasses).normalize();
    if (!Files.isDirectory(testClasses)) {
      throw new CannotCheck("The test classes directory " + testClasses + " does not exist.",
          "Compile the tests first (the build's test task does), and pass the directory they were compiled to.");
    }
    try (java.util.stream.Stream<Path> files = Files.walk(testClasses)) {
      if (files.noneMatch(f -> f.getFileName().toString().endsWith(".class"))) {
        throw new CannotCheck("No compiled class under " + testClasses + ", so no @LeakageGated test can be found "
            + "there.", "Pass the directory the test task compiled the tests to (Kotlin: build/classes/kotlin/test; "
            + "Scala: target/scala-*/test-classes), after the tests were compiled.");
      }
    } catch (java.io.IOException e) {
      throw new CannotCheck("Cannot read " + testClasses + ": " + e.getMessage() + ".",
          "Check the directory's permissions.");
    }
    for (Path element : classpath) {
      if (!Files.exists(module.resolve(element))) {
        throw new CannotCheck("The class path element " + module.resolve(element) + " does not exist.",
            "Pass the test class path as the test run saw it, separated by '" + java.io.File.pathSeparator + "'.");
      }
    }
    if (results == null) {
      throw new CannotCheck("check needs --results: the test run's JUnit XML results, to tell a gated test that did "
          + "not run from one that ran.", "Gradle: --results build/test-results/test; sbt: target/test-reports; the "
          + "Console Launcher: the directory of its --reports-dir.");
    }
    JUnitXmlResults run = JUnitXmlResults.read(module.resolve(results).normalize());
    Path reportDir = directories.reportDir();
    List<Path> roots = new ArrayList<>();
    if (sources.isEmpty()) {
      for (String language : List.of("java", "kotlin", "scala")) {
        Path root = module.resolve("src/test/" + language);
        if (Files.isDirectory(root)) {
          roots.add(root);
        }
      }
    } else {
      sources.forEach(s -> roots.add(module.resolve(s)));
    }
    int gated = GatedRunCheck.run(new GatedRunCheck.Inputs(testClasses, classpath.stream().map(module::resolve).toList(),
        reportDir, since != null ? since : run.runStart(), run, List.of(), roots, module),
        root.output::info, root.output::warn);
    if (gated == 0) {
      root.output.warn("backtest-gate: no enabled @LeakageGated test in " + testClasses + ": nothing to check. If "
          + "this module has gated backtests, pass the directory their classes are compiled to.");
    }
    return Main.OK;
  }
}
