package dev.backtestgate.report;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;

/**
 * Writes markup that parses both as HTML and as XML: every element is closed in order (the writer keeps
 * the stack, so a forgotten close fails at {@link #finish()}), all text and attribute values are escaped,
 * and characters XML forbids are replaced by U+FFFD.
 */
final class Html {
  /** The only elements written as {@code <x/>}: HTML void elements and SVG shapes. */
  private static final Set<String> EMPTY = Set.of("meta", "br", "wbr", "hr", "col",
      "path", "line", "rect", "circle", "polygon", "polyline");

  private final StringBuilder out;
  private final Deque<String> open = new ArrayDeque<>();

  Html(int capacity) {
    out = new StringBuilder(capacity);
  }

  /**
   * Escapes text for element content: {@code & < > " '} become references, a carriage return becomes
   * {@code &#13;} (so parsers keep it), and characters XML 1.0 forbids (control characters, lone
   * surrogates) become U+FFFD.
   */
  static String escape(String text) {
    StringBuilder b = new StringBuilder(text.length() + 16);
    escapeInto(b, text, false);
    return b.toString();
  }

  /** As {@link #escape(String)}, and also tabs and line feeds as references, which attribute values need. */
  static String escapeAttribute(String text) {
    StringBuilder b = new StringBuilder(text.length() + 16);
    escapeInto(b, text, true);
    return b.toString();
  }

  private static void escapeInto(StringBuilder b, String text, boolean attribute) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        case '\r' -> b.append("&#13;");
        case '\n' -> b.append(attribute ? "&#10;" : "\n");
        case '\t' -> b.append(attribute ? "&#9;" : "\t");
        default -> {
          if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
            b.append(c).append(text.charAt(++i));
          } else if (allowedInXml(c)) {
            b.append(c);
          } else {
            b.append('\uFFFD');
          }
        }
      }
    }
  }

  /** Whether a single UTF-16 unit is a character XML 1.0 allows on its own. */
  static boolean allowedInXml(char c) {
    return c == '\t' || c == '\n' || c == '\r' || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD);
  }

  /** Opens {@code tag} with attributes given as name, value pairs (a {@code null} value omits the attribute). */
  Html open(String tag, String... attributes) {
    start(tag, attributes);
    out.append('>');
    open.push(tag);
    return this;
  }

  /** Closes the innermost open element. */
  Html close() {
    out.append("</").append(open.pop()).append('>');
    return this;
  }

  /** An element holding only {@code text}. */
  Html element(String tag, String text, String... attributes) {
    return open(tag, attributes).text(text).close();
  }

  /** A void or SVG shape element, written as {@code <tag .../>}. */
  Html empty(String tag, String... attributes) {
    if (!EMPTY.contains(tag)) {
      throw new IllegalArgumentException("<" + tag + "/> does not parse as HTML: use open/close for " + tag + ".");
    }
    start(tag, attributes);
    out.append("/>");
    return this;
  }

  /** Escaped text. */
  Html text(String text) {
    escapeInto(out, text, false);
    return this;
  }

  /** Markup written as is: only for constants of this package (the doctype and the style sheet). */
  Html raw(String markup) {
    out.append(markup);
    return this;
  }

  /** A new line, to keep the source readable. */
  Html nl() {
    out.append('\n');
    return this;
  }

  /** The markup; fails if an element is still open. */
  String finish() {
    if (!open.isEmpty()) {
      throw new IllegalStateException("unclosed elements: " + open);
    }
    return out.toString();
  }

  private void start(String tag, String... attributes) {
    if (attributes.length % 2 != 0) {
      throw new IllegalArgumentException("attributes of <" + tag + "> must come in name, value pairs; got "
          + attributes.length + " strings.");
    }
    out.append('<').append(tag);
    for (int i = 0; i < attributes.length; i += 2) {
      if (attributes[i + 1] != null) {
        out.append(' ').append(attributes[i]).append("=\"");
        escapeInto(out, attributes[i + 1], true);
        out.append('"');
      }
    }
  }
}
