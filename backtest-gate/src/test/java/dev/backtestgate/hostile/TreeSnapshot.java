package dev.backtestgate.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A directory tree as it is on disk, to prove a gate left it untouched: every entry's relative path, type,
 * size, modification time and content hash (links by their target, never followed; fifos and devices by
 * their type only, never opened; files over 16 MiB by size and time only).
 *
 * <pre>{@code
 * TreeSnapshot before = TreeSnapshot.of(reviewDir);
 * ... run the gate ...
 * before.assertUnchanged();
 * }</pre>
 */
record TreeSnapshot(Path root, Map<String, String> entries) {
  private static final long MAX_HASHED = 16L * 1024 * 1024;

  static TreeSnapshot of(Path root) {
    Map<String, String> entries = new TreeMap<>();
    if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
      entries.put("", "absent");
      return new TreeSnapshot(root, entries);
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        entries.put(root.relativize(p).toString(), describe(p));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new TreeSnapshot(root, entries);
  }

  /** Fails unless the tree is exactly as it was. */
  void assertUnchanged() {
    assertThat(of(root).entries()).as("the review directory %s after the gate ran", root).isEqualTo(entries);
  }

  private static String describe(Path p) {
    try {
      BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      String times = " mtime=" + a.lastModifiedTime().toMillis();
      if (a.isSymbolicLink()) {
        return "link -> " + Files.readSymbolicLink(p) + times;
      }
      if (a.isDirectory()) {
        return "dir" + times;
      }
      if (!a.isRegularFile()) {
        return "other" + times;
      }
      // size and time already tell a sparse multi-gigabyte test file apart; hashing it would take minutes
      return "file size=" + a.size() + times + (a.size() > MAX_HASHED ? "" : " sha256=" + sha256(p));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String sha256(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      byte[] buffer = new byte[8192];
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
