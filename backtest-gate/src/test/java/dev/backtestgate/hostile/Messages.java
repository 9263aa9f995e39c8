package dev.backtestgate.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/** What a message shown to people must never be: a JVM exception's own words. */
final class Messages {
  /** Fragments of JVM exception texts (NullPointerException's helpful messages, parsers, indexes, overflow). */
  static final List<String> RAW = List.of("NullPointerException", "Cannot invoke", "Index", "For input string",
      "OutOfMemoryError", "long overflow", "java.lang.", "java.io.", "java.nio.", "Exception:", "\tat ",
      "jackson", "`", "enable", "number number", "null null");

  private Messages() {}

  /** Asserts that {@code message} is ours: present, and free of JVM exception text. */
  static String assertPlain(String message) {
    assertThat(message).as("a message for people").isNotBlank();
    for (String raw : RAW) {
      assertThat(message).as("message free of JVM text '%s'", raw).doesNotContain(raw);
    }
    return message;
  }
}
