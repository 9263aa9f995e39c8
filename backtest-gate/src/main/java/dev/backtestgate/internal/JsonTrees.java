package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * JSON trees read and written with Jackson's streaming parser and generator alone, never an {@code ObjectMapper}:
 * building a mapper (its serializer and deserializer factories, its introspection) costs a short command about a
 * third of a second of CPU before it reads a byte, more than reading fifty reports. The trees are Jackson's own
 * {@link JsonNode}s. Reading is strict: a duplicate key or anything after the top-level value is a
 * {@link JsonParseException} with the parser's location ({@link StrictJson} words them for people).
 *
 * <pre>{@code
 * JsonNode report = JsonTrees.read(bytes, Set.of("schema", "verdict", "findings"));  // other members skipped
 * String text = JsonTrees.write(report);                                               // indented, as Jackson's
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class JsonTrees {
  private static final JsonFactory FACTORY = JsonFactory.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .build();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonTrees() {}

  /**
   * The top-level JSON value of {@code json}; when it is an object, with only the members named in {@code keep}
   * (every member when it is {@code null}): the others are checked as JSON and skipped without building them.
   *
   * @throws IOException naming the problem when the text is not one JSON value
   */
  public static JsonNode read(byte[] json, Set<String> keep) throws IOException {
    try (JsonParser parser = FACTORY.createParser(json)) {
      return read(parser, keep);
    }
  }

  /**
   * As {@link #read(byte[], Set)}, from a parser its caller configured (features, constraints) and closes.
   *
   * @throws IOException naming the problem when the text is not one JSON value
   */
  public static JsonNode read(JsonParser parser, Set<String> keep) throws IOException {
    JsonToken first = parser.nextToken();
    if (first == null) {
      throw new JsonParseException(parser, "No content: the text holds no JSON value");
    }
    JsonNode root = first == JsonToken.START_OBJECT ? object(parser, keep) : value(parser, first);
    JsonToken after = parser.nextToken();
    if (after != null) {
      throw new JsonParseException(parser, "Trailing token (" + after + ") after the top-level value");
    }
    return root;
  }

  private static ObjectNode object(JsonParser parser, Set<String> keep) throws IOException {
    ObjectNode node = NODES.objectNode();
    for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
      JsonToken token = parser.nextToken();
      if (keep == null || keep.contains(name)) {
        node.set(name, value(parser, token));
      } else {
        parser.skipChildren();
      }
    }
    if (parser.currentToken() != JsonToken.END_OBJECT) {
      throw new JsonParseException(parser, "An object member without a name");
    }
    return node;
  }

  private static JsonNode value(JsonParser parser, JsonToken token) throws IOException {
    return switch (token) {
      case START_OBJECT -> object(parser, null);
      case START_ARRAY -> {
        ArrayNode array = NODES.arrayNode();
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
          array.add(value(parser, t));
        }
        yield array;
      }
      case VALUE_STRING -> NODES.textNode(parser.getText());
      case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
        case INT -> NODES.numberNode(parser.getIntValue());
        case LONG -> NODES.numberNode(parser.getLongValue());
        default -> NODES.numberNode(parser.getBigIntegerValue());
      };
      case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDoubleValue());
      case VALUE_TRUE -> NODES.booleanNode(true);
      case VALUE_FALSE -> NODES.booleanNode(false);
      case VALUE_NULL -> NODES.nullNode();
      default -> throw new JsonParseException(parser, "Unexpected " + token);
    };
  }

  /** {@code node} as indented JSON text, as Jackson's default pretty printer writes it. */
  public static String write(JsonNode node) {
    return write(node, new DefaultPrettyPrinter());
  }

  /** {@code node} as JSON text laid out by {@code printer} (a new one per call: pretty printers keep state). */
  public static String write(JsonNode node, PrettyPrinter printer) {
    StringWriter out = new StringWriter();
    try (JsonGenerator generator = FACTORY.createGenerator(out)) {
      generator.setPrettyPrinter(printer);
      write(generator, node);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write JSON to a string", e);
    }
    return out.toString();
  }

  private static void write(JsonGenerator generator, JsonNode node) throws IOException {
    if (node.isObject()) {
      generator.writeStartObject();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> member = it.next();
        generator.writeFieldName(member.getKey());
        write(generator, member.getValue());
      }
      generator.writeEndObject();
    } else if (node.isArray()) {
      generator.writeStartArray();
      for (JsonNode element : node) {
        write(generator, element);
      }
      generator.writeEndArray();
    } else if (node.isTextual()) {
      generator.writeString(node.textValue());
    } else if (node.isIntegralNumber()) {
      generator.writeNumber(node.bigIntegerValue());
    } else if (node.isNumber()) {
      generator.writeNumber(node.doubleValue());
    } else if (node.isBoolean()) {
      generator.writeBoolean(node.booleanValue());
    } else if (node.isNull()) {
      generator.writeNull();
    } else {
      throw new IllegalArgumentException("not a JSON value: " + node.getNodeType());
    }
  }
}
