package dev.backtestgate.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a message shown to people must never be: a JVM exception's own words. */
final class Messages {
  /** Fragments of JVM exception texts (NullPointerException's helpful messages, parsers, indexes, overflow). */
  static final List<String> RAW = List.of("NullPointerException", "Cannot invoke", "Index", "For input string",
      "OutOfMemoryError", "long overflow", "java.lang.", "java.io.", "java.nio.", "Exception:", "\tat ",
      "jackson", "`", "enable", "number number", "null null");

  /** A count of 1,000 or more printed without thousands separators, before what it counts ("2999 scores"). */
  static final Pattern BARE_COUNT = Pattern.compile("(?<![\\d,.:#@+-])\\d{4,} (?:(?:non-finite|infinite|missing|"
      + "negative|category|training|test|late|declared|undeclared|distinct|sampled|scored) )?(?:rows?|row\\(s\\)"
      + "|scores?|score\\(s\\)|values?|value\\(s\\)|entries|times?|time\\(s\\)|labels?|positives?|negatives?|events?"
      + "|event\\(s\\)|codes?|code\\(s\\)|keys?)\\b");

  private Messages() {}

  /** Asserts that every count of 1,000 or more in {@code message} carries thousands separators. */
  static String assertCountsSeparated(String message) {
    Matcher bare = BARE_COUNT.matcher(message);
    assertThat(bare.find() ? bare.group() : null).as("a count without thousands separators in: %s", message)
        .isNull();
    return message;
  }

  /** Asserts that {@code message} is ours: present, and free of JVM exception text. */
  static String assertPlain(String message) {
    assertThat(message).as("a message for people").isNotBlank();
    for (String raw : RAW) {
      assertThat(message).as("message free of JVM text '%s'", raw).doesNotContain(raw);
    }
    return assertCountsSeparated(message);
  }
}
