package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * The one strict JSON parser of the project, for files people commit and edit: duplicate keys, trailing
 * content after the document, {@code NaN} and comments fail; nesting, string and number lengths are
 * bounded; a leading byte-order mark is named, not silently skipped. Every failure is a {@link JsonProblem}
 * with a JSON path and a plain sentence, never a parser's stack trace.
 *
 * <pre>{@code
 * JsonNode root = StrictJson.parse(text);
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class StrictJson {
  /** Deepest nesting any of our formats needs is 4; 32 leaves room without inviting abuse. */
  public static final int MAX_DEPTH = 32;
  /** Longest string value: rationales are prose, not books. */
  public static final int MAX_STRING = 64 * 1024;
  /** Longest number literal. */
  public static final int MAX_NUMBER = 64;

  /** A parser factory, not an {@code ObjectMapper}: the tree is built by {@link JsonTrees}, at a fraction of the cost. */
  private static final JsonFactory FACTORY = JsonFactory.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
      .streamReadConstraints(StreamReadConstraints.builder()
          .maxNestingDepth(MAX_DEPTH)
          .maxStringLength(MAX_STRING)
          .maxNumberLength(MAX_NUMBER)
          .build())
      .build();

  private StrictJson() {}

  /**
   * Parses one JSON document.
   *
   * @throws JsonProblem at {@code $} when the text is not one well-formed document within the limits
   */
  public static JsonNode parse(String text) {
    if (!text.isEmpty() && text.charAt(0) == '\uFEFF') {
      throw new JsonProblem("$", "the file starts with a byte-order mark (U+FEFF): remove the byte-order mark "
          + "and save it as plain UTF-8.");
    }
    if (text.isBlank()) {
      throw new JsonProblem("$", "the file is empty: it must hold one JSON object.");
    }
    try (JsonParser parser = FACTORY.createParser(text)) {
      return JsonTrees.read(parser, null);
    } catch (StreamConstraintsException e) {
      throw new JsonProblem("$", "the document exceeds a size limit (" + limit(e.getOriginalMessage()) + "); limits: "
          + "nesting depth " + MAX_DEPTH + ", strings " + MAX_STRING + " characters, numbers " + MAX_NUMBER
          + " digits. Shorten the offending value.");
    } catch (JsonProcessingException e) {
      String where = e.getLocation() == null ? ""
          : String.format(Locale.ROOT, " at line %d, column %d", e.getLocation().getLineNr(),
              e.getLocation().getColumnNr());
      throw new JsonProblem("$", "not valid JSON" + where + " (" + plain(e.getOriginalMessage()) + "). Fix the "
          + "syntax; the file must hold exactly one JSON object and nothing after it.");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read JSON from a string", e);
    }
  }

  /** Which limit, in our words: the parser's own names its configuration classes. */
  private static String limit(String message) {
    String m = message == null ? "" : message;
    if (m.startsWith("Document nesting depth")) {
      return "nested deeper than " + MAX_DEPTH + " levels";
    }
    if (m.startsWith("String value length")) {
      return "a string longer than " + MAX_STRING + " characters";
    }
    if (m.startsWith("Number value length")) {
      return "a number longer than " + MAX_NUMBER + " digits";
    }
    return "a value beyond the limits";
  }

  /**
   * The parser's complaint without its advice to programmers (which features to enable, which classes
   * were bound): what is wrong at that line, in a JSON author's terms.
   */
  static String plain(String message) {
    String m = message == null ? "" : firstLine(message);
    if (m.startsWith("Trailing token")) {
      return "there is more after the JSON object: a second document or stray characters";
    }
    if (m.startsWith("Non-standard token")) {
      return "NaN and Infinity are not JSON numbers: write a finite number";
    }
    if (m.contains("comment")) {
      return "JSON has no comments: remove the comment";
    }
    if (m.startsWith("Duplicate field")) {
      int end = m.indexOf('\'', m.indexOf('\'') + 1);
      return m.substring(0, end < 0 ? m.length() : end + 1) + ": each field may appear once";
    }
    int advice = indexOfAny(m, "`", " (bound as", ": enable", " (not recognized", " (from");
    return advice < 0 ? m : m.substring(0, advice);
  }

  private static int indexOfAny(String text, String... needles) {
    int first = -1;
    for (String needle : needles) {
      int at = text.indexOf(needle);
      if (at >= 0 && (first < 0 || at < first)) {
        first = at;
      }
    }
    return first;
  }

  private static String firstLine(String message) {
    int end = message.indexOf('\n');
    String line = end < 0 ? message : message.substring(0, end);
    return line.length() > 160 ? line.substring(0, 157) + "..." : line;
  }
}
