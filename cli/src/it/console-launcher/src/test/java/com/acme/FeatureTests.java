package com.acme;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** An ordinary unit test: the only class the Console Launcher's default filter selects. */
class FeatureTests {
  @Test
  void tenureIsInMonths() {
    assertEquals(24, 2 * 12);
  }
}
