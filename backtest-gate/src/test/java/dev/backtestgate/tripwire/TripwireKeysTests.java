package dev.backtestgate.tripwire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.GatePolicy;
import dev.backtestgate.InvalidSettingException;
import dev.backtestgate.config.GateConfig;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The tripwire's keys are the gate's configuration's: listed, read from the same sources, misspellings named. */
class TripwireKeysTests {
  private static TripwireSettings resolve(Map<String, String> configured) {
    return TripwireSettings.of(GateConfig.resolve(key -> Optional.ofNullable(configured.get(key)), "test").policy());
  }

  @Test
  void theKeysAreListedWithTheirDefaultsAndReadBack() {
    assertThat(GateConfig.keys()).contains(TripwireSettings.ALPHA, TripwireSettings.MIN_GAP);
    assertThat(GateConfig.defaults()).containsEntry(TripwireSettings.ALPHA, "0.01")
        .containsEntry(TripwireSettings.MIN_GAP, "0.03");
    assertThat(resolve(Map.of())).isEqualTo(TripwireSettings.defaults());
    GatePolicy policy = GateConfig.resolve(key -> Optional.ofNullable(Map.of(TripwireSettings.ALPHA, "0.005")
        .get(key)), "test").policy();
    assertThat(GateConfig.inForce(policy)).containsEntry(TripwireSettings.ALPHA, "0.005");
  }

  @Test
  void configuredValuesLandInTheTripwiresSettingsWithTheLiftTrendsMinimumPerClass() {
    TripwireSettings s = resolve(Map.of(TripwireSettings.ALPHA, "0.005", TripwireSettings.MIN_GAP, " .05 ",
        "backtestgate.lift-period-min-class", "50"));

    assertThat(s).isEqualTo(new TripwireSettings(0.005, 0.05, 50));
  }

  @Test
  void aBadValueNamesTheKeyAndAMisspellingTheKeyMeant() {
    assertThatThrownBy(() -> resolve(Map.of(TripwireSettings.ALPHA, "0.9")))
        .isInstanceOf(InvalidSettingException.class).hasMessageContaining("backtestgate.tripwire-alpha")
        .hasMessageContaining("0.9");
    assertThat(GateConfig.nearest("backtestgate.tripwire-alfa")).isEqualTo(TripwireSettings.ALPHA);
    assertThat(GateConfig.nearest("backtestgate.tripwire-mingap")).isEqualTo(TripwireSettings.MIN_GAP);
  }
}
