package dev.backtestgate.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** A class path with one JUnit Jupiter API and another engine is refused before the first gated test. */
class JUnitVersionsTests {
  @Test
  void mixedVersionsFailNamingBothAndTheBom() {
    assertThatThrownBy(() -> JUnitVersions.check(Optional.of("5.14.4"), Optional.of("5.10.5")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("The test class path mixes JUnit Jupiter versions: junit-jupiter-api 5.14.4 with "
            + "junit-jupiter-engine 5.10.5.")
        .hasMessageContaining("Fix: import the JUnit BOM in <dependencyManagement>")
        .hasMessageContaining("<artifactId>junit-bom</artifactId><version>5.10.5</version><type>pom</type>"
            + "<scope>import</scope>");
  }

  @Test
  void oneVersionOrAnUnknownOnePasses() {
    assertThatCode(() -> JUnitVersions.check(Optional.of("6.1.3"), Optional.of("6.1.3"))).doesNotThrowAnyException();
    assertThatCode(() -> JUnitVersions.check(Optional.empty(), Optional.of("5.10.5"))).doesNotThrowAnyException();
    assertThatCode(() -> JUnitVersions.check(Optional.of("5.14.4"), Optional.empty())).doesNotThrowAnyException();
  }

  @Test
  void thisSuitesClassPathHasOneVersionAndItIsRead() {
    Optional<String> api = JUnitVersions.api();
    Optional<String> engine = JUnitVersions.engine(Thread.currentThread().getContextClassLoader());

    assertThat(api).isPresent();
    assertThat(engine).isEqualTo(api);
  }

  @Test
  void aClassPathWithoutTheEngineHasNoEngineVersion() {
    assertThat(JUnitVersions.engine(new ClassLoader(null) {})).isEmpty();
  }
}
