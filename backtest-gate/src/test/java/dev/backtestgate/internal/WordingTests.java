package dev.backtestgate.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WordingTests {
  @Test
  void showsTheTwoLargestUnits() {
    assertThat(Wording.duration(Duration.ofHours(892))).isEqualTo("37d 4h");
    assertThat(Wording.duration(Duration.ofMinutes(125))).isEqualTo("2h 5m");
    assertThat(Wording.duration(Duration.ofSeconds(40))).isEqualTo("40s");
    assertThat(Wording.duration(Duration.ofDays(3))).isEqualTo("3d");
    assertThat(Wording.duration(Duration.ofDays(3).plusMinutes(5))).isEqualTo("3d");
    assertThat(Wording.duration(Duration.ofMillis(1))).isEqualTo("1ms");
    assertThat(Wording.duration(Duration.ZERO)).isEqualTo("0s");
  }

  @Test
  void neverThrowsOnExtremeDurations() {
    assertThat(Wording.duration(Duration.ofSeconds(Long.MAX_VALUE))).startsWith("106751991167300d");
    assertThat(Wording.duration(Duration.ofSeconds(Long.MIN_VALUE))).startsWith("-106751991167300d");
    assertThat(Wording.duration(Duration.ofSeconds(-90))).isEqualTo("-1m 30s");
    assertThat(Wording.duration(Duration.ofMillis(1500))).isEqualTo("1s 500ms");
  }

  @Test
  void aNonZeroShareNeverPrintsAsZeroPercent() {
    assertThat(Wording.percent(0)).isEqualTo("0.0%");
    assertThat(Wording.percent(0.5)).isEqualTo("50.0%");
    assertThat(Wording.percent(1)).isEqualTo("100.0%");
    assertThat(Wording.percent(0.0004)).isEqualTo("0.040%");
    assertThat(Wording.percent(2e-6)).isEqualTo("0.00020%");
    assertThat(Wording.percent(1e-9)).isEqualTo("<0.0001%");
    assertThat(Wording.percent(0.99999)).isEqualTo(">99.9%");
    assertThat(Wording.percent(Double.NaN)).isEqualTo("n/a");
  }
}
