package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
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
  private static final DefaultPrettyPrinter PRINTER;

  static {
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    PRINTER = new DefaultPrettyPrinter()
        .withSeparators(Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("")
            .withArrayEmptySeparator(""));
    PRINTER.indentObjectsWith(indenter);
    PRINTER.indentArraysWith(indenter);
  }

  private CanonicalJson() {}

  /** The canonical text of a JSON tree, ending in a newline (written by {@link JsonTrees}, without a mapper). */
  public static String write(JsonNode node) {
    return JsonTrees.write(node, PRINTER.createInstance()) + "\n";
  }
}
