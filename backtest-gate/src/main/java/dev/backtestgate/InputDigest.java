package dev.backtestgate;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Period;
import java.time.ZoneId;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The digest of what a check input asks the fingerprint to cover ({@code CheckInput.fingerprinted()}): its values
 * encoded canonically (each value tagged with its kind, texts as UTF-8 with their length, numbers as 64-bit words,
 * {@code -0.0} as {@code 0.0} and every NaN alike, sets and maps in the order of their elements' encodings, records
 * and other objects field by field in declaration order), then SHA-256. docs/fingerprint.md specifies it.
 *
 * <p>What cannot be encoded (a function, a stream, a file handle: anything of the JDK that is not a value) is refused
 * with the path to it, so the check's author says what of it the fingerprint covers instead of having it silently
 * left out.
 *
 * <pre>{@code
 * Optional<String> digest = InputDigest.of(input);   // 64 hex digits, or empty when it covers nothing
 * }</pre>
 */
final class InputDigest {
  /** Objects nested deeper than this are refused: a structure that deep is a graph, not an input's data. */
  static final int MAX_DEPTH = 64;

  private final DataOutputStream out;
  private final Map<Object, Boolean> open = new IdentityHashMap<>();

  private InputDigest(DataOutputStream out) {
    this.out = out;
  }

  /**
   * The digest (64 lower-case hex digits) of what {@code input} asks the fingerprint to cover, or empty when it
   * covers nothing ({@code fingerprinted()} is empty).
   *
   * @throws IllegalArgumentException naming the path of a value that cannot be encoded, and the fix
   */
  static Optional<String> of(CheckInput input) {
    List<?> covered = input.fingerprinted();
    if (covered == null) {
      throw new IllegalArgumentException(input.getClass().getName() + ".fingerprinted() returned null: return the "
          + "values the fingerprint should cover, or List.of() for none.");
    }
    if (covered.isEmpty()) {
      return Optional.empty();
    }
    String path = input.getClass().getSimpleName();
    return Optional.of(digest(digest -> digest.value(input, path, 0)));
  }

  /** Whether {@code input} covers exactly itself (the default): then its fields are what is encoded. */
  private static boolean itself(CheckInput input) {
    List<?> covered = input.fingerprinted();
    return covered != null && covered.size() == 1 && covered.get(0) == input;
  }

  private interface Encoding {
    void write(InputDigest digest) throws IOException;
  }

  private static String digest(Encoding encoding) {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    InputDigest digest = new InputDigest(new DataOutputStream(bytes));
    try {
      encoding.write(digest);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return HexFormat.of().formatHex(sha.digest(bytes.toByteArray()));
  }

  private void value(Object value, String path, int depth) throws IOException {
    if (depth > MAX_DEPTH) {
      throw refused(path, "is nested more than " + MAX_DEPTH + " levels deep");
    }
    if (value == null) {
      out.writeByte('n');
    } else if (value instanceof Boolean b) {
      out.writeByte('z');
      out.writeBoolean(b);
    } else if (value instanceof Byte || value instanceof Short || value instanceof Integer || value instanceof Long) {
      out.writeByte('j');
      out.writeLong(((Number) value).longValue());
    } else if (value instanceof Float || value instanceof Double) {
      out.writeByte('d');
      out.writeLong(word(((Number) value).doubleValue()));
    } else if (value instanceof BigInteger || value instanceof BigDecimal) {
      out.writeByte('b');
      text(value.toString());
    } else if (value instanceof Character c) {
      out.writeByte('c');
      out.writeChar(c);
    } else if (value instanceof CharSequence || value instanceof UUID) {
      out.writeByte('t');
      text(value.toString());
    } else if (value instanceof Enum<?> e) {
      out.writeByte('e');
      text(e.getDeclaringClass().getName());
      text(e.name());
    } else if (value instanceof TemporalAccessor || value instanceof Duration || value instanceof Period
        || value instanceof ZoneId) {
      out.writeByte('T');
      text(value.getClass().getName());
      text(value.toString());
    } else if (value instanceof Optional<?> optional) {
      out.writeByte('o');
      out.writeBoolean(optional.isPresent());
      if (optional.isPresent()) {
        value(optional.get(), path + ".get()", depth + 1);
      }
    } else if (value.getClass().isArray()) {
      array(value, path, depth);
    } else if (value instanceof Set<?> set) {
      enter(value, path);
      out.writeByte('S');
      unordered(set, path, depth);
      open.remove(value);
    } else if (value instanceof Collection<?> list) {
      enter(value, path);
      out.writeByte('L');
      out.writeInt(list.size());
      int i = 0;
      for (Object element : list) {
        value(element, path + "[" + i++ + "]", depth + 1);
      }
      open.remove(value);
    } else if (value instanceof Map<?, ?> map) {
      enter(value, path);
      out.writeByte('M');
      List<byte[]> entries = new ArrayList<>();
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        entries.add(encoded(List.of(Optional.ofNullable(entry.getKey()), Optional.ofNullable(entry.getValue())),
            path + "[" + entry.getKey() + "]", depth + 1));
      }
      sorted(entries);
      open.remove(value);
    } else if (value instanceof CheckInput input && !itself(input)) {
      enter(value, path);
      out.writeByte('I');
      text(input.getClass().getName());
      value(input.fingerprinted(), path + ".fingerprinted()", depth + 1);
      open.remove(value);
    } else {
      object(value, path, depth);
    }
  }

  private void object(Object value, String path, int depth) throws IOException {
    Class<?> type = value.getClass();
    if (isJdk(type) || type.isSynthetic() || type.isHidden() || type.getName().contains("$$Lambda")) {
      throw refused(path, "is a " + describe(type) + ", not data the fingerprint can encode");
    }
    enter(value, path);
    out.writeByte('R');
    text(type.getName());
    if (type.isRecord()) {
      RecordComponent[] components = type.getRecordComponents();
      out.writeInt(components.length);
      for (RecordComponent component : components) {
        value(read(component, value, path), path + "." + component.getName(), depth + 1);
      }
    } else {
      List<Field> fields = fields(type);
      out.writeInt(fields.size());
      for (Field field : fields) {
        value(read(field, value, path), path + "." + field.getName(), depth + 1);
      }
    }
    open.remove(value);
  }

  private void array(Object array, String path, int depth) throws IOException {
    Class<?> component = array.getClass().getComponentType();
    int length = Array.getLength(array);
    out.writeByte('A');
    out.writeByte(component.isPrimitive() ? component.getName().charAt(0) : 'L');
    out.writeInt(length);
    if (component == double.class || component == float.class) {
      for (int i = 0; i < length; i++) {
        out.writeLong(word(Array.getDouble(array, i)));
      }
    } else if (component == boolean.class) {
      for (boolean b : (boolean[]) array) {
        out.writeBoolean(b);
      }
    } else if (component == char.class) {
      for (char c : (char[]) array) {
        out.writeChar(c);
      }
    } else if (component.isPrimitive()) {
      for (int i = 0; i < length; i++) {
        out.writeLong(Array.getLong(array, i));
      }
    } else {
      enter(array, path);
      for (int i = 0; i < length; i++) {
        value(Array.get(array, i), path + "[" + i + "]", depth + 1);
      }
      open.remove(array);
    }
  }

  private void unordered(Collection<?> elements, String path, int depth) throws IOException {
    List<byte[]> encodings = new ArrayList<>();
    for (Object element : elements) {
      encodings.add(encoded(List.of(Optional.ofNullable(element)), path + "{" + element + "}", depth + 1));
    }
    sorted(encodings);
  }

  private byte[] encoded(Object value, String path, int depth) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    InputDigest inner = new InputDigest(new DataOutputStream(bytes));
    inner.open.putAll(open);
    inner.value(value, path, depth);
    return bytes.toByteArray();
  }

  private void sorted(List<byte[]> encodings) throws IOException {
    encodings.sort(Arrays::compareUnsigned);
    out.writeInt(encodings.size());
    for (byte[] encoding : encodings) {
      out.writeInt(encoding.length);
      out.write(encoding);
    }
  }

  private void enter(Object value, String path) {
    if (open.put(value, Boolean.TRUE) != null) {
      throw refused(path, "refers back to itself");
    }
  }

  private void text(String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  /** The fingerprint's value word: the IEEE-754 bits, {@code -0.0} as {@code 0.0}, every NaN as one. */
  private static long word(double value) {
    return value == 0 ? 0L : Double.doubleToLongBits(value);
  }

  private static boolean isJdk(Class<?> type) {
    String name = type.getName();
    return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
        || name.startsWith("sun.") || name.startsWith("com.sun.");
  }

  private static String describe(Class<?> type) {
    return type.isSynthetic() || type.isHidden() || type.getName().contains("$$Lambda") ? "lambda or generated class"
        : type.getName();
  }

  /** The instance fields of {@code type} and its superclasses, the topmost class's first, in declaration order. */
  private static List<Field> fields(Class<?> type) {
    List<Class<?>> chain = new ArrayList<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      chain.add(c);
    }
    Collections.reverse(chain);
    List<Field> fields = new ArrayList<>();
    for (Class<?> c : chain) {
      for (Field field : c.getDeclaredFields()) {
        int modifiers = field.getModifiers();
        if (!Modifier.isStatic(modifiers) && !Modifier.isTransient(modifiers) && !field.isSynthetic()) {
          fields.add(field);
        }
      }
    }
    return fields;
  }

  private static Object read(RecordComponent component, Object record, String path) {
    try {
      var accessor = component.getAccessor();
      accessor.setAccessible(true);
      return accessor.invoke(record);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw refused(path + "." + component.getName(), "could not be read (" + e + ")");
    }
  }

  private static Object read(Field field, Object object, String path) {
    try {
      field.setAccessible(true);
      return field.get(object);
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw refused(path + "." + field.getName(), "could not be read (" + e + ")");
    }
  }

  private static IllegalArgumentException refused(String path, String what) {
    return new IllegalArgumentException(path + " " + what + ": override fingerprinted() in the input to return "
        + "the data the fingerprint should cover (or List.of() for none).");
  }
}
