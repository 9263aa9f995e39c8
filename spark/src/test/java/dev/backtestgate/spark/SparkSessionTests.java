package dev.backtestgate.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SparkSessionTests {
  @Test
  void localSessionRunsAQuery() {
    assertThat(SparkTests.session().range(10).count()).isEqualTo(10);
  }
}
