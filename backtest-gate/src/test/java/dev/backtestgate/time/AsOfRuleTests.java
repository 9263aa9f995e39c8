package dev.backtestgate.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

/** The as-of rule's edges: tie order, time-to-live (saturating), lag overflow; it travels serialized. */
class AsOfRuleTests {
  @Test
  void tiesGoToRecordedAtThenTheTie() {
    assertThat(AsOfRule.beats(5, 0, 0, 4, 9, 9)).as("greater validFrom wins").isTrue();
    assertThat(AsOfRule.beats(5, 2, 0, 5, 1, 9)).as("then greater recordedAt").isTrue();
    assertThat(AsOfRule.beats(5, 2, 3, 5, 2, 2)).as("then the greater tie").isTrue();
    assertThat(AsOfRule.beats(5, 2, 2, 5, 2, 2)).as("an equal event does not beat").isFalse();
    assertThat(AsOfRule.beats(4, 9, 9, 5, 0, 0)).isFalse();
  }

  @Test
  void anEventQualifiesOnceBothTimesArePast() {
    assertThat(AsOfRule.availableAt(10, 20)).isEqualTo(20);
    assertThat(AsOfRule.availableAt(30, 20)).isEqualTo(30);
    assertThat(AsOfRule.qualifies(20, 20)).isTrue();
    assertThat(AsOfRule.qualifies(21, 20)).isFalse();
  }

  @Test
  void theTimeToLiveIsInclusiveAndSaturates() {
    assertThat(AsOfRule.fresh(90, 100, 10)).isTrue();
    assertThat(AsOfRule.fresh(89, 100, 10)).isFalse();
    assertThat(AsOfRule.fresh(Long.MIN_VALUE, 100, AsOfRule.NO_TTL)).isTrue();
    assertThat(AsOfRule.fresh(Long.MIN_VALUE, Long.MIN_VALUE + 5, 10)).as("e - ttl saturates").isTrue();
    assertThat(AsOfRule.of(10).fresh(89, 100)).isFalse();
    assertThatThrownBy(() -> AsOfRule.of(-2)).hasMessageContaining("NO_TTL");
  }

  @Test
  void theEffectiveTimeIsRepresentableOrRefused() {
    assertThat(AsOfRule.representable(100, 30)).isTrue();
    assertThat(AsOfRule.effective(100, 30)).isEqualTo(70);
    assertThat(AsOfRule.representable(Long.MIN_VALUE + 5, 5)).isTrue();
    assertThat(AsOfRule.representable(Long.MIN_VALUE + 5, 6)).isFalse();
  }

  @Test
  void aRuleTravelsToATask() throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(AsOfRule.of(10));
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      AsOfRule rule = (AsOfRule) in.readObject();
      assertThat(rule.ttlMillis()).isEqualTo(10);
      assertThat(rule.fresh(89, 100)).isFalse();
    }
  }
}
