package dev.backtestgate.maven.architecture;

import dev.backtestgate.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

/** The maven-plugin module's package graph stays acyclic, by the rule every module checks. */
class MavenArchitectureTests {
  @Test
  void packagesHaveNoCycles() {
    PackageCycles.check("dev.backtestgate.maven");
  }
}
