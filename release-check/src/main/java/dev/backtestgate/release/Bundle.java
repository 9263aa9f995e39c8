package dev.backtestgate.release;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * A Central bundle: a zip whose entries are laid out as a Maven repository ({@code group/path/artifact/version/file}),
 * held in memory by entry name. Written deterministically: entries sorted by name, every entry with the same time, so
 * the same files always give the same zip bytes.
 */
record Bundle(SortedMap<String, byte[]> entries) {
  /** The time every entry carries (the DOS time field has no zone; this is the project's output timestamp). */
  private static final LocalDateTime ENTRY_TIME = LocalDateTime.of(2026, 12, 4, 0, 0);

  Bundle {
    entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
  }

  static Bundle of(Map<String, byte[]> entries) {
    return new Bundle(new TreeMap<>(entries));
  }

  /**
   * Reads a bundle through the zip's central directory, so a file that is not a zip (or is cut short) is refused, not
   * read as an empty bundle; a zip without a file is refused too, since two empty "bundles" would compare equal.
   */
  static Bundle read(Path zip) {
    SortedMap<String, byte[]> entries = new TreeMap<>();
    try (ZipFile file = new ZipFile(zip.toFile())) {
      for (ZipEntry e : Collections.list(file.entries())) {
        if (!e.isDirectory()) {
          try (InputStream in = file.getInputStream(e)) {
            entries.put(e.getName(), in.readAllBytes());
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the bundle " + zip + ": " + (e instanceof NoSuchFileException || e instanceof FileNotFoundException
          ? "no such file" : e.getMessage()) + ". Fix: give the central-bundle.zip a release build wrote "
          + "(release-check/target/central-bundle.zip)", e);
    }
    if (entries.isEmpty()) {
      throw new IllegalArgumentException("cannot read the bundle " + zip + ": the zip holds no file, so it is not a "
          + "release bundle. Fix: give the central-bundle.zip a release build wrote "
          + "(release-check/target/central-bundle.zip)");
    }
    return new Bundle(entries);
  }

  /** Writes the zip to a temporary file beside {@code zip} and moves it into place, so no half-written bundle exists. */
  void write(Path zip) {
    try {
      Files.createDirectories(zip.toAbsolutePath().getParent());
      Path partial = zip.resolveSibling(zip.getFileName() + ".partial");
      try {
        try (OutputStream file = Files.newOutputStream(partial); ZipOutputStream out = new ZipOutputStream(file)) {
          for (Map.Entry<String, byte[]> e : entries.entrySet()) {
            ZipEntry entry = new ZipEntry(e.getKey());
            entry.setTimeLocal(ENTRY_TIME);
            out.putNextEntry(entry);
            out.write(e.getValue());
            out.closeEntry();
          }
        }
        Files.move(partial, zip, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(partial);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the bundle " + zip + ": " + e.getMessage(), e);
    }
  }

  /** Unpacks the bundle as a file-based Maven repository under {@code directory} (replacing what was there). */
  void unpack(Path directory) {
    try {
      if (Files.exists(directory)) {
        try (var paths = Files.walk(directory)) {
          paths.sorted(Collections.reverseOrder()).forEach(p -> p.toFile().delete());
        }
      }
      for (Map.Entry<String, byte[]> e : entries.entrySet()) {
        Path target = directory.resolve(e.getKey()).normalize();
        if (!target.startsWith(directory)) {
          throw new IllegalArgumentException("bundle entry outside the repository: " + e.getKey());
        }
        Files.createDirectories(target.getParent());
        Files.write(target, e.getValue());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot unpack the bundle into " + directory + ": " + e.getMessage(), e);
    }
  }
}
