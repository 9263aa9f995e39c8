package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.apiguardian.api.API;

/**
 * Writes files so that a reader sees either the old content or the new, never a half-written file, even
 * when parallel tests write side by side: a temporary file in the same directory, then an atomic rename.
 *
 * <pre>{@code
 * AtomicFiles.write(reportDir.resolve("gate.json"), json);
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class AtomicFiles {
  private AtomicFiles() {}

  /** Writes {@code text} as UTF-8 to {@code target}, creating parent directories, replacing atomically. */
  public static Path write(Path target, String text) {
    return write(target, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes {@code bytes} to {@code target}, creating parent directories, replacing atomically. */
  public static Path write(Path target, byte[] bytes) {
    Path absolute = target.toAbsolutePath().normalize();
    Path dir = absolute.getParent();
    Path temp = null;
    try {
      Files.createDirectories(dir);
      temp = Files.createTempFile(dir, "." + absolute.getFileName(), ".tmp");
      Files.write(temp, bytes);
      readableByAll(temp);
      try {
        Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
      }
      return absolute;
    } catch (IOException e) {
      deleteQuietly(temp);
      throw new UncheckedIOException("Could not write " + absolute + ": " + reason(e)
          + ". Check that the directory is writable and the disk is not full.", e);
    }
  }

  /** An I/O failure in words: the JDK's messages for these are often just a path. */
  public static String reason(IOException e) {
    if (e instanceof AccessDeniedException denied) {
      return "permission denied on " + denied.getFile();
    }
    if (e instanceof FileAlreadyExistsException exists) {
      return exists.getFile() + " is in the way (a file where a directory is needed)";
    }
    if (e instanceof NoSuchFileException missing) {
      return missing.getFile() + " does not exist";
    }
    if (e instanceof FileSystemException fs) {
      return (fs.getReason() == null ? "it failed" : fs.getReason().toLowerCase(java.util.Locale.ROOT)) + " ("
          + fs.getFile() + ")";
    }
    return e.getMessage() == null ? "an I/O error" : e.getMessage();
  }

  /** Temporary files are created owner-only; reports are meant to be read by whoever opens the build. */
  private static void readableByAll(Path file) throws IOException {
    if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    }
  }

  private static void deleteQuietly(Path temp) {
    if (temp == null) {
      return;
    }
    try {
      Files.deleteIfExists(temp);
    } catch (IOException ignored) {
      // the original failure is what matters
    }
  }
}
