package dev.backtestgate.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** When the browser tests may skip: only outside CI. */
class ChromiumTests {

  @Test
  void ciIsAnyValueOfCiButFalse() {
    assertThat(Chromium.inCi(Map.of("CI", "true"))).isTrue();
    assertThat(Chromium.inCi(Map.of("CI", "1"))).isTrue();
    assertThat(Chromium.inCi(Map.of("CI", ""))).isTrue();
    assertThat(Chromium.inCi(Map.of("CI", "false"))).isFalse();
    assertThat(Chromium.inCi(Map.of("CI", "FALSE"))).isFalse();
    assertThat(Chromium.inCi(Map.of())).isFalse();
  }
}
