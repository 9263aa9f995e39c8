package dev.backtestgate.cli.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.backtestgate.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

/**
 * The command-line module's package graph stays acyclic, and its workflow, which the Maven goals wrap, knows
 * neither Maven nor the command line nor the history command's table readers (the plugin leaves those out).
 */
class CliArchitectureTests {
  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("dev.backtestgate.cli");

  @Test
  void packagesHaveNoCycles() {
    PackageCycles.check("dev.backtestgate.cli");
  }

  @Test
  void theWorkflowKnowsNeitherMavenNorTheCommandLine() {
    noClasses().that().resideInAPackage("dev.backtestgate.cli.workflow..")
        .should().dependOnClassesThat().resideInAnyPackage("org.apache.maven..", "picocli..", "dev.backtestgate.cli",
            "dev.backtestgate.lakehouse..", "dev.backtestgate.jdbc..", "org.apache.iceberg..", "org.apache.hadoop..")
        .check(CLASSES);
  }
}
