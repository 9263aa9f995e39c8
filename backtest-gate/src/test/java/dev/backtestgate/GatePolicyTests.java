package dev.backtestgate;

import dev.backtestgate.screen.futureread.FutureReadSettings;
import dev.backtestgate.screen.horizon.LabelHorizonSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.history.LateWritePolicy;
import dev.backtestgate.screen.overlap.TrainTestOverlapPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GatePolicyTests {
  @Test
  void defaultsAreThoseOfTheDesign() {
    GatePolicy p = GatePolicy.defaults();
    assertThat(p.maxLift()).isEqualTo(0.05);
    assertThat(p.confidence()).isEqualTo(0.95);
    assertThat(p.liftTolerance()).isEqualTo(0.01);
    assertThat(p.availabilityLag()).isEqualTo(Duration.ZERO);
    assertThat(p.mode()).isEqualTo(Mode.AUTO);
    assertThat(p.settings(LateWritePolicy.DEFAULT)).isEqualTo(LateWritePolicy.FAIL);
    assertThat(p.settings(FutureReadSettings.DEFAULTS).sample()).isEqualTo(1_000);
  }

  @Test
  void withCopiesChangeOneField() {
    GatePolicy p = GatePolicy.defaults().withMaxLift(0.1).withConfidence(0.9).withLiftTolerance(0.02)
        .withAvailabilityLag(Duration.ofHours(6)).withMode(Mode.VERIFY).with(LateWritePolicy.FAIL)
        .with(new FutureReadSettings(50));
    assertThat(List.of(p.maxLift(), p.confidence(), p.liftTolerance())).containsExactly(0.1, 0.9, 0.02);
    assertThat(p.availabilityLag()).isEqualTo(Duration.ofHours(6));
    assertThat(p.mode()).isEqualTo(Mode.VERIFY);
    assertThat(p.settings(FutureReadSettings.DEFAULTS).sample()).isEqualTo(50);
    assertThat(p).isNotEqualTo(GatePolicy.defaults()).isEqualTo(GatePolicy.defaults().with(new FutureReadSettings(50))
        .withMode(Mode.VERIFY).withAvailabilityLag(Duration.ofHours(6)).withLiftTolerance(0.02).withConfidence(0.9)
        .withMaxLift(0.1));
    assertThat(GatePolicy.defaults().maxLift()).isEqualTo(0.05);
  }

  @Test
  void invalidLimitsNameTheValueAndTheRange() {
    assertThatThrownBy(() -> GatePolicy.defaults().withMaxLift(Double.NaN)).hasMessageContaining("max lift is NaN");
    assertThatThrownBy(() -> GatePolicy.defaults().withConfidence(1)).hasMessageContaining("confidence is 1.0");
    assertThatThrownBy(() -> GatePolicy.defaults().with(new FutureReadSettings(0)))
        .hasMessageContaining("future-read sample is 0");
    assertThatThrownBy(() -> GatePolicy.defaults().withLiftTolerance(-0.1))
        .hasMessageContaining("lift tolerance is -0.1: it must be a decimal number at least 0 and below 1")
        .hasMessageContaining("(backtestgate.lift-tolerance)");
    assertThatThrownBy(() -> GatePolicy.defaults().withAvailabilityLag(Duration.ofSeconds(-1)))
        .hasMessageContaining("availability lag is PT-1S");
  }

  @Test
  void trainingSetSettingsDefaultToNoEmbargoAndAWarningOnOverlap() {
    GatePolicy p = GatePolicy.defaults();
    assertThat(p.settings(LabelHorizonSettings.DEFAULTS).embargo()).isEqualTo(Duration.ZERO);
    assertThat(p.settings(TrainTestOverlapPolicy.DEFAULT)).isEqualTo(TrainTestOverlapPolicy.WARN);
    GatePolicy changed = p.with(new LabelHorizonSettings(Duration.ofDays(7))).with(TrainTestOverlapPolicy.FAIL);
    assertThat(changed.settings(LabelHorizonSettings.DEFAULTS).embargo()).isEqualTo(Duration.ofDays(7));
    assertThat(changed.settings(TrainTestOverlapPolicy.DEFAULT)).isEqualTo(TrainTestOverlapPolicy.FAIL);
    assertThat(changed.withMaxLift(0.1).settings(LabelHorizonSettings.DEFAULTS).embargo())
        .isEqualTo(Duration.ofDays(7));
    assertThatThrownBy(() -> p.with(new LabelHorizonSettings(Duration.ofDays(-1)))).hasMessageContaining("embargo is PT-24H");
    assertThatThrownBy(() -> p.with(null)).hasMessageContaining("check settings");
    assertThat(TrainTestOverlapPolicy.parse("off", "test")).isEqualTo(TrainTestOverlapPolicy.OFF);
    assertThatThrownBy(() -> TrainTestOverlapPolicy.parse("Warn", "-D"))
        .hasMessage("invalid value for backtestgate.train-test-overlap: 'Warn' (from -D); allowed values: "
            + "[fail, warn, off] (default warn)");
  }

  @Test
  void autoModeIsVerifyOnCiAndLocalElsewhere() {
    assertThat(Mode.AUTO.resolve(Map.of("CI", "true"))).isEqualTo(Mode.VERIFY);
    assertThat(Mode.AUTO.resolve(Map.of("CI", "1"))).isEqualTo(Mode.VERIFY);
    assertThat(Mode.AUTO.resolve(Map.of("CI", "false"))).isEqualTo(Mode.LOCAL);
    assertThat(Mode.AUTO.resolve(Map.of("GITHUB_ACTIONS", "true"))).isEqualTo(Mode.VERIFY);
    assertThat(Mode.AUTO.resolve(Map.of("JENKINS_URL", "http://j"))).isEqualTo(Mode.VERIFY);
    assertThat(Mode.AUTO.resolve(Map.of("TF_BUILD", "True"))).isEqualTo(Mode.VERIFY);
    assertThat(Mode.AUTO.resolve(Map.of("GITLAB_CI", "true"))).isEqualTo(Mode.VERIFY);
    assertThat(Mode.AUTO.resolve(Map.of())).isEqualTo(Mode.LOCAL);
    assertThat(Mode.LOCAL.resolve(Map.of("CI", "true"))).isEqualTo(Mode.LOCAL);
    assertThat(Mode.VERIFY.resolve(Map.of())).isEqualTo(Mode.VERIFY);
  }
}
