package dev.backtestgate.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTests {
  @Test
  void showsTheTwoLargestUnits() {
    assertThat(Durations.human(Duration.ofHours(892))).isEqualTo("37d 4h");
    assertThat(Durations.human(Duration.ofMinutes(125))).isEqualTo("2h 5m");
    assertThat(Durations.human(Duration.ofSeconds(40))).isEqualTo("40s");
    assertThat(Durations.human(Duration.ofDays(3))).isEqualTo("3d");
    assertThat(Durations.human(Duration.ofDays(3).plusMinutes(5))).isEqualTo("3d");
    assertThat(Durations.human(Duration.ofMillis(1))).isEqualTo("1ms");
    assertThat(Durations.human(Duration.ZERO)).isEqualTo("0s");
  }
}
