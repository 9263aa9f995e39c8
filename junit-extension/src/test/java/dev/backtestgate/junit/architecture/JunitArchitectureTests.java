package dev.backtestgate.junit.architecture;

import dev.backtestgate.architecture.PackageCycles;
import org.junit.jupiter.api.Test;

/** The junit-extension module's package graph stays acyclic, by the rule every module checks. */
class JunitArchitectureTests {
  @Test
  void packagesHaveNoCycles() {
    PackageCycles.check("dev.backtestgate.junit");
  }
}
