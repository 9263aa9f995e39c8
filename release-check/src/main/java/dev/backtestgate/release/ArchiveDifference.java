package dev.backtestgate.release;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Where two builds of one archive (a jar, a zip) first differ: the entry, and in it the first byte that differs, with
 * the text around it, so a refusal says "META-INF/NOTICE, at byte 613: {@code Syst??mes} vs {@code Systèmes}"
 * rather than two digests nobody can act on.
 */
final class ArchiveDifference {
  /** Bytes of context shown on each side of the first differing byte. */
  private static final int CONTEXT = 24;

  private ArchiveDifference() {}

  /** True for a file name whose content is a zip archive. */
  static boolean isArchive(String name) {
    return name.endsWith(".jar") || name.endsWith(".zip") || name.endsWith(".war");
  }

  /**
   * The first difference between two archives, in the order of the first one's entries; empty when neither is a
   * readable zip (the caller then names the file only).
   */
  static Optional<String> first(byte[] a, byte[] b) {
    List<Entry> left;
    List<Entry> right;
    try {
      left = entries(a);
      right = entries(b);
    } catch (IOException e) {
      return Optional.empty();
    }
    if (left.isEmpty() && right.isEmpty()) {
      return Optional.empty();
    }
    for (int i = 0; i < Math.max(left.size(), right.size()); i++) {
      if (i >= left.size()) {
        return Optional.of("first differing entry " + right.get(i).name() + ": only in the second build");
      }
      if (i >= right.size()) {
        return Optional.of("first differing entry " + left.get(i).name() + ": only in the first build");
      }
      Entry x = left.get(i);
      Entry y = right.get(i);
      if (!x.name().equals(y.name())) {
        return Optional.of("first differing entry at position " + (i + 1) + ": " + x.name() + " in the first build, "
            + y.name() + " in the second (entries in another order, or one missing)");
      }
      if (!Arrays.equals(x.content(), y.content())) {
        return Optional.of("first differing entry " + x.name() + ": " + firstByte(x.content(), y.content()));
      }
      if (!x.header().equals(y.header())) {
        return Optional.of("first differing entry " + x.name() + ": same content, other header (" + x.header()
            + " vs " + y.header() + ")");
      }
    }
    return Optional.of("every entry has the same name, content and header; the archives differ in their central "
        + "directory (file modes, comments): byte " + (mismatch(a, b) + 1));
  }

  private static String firstByte(byte[] x, byte[] y) {
    int at = mismatch(x, y);
    return "at byte " + (at + 1) + ", " + excerpt(x, at) + " vs " + excerpt(y, at);
  }

  private static int mismatch(byte[] x, byte[] y) {
    int at = Arrays.mismatch(x, y);
    return at < 0 ? Math.min(x.length, y.length) : at;
  }

  /** The bytes around {@code at}, as UTF-8 with control characters escaped, quoted. */
  private static String excerpt(byte[] bytes, int at) {
    int from = Math.max(0, at - CONTEXT);
    int to = Math.min(bytes.length, at + CONTEXT);
    // whole UTF-8 characters only: never start or end inside one
    while (from > 0 && (bytes[from] & 0xC0) == 0x80) {
      from--;
    }
    while (to < bytes.length && (bytes[to] & 0xC0) == 0x80) {
      to++;
    }
    String text = new String(bytes, from, to - from, StandardCharsets.UTF_8);
    StringBuilder shown = new StringBuilder("\"");
    text.codePoints().forEach(c -> {
      if (c == '\n') {
        shown.append("\\n");
      } else if (c < 0x20 || c == 0x7f) {
        shown.append(String.format("\\x%02x", c));
      } else {
        shown.appendCodePoint(c);
      }
    });
    return shown.append('"').toString();
  }

  private record Entry(String name, byte[] content, String header) {}

  private static List<Entry> entries(byte[] zip) throws IOException {
    List<Entry> entries = new ArrayList<>();
    try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        byte[] content = in.readAllBytes();
        String header = "time " + e.getTime() + ", method " + e.getMethod() + ", extra "
            + (e.getExtra() == null ? "none" : e.getExtra().length + " bytes " + Arrays.hashCode(e.getExtra()))
            + ", comment " + Objects.requireNonNullElse(e.getComment(), "none");
        entries.add(new Entry(e.getName(), content, header));
      }
    }
    return entries;
  }
}
