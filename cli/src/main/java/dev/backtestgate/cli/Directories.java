package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.CannotCheck;
import dev.backtestgate.cli.workflow.ProjectDirectories;
import dev.backtestgate.cli.workflow.Shell;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The directories every command works on, resolved as the JUnit extension resolves them: the option when given,
 * else the key in the tests' {@code junit-platform.properties}, else the default, relative to the module.
 */
final class Directories {
  @Option(names = "--module", paramLabel = "DIR", defaultValue = ".",
      description = "The project (module) directory; the defaults below are relative to it. Default: the current "
          + "directory.")
  Path module;

  @Option(names = "--reports", paramLabel = "DIR",
      description = "Where the gates write reports and pending sign-offs (the tests' backtestgate.report-dir). "
          + "Default: that key of junit-platform.properties, else <module>/target/backtest-gate.")
  File reports;

  @Option(names = "--reviews", paramLabel = "DIR",
      description = "Where committed sign-offs live (the tests' backtestgate.review-dir). Default: that key of "
          + "junit-platform.properties, else <module>/leakage-reviews.")
  File reviews;

  @Option(names = "--test-classes", paramLabel = "DIR",
      description = "The compiled test classes (Gradle: build/classes/java/test; sbt: target/scala-*/test-classes).")
  Path testClasses;

  /** The module directory; refuses one that does not exist. */
  Path module() throws CannotCheck {
    Path dir = module.toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) {
      throw new CannotCheck("The module directory " + dir + " does not exist.",
          "Pass the project's directory with --module, or run the command from it.");
    }
    return dir;
  }

  Path reportDir() throws CannotCheck {
    Path module = module();
    return ProjectDirectories.reportDir(reports, module, module.resolve("target"), propertiesDir(module));
  }

  Path reviewDir() throws CannotCheck {
    Path module = module();
    return ProjectDirectories.reviewDir(reviews, module, propertiesDir(module));
  }

  /**
   * The options a printed reviewer command needs to reach the directories this invocation used: empty when none was
   * given (the command then finds the same defaults run from the same directory), else each directory, absolute.
   */
  String commandOptions() throws CannotCheck {
    if (".".equals(module.toString()) && reports == null && reviews == null) {
      return "";
    }
    return " --module=" + Shell.quote(module().toString()) + " --reports=" + Shell.quote(reportDir().toString())
        + " --reviews=" + Shell.quote(reviewDir().toString());
  }

  /** Where the tests' junit-platform.properties is: the test classes, else the test resources. */
  Path propertiesDir(Path module) {
    if (testClasses != null && Files.isRegularFile(module.resolve(testClasses).resolve("junit-platform.properties"))) {
      return module.resolve(testClasses);
    }
    return module.resolve("src/test/resources");
  }
}
