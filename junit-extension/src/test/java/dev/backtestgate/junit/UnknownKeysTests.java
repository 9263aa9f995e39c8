package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

class UnknownKeysTests {

  @Test
  void onlyBacktestgateSystemPropertiesAreCollected() {
    Properties system = new Properties();
    system.setProperty("backtestgate.mode", "local");
    system.setProperty("user.home", "/Users/ana");
    system.setProperty("backtestgate.maxlift", "0.1");

    assertThat(UnknownKeys.visible(system, null))
        .containsExactly(Map.entry("backtestgate.maxlift", "system property"),
            Map.entry("backtestgate.mode", "system property"));
  }

  @Test
  void validKeysPassAndEveryUnknownKeyIsNamed() {
    assertThatCode(() -> UnknownKeys.check(Map.of("backtestgate.mode", "system property"))).doesNotThrowAnyException();
    assertThatThrownBy(() -> UnknownKeys.check(Map.of("backtestgate.maxlift", "a", "backtestgate.confidense", "b")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("Unknown leakage gate configuration keys:")
        .hasMessageContaining("backtestgate.maxlift (a): did you mean backtestgate.max-lift?")
        .hasMessageContaining("backtestgate.confidense (b): did you mean backtestgate.confidence?")
        .hasMessageContaining("Rename or remove them");
  }

  @Test
  void onlyTheFirstJunitPlatformPropertiesCountsAsJUnitItselfReadsOnlyThatOne(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws Exception {
    java.nio.file.Path first = java.nio.file.Files.createDirectories(dir.resolve("first"));
    java.nio.file.Path second = java.nio.file.Files.createDirectories(dir.resolve("second"));
    java.nio.file.Files.writeString(first.resolve("junit-platform.properties"), "backtestgate.max-lift=0.1\n");
    java.nio.file.Files.writeString(second.resolve("junit-platform.properties"), "backtestgate.max-lfit=0.1\n");
    try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
        new java.net.URL[] {first.toUri().toURL(), second.toUri().toURL()}, null)) {
      assertThat(UnknownKeys.visible(new java.util.Properties(), loader)).containsOnlyKeys("backtestgate.max-lift");
    }
  }
}
