package dev.backtestgate.internal;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class FileNamesTests {
  @Test
  void safeIdsAreKept() {
    assertThat(FileNames.of("com.acme.ChurnBacktest#gbm")).isEqualTo("com.acme.ChurnBacktest#gbm.json");
    assertThat(FileNames.of("com.acme.B$Inner#run[3]")).isEqualTo("com.acme.B$Inner#run[3].json");
  }

  @Test
  void unsafeIdsAreReplacedAndHashed() {
    String name = FileNames.of("my gate/v2");
    assertThat(name).matches("my_gate_v2-[0-9a-f]{8}\\.json");
    assertThat(FileNames.of("my gate/v2")).isEqualTo(name);
    assertThat(FileNames.of("my_gate/v2")).isNotEqualTo(name);
    assertThat(FileNames.of("../etc")).matches("_.._etc-[0-9a-f]{8}\\.json");
    assertThat(FileNames.of("x".repeat(400))).hasSize(150 + 9 + 5);
  }

  @Property
  void namesAreSafeAndDistinctIdsGetDistinctNames(@ForAll String a, @ForAll String b) {
    String na = FileNames.of(a);
    assertThat(na).matches("[A-Za-z0-9._#\\[\\]$-]+\\.json").doesNotStartWith(".").doesNotStartWith("-");
    if (!a.equals(b)) {
      assertThat(na).isNotEqualTo(FileNames.of(b));
    }
  }
}
