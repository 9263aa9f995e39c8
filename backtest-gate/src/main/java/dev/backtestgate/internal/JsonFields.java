package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Reads one JSON object strictly, field by field: unknown fields, missing fields, wrong types, fractional or
 * out-of-range whole numbers and non-finite numbers fail with the JSON path of the problem
 * ({@link JsonProblem}). No value is ever narrowed silently.
 *
 * <pre>{@code
 * JsonFields top = JsonFields.root(StrictJson.parse(text)).onlyFields(Set.of("schema", "table"));
 * int schema = top.wholeNumber("schema");
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class JsonFields {
  private static final Pattern ISO_DATE = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");
  private final String path;
  private final JsonNode node;

  private JsonFields(String path, JsonNode node) {
    this.path = path;
    this.node = node;
    if (node == null || !node.isObject()) {
      throw fail(path, "expected an object, found " + describe(node) + ".");
    }
  }

  /** The document's top-level object, at {@code $}. */
  public static JsonFields root(JsonNode root) {
    return new JsonFields("$", root);
  }

  /** Rejects any field not in {@code allowed}, naming the allowed ones. */
  public JsonFields onlyFields(Collection<String> allowed) {
    for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!allowed.contains(name)) {
        throw fail(path + "." + name, "unknown field '" + name + "'. Allowed here: " + String.join(", ", allowed)
            + ". Remove it or fix its spelling.");
      }
    }
    return this;
  }

  /** True when the field is present. */
  public boolean has(String field) {
    return node.has(field);
  }

  /** True when the field is present and {@code null}. */
  public boolean isNull(String field) {
    return node.has(field) && node.get(field).isNull();
  }

  /** A string. */
  public String text(String field) {
    JsonNode value = required(field);
    if (!value.isTextual()) {
      throw fail(path + "." + field, "expected a string, found " + describe(value) + ".");
    }
    return value.textValue();
  }

  /** A finite number. */
  public double number(String field) {
    return finite(path + "." + field, required(field));
  }

  /** A whole number that fits an {@code int}. */
  public int wholeNumber(String field) {
    JsonNode value = required(field);
    if (!value.isIntegralNumber() || !value.canConvertToInt()) {
      throw fail(path + "." + field, "expected a whole number between " + Integer.MIN_VALUE + " and "
          + Integer.MAX_VALUE + ", found " + describe(value) + ".");
    }
    return value.intValue();
  }

  /** A whole number that fits a {@code long}. */
  public long longNumber(String field) {
    JsonNode value = required(field);
    if (!value.isIntegralNumber() || !value.canConvertToLong()) {
      throw fail(path + "." + field, "expected a whole number between " + Long.MIN_VALUE + " and "
          + Long.MAX_VALUE + ", found " + describe(value) + ".");
    }
    return value.longValue();
  }

  /** {@code true} or {@code false}. */
  public boolean bool(String field) {
    JsonNode value = required(field);
    if (!value.isBoolean()) {
      throw fail(path + "." + field, "expected true or false, found " + describe(value) + ".");
    }
    return value.booleanValue();
  }

  /** An ISO date. */
  public LocalDate date(String field) {
    String text = text(field);
    try {
      // four-digit years only: LocalDate.parse also takes "+999999999-12-31", a date no review means
      if (ISO_DATE.matcher(text).matches()) {
        return LocalDate.parse(text);
      }
    } catch (DateTimeParseException e) {
      // worded below
    }
    throw fail(path + "." + field, "'" + shorten(text) + "' is not an ISO date: write it as YYYY-MM-DD, e.g. "
        + "2027-03-31.");
  }

  /** An ISO date, or {@code null} for an empty string (a form not filled in yet). */
  public LocalDate dateOrEmpty(String field) {
    return text(field).isEmpty() ? null : date(field);
  }

  /** A nested object. */
  public JsonFields object(String field) {
    return new JsonFields(path + "." + field, required(field));
  }

  /** The objects of an array, each read strictly at its own path. */
  public List<JsonFields> objects(String field) {
    List<JsonNode> items = array(field);
    List<JsonFields> objects = new ArrayList<>(items.size());
    for (int i = 0; i < items.size(); i++) {
      objects.add(new JsonFields(path + "." + field + "[" + i + "]", items.get(i)));
    }
    return objects;
  }

  /** An array of strings. */
  public List<String> textArray(String field) {
    List<String> texts = new ArrayList<>();
    List<JsonNode> items = array(field);
    for (int i = 0; i < items.size(); i++) {
      if (!items.get(i).isTextual()) {
        throw fail(path + "." + field + "[" + i + "]", "expected a string, found " + describe(items.get(i)) + ".");
      }
      texts.add(items.get(i).textValue());
    }
    return texts;
  }

  /** An array of exactly {@code size} finite numbers, of any length when {@code size} is negative. */
  public List<Double> numberArray(String field, int size) {
    List<JsonNode> items = array(field);
    if (size >= 0 && items.size() != size) {
      throw fail(path + "." + field, "expected " + size + " numbers, found " + items.size() + ".");
    }
    List<Double> numbers = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      numbers.add(finite(path + "." + field + "[" + i + "]", items.get(i)));
    }
    return numbers;
  }

  /** A problem at {@code at}. */
  public JsonProblem fail(String at, String problem) {
    return new JsonProblem(at, problem);
  }

  /** A copy of this object as a JSON tree, for a value kept whole (a claim a sign-off embeds). */
  public JsonNode tree() {
    return node.deepCopy();
  }

  /** This object's JSON path. */
  public String path() {
    return path;
  }

  private List<JsonNode> array(String field) {
    JsonNode value = required(field);
    if (!value.isArray()) {
      throw fail(path + "." + field, "expected an array, found " + describe(value) + ".");
    }
    List<JsonNode> items = new ArrayList<>();
    value.forEach(items::add);
    return items;
  }

  private double finite(String at, JsonNode value) {
    if (!value.isNumber()) {
      throw fail(at, "expected a number, found " + describe(value) + ".");
    }
    double number = value.doubleValue();
    if (!Double.isFinite(number)) {
      throw fail(at, "the number is out of range (beyond about 1.8e308): write a finite number.");
    }
    return number;
  }

  private JsonNode required(String field) {
    JsonNode value = node.get(field);
    if (value == null) {
      throw fail(path + "." + field, "the field is missing: add \"" + field + "\".");
    }
    return value;
  }

  /** A value as messages quote it: at most 40 characters. */
  public static String shorten(String text) {
    return text.length() > 40 ? text.substring(0, 37) + "..." : text;
  }

  private static String describe(JsonNode value) {
    if (value == null || value.isMissingNode()) {
      return "nothing";
    }
    if (value.isNull()) {
      return "null";
    }
    JsonNodeType type = value.getNodeType();
    return type.name().toLowerCase(Locale.ROOT) + " " + shorten(value.toString());
  }
}
