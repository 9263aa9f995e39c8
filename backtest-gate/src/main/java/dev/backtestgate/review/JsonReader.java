package dev.backtestgate.review;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/** Reads one JSON object strictly, field by field, naming the JSON path of every problem. */
final class JsonReader {
  private final Path file;
  private final String path;
  private final JsonNode node;

  JsonReader(Path file, String path, JsonNode node) {
    this.file = file;
    this.path = path;
    this.node = node;
    if (node == null || !node.isObject()) {
      throw fail(path, "expected an object, found " + describe(node));
    }
  }

  /** Rejects any field not in {@code allowed}, naming the allowed ones. */
  JsonReader onlyFields(Set<String> allowed) {
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!allowed.contains(name)) {
        throw fail(path + "." + name, "unknown field '" + name + "'. Allowed here: " + String.join(", ", allowed)
            + ". Remove it or fix its spelling.");
      }
    }
    return this;
  }

  String text(String field) {
    JsonNode value = required(field);
    if (!value.isTextual()) {
      throw fail(path + "." + field, "expected a string, found " + describe(value));
    }
    return value.textValue();
  }

  double number(String field) {
    JsonNode value = required(field);
    if (!value.isNumber()) {
      throw fail(path + "." + field, "expected a number, found " + describe(value));
    }
    return value.doubleValue();
  }

  int wholeNumber(String field) {
    JsonNode value = required(field);
    if (!value.isIntegralNumber() || !value.canConvertToInt()) {
      throw fail(path + "." + field, "expected a whole number, found " + describe(value));
    }
    return value.intValue();
  }

  boolean bool(String field) {
    JsonNode value = required(field);
    if (!value.isBoolean()) {
      throw fail(path + "." + field, "expected true or false, found " + describe(value));
    }
    return value.booleanValue();
  }

  /** An ISO date, or {@code null} for an empty string (a pending file). */
  LocalDate dateOrEmpty(String field) {
    String text = text(field);
    if (text.isEmpty()) {
      return null;
    }
    try {
      return LocalDate.parse(text);
    } catch (DateTimeParseException e) {
      throw fail(path + "." + field, "'" + text + "' is not an ISO date: write it as YYYY-MM-DD, e.g. 2027-03-31.");
    }
  }

  JsonReader object(String field) {
    return new JsonReader(file, path + "." + field, required(field));
  }

  List<JsonNode> array(String field) {
    JsonNode value = required(field);
    if (!value.isArray()) {
      throw fail(path + "." + field, "expected an array, found " + describe(value));
    }
    List<JsonNode> items = new ArrayList<>();
    value.forEach(items::add);
    return items;
  }

  List<String> textArray(String field) {
    List<String> texts = new ArrayList<>();
    List<JsonNode> items = array(field);
    for (int i = 0; i < items.size(); i++) {
      if (!items.get(i).isTextual()) {
        throw fail(path + "." + field + "[" + i + "]", "expected a string, found " + describe(items.get(i)));
      }
      texts.add(items.get(i).textValue());
    }
    return texts;
  }

  List<Double> numberArray(String field, int size) {
    List<JsonNode> items = array(field);
    if (items.size() != size) {
      throw fail(path + "." + field, "expected " + size + " numbers, found " + items.size());
    }
    List<Double> numbers = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      if (!items.get(i).isNumber()) {
        throw fail(path + "." + field + "[" + i + "]", "expected a number, found " + describe(items.get(i)));
      }
      numbers.add(items.get(i).doubleValue());
    }
    return numbers;
  }

  JsonReader element(String field, int index, JsonNode item) {
    return new JsonReader(file, path + "." + field + "[" + index + "]", item);
  }

  MalformedSignOffException fail(String at, String problem) {
    return new MalformedSignOffException(file, at, problem);
  }

  String path() {
    return path;
  }

  private JsonNode required(String field) {
    JsonNode value = node.get(field);
    if (value == null) {
      throw fail(path + "." + field, "the field is missing: add \"" + field + "\" (see docs/sign-off-format.md).");
    }
    return value;
  }

  private static String describe(JsonNode value) {
    if (value == null || value.isMissingNode()) {
      return "nothing";
    }
    JsonNodeType type = value.getNodeType();
    String shown = value.toString();
    if (shown.length() > 40) {
      shown = shown.substring(0, 37) + "...";
    }
    return type.name().toLowerCase(java.util.Locale.ROOT) + " " + shown;
  }
}
