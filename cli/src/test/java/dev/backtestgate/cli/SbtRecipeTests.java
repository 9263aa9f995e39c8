package dev.backtestgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** docs/cli.md's sbt recipe is the sample project the build runs (SbtSampleTests), file for file. */
class SbtRecipeTests {
  @Test
  void thePageShowsTheSamplesBuildFilesAsTheyAre() {
    Map<String, String> shown = SbtRecipe.files();

    assertThat(shown).containsOnlyKeys("project/build.properties", "project/plugins.sbt", "build.sbt");
    shown.forEach((path, text) -> assertThat(text).as(path)
        .isEqualTo(SbtRecipe.filled(SbtRecipe.read(SbtRecipe.SAMPLE.resolve(path)))));
  }

  @Test
  void theRecipePinsTheEngineAndLauncherOfTheApiBacktestGateJunitBrings() {
    String build = SbtRecipe.read(SbtRecipe.SAMPLE.resolve("build.sbt"));

    assertThat(build).contains("\"org.junit.jupiter\" % \"junit-jupiter-engine\" % \"" + SbtRecipe.JUNIT + "\" % Test",
        "\"org.junit.platform\" % \"junit-platform-launcher\" % \"" + SbtRecipe.PLATFORM + "\" % Test");
  }

  @Test
  void theSbtVersionIsTheOneTheBuildRunsTheSampleOn() {
    String pom = SbtRecipe.read(SampleProjects.MODULE_DIR.resolve("pom.xml"));
    String properties = SbtRecipe.read(SbtRecipe.SAMPLE.resolve("project/build.properties"));

    assertThat(pom).contains("<sbt.version>" + properties.strip().replace("sbt.version=", "") + "</sbt.version>");
  }
}
