package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.UncheckedIOException;
import org.apiguardian.api.API;

/**
 * The one way this project writes JSON files that people commit or diff: 2-space indent, LF line ends,
 * {@code "key": value}, fields in insertion order, a trailing newline.
 *
 * <pre>{@code
 * String text = CanonicalJson.write(objectNode);
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class CanonicalJson {
  private static final ObjectWriter WRITER;

  static {
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
        .withSeparators(Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("")
            .withArrayEmptySeparator(""));
    printer.indentObjectsWith(indenter);
    printer.indentArraysWith(indenter);
    WRITER = new ObjectMapper().writer(printer);
  }

  private CanonicalJson() {}

  /** The canonical text of a JSON tree, ending in a newline. */
  public static String write(JsonNode node) {
    try {
      return WRITER.writeValueAsString(node) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
