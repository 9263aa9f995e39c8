package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Reads committed text files defensively: a regular file (never a link, a device or a directory), at most a
 * given size, strict UTF-8. A link to {@code /dev/zero} or a multi-gigabyte file fails with a sentence, not
 * an {@code OutOfMemoryError}.
 *
 * <pre>{@code
 * Optional<String> text = BoundedFiles.readRegular(file, 1 << 20, "leakage-review file");
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class BoundedFiles {
  private BoundedFiles() {}

  /**
   * The file's text, or empty when nothing exists at {@code file}.
   *
   * @param what what the file is, for messages ("leakage-review file")
   * @throws UnreadableFileException when it exists but is not a regular file, is larger than {@code maxBytes},
   *     is not UTF-8 or cannot be read
   */
  public static Optional<String> readRegular(Path file, int maxBytes, String what) {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UnreadableFileException(file, "the " + what + " " + file + " cannot be read: " + AtomicFiles.reason(e)
          + ". Check that its directory is a directory and both are readable.");
    }
    if (attributes.isSymbolicLink()) {
      throw new UnreadableFileException(file, "the " + what + " " + file + " is a symbolic link: only a regular "
          + "file committed in place counts. Replace the link with the file itself.");
    }
    if (!attributes.isRegularFile()) {
      throw new UnreadableFileException(file, "the " + what + " " + file + " is not a regular file. Replace it "
          + "with the JSON file itself.");
    }
    if (attributes.size() > maxBytes) {
      throw new UnreadableFileException(file, tooLarge(what, file, maxBytes));
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
      bytes = in.readNBytes(maxBytes + 1);
    } catch (IOException e) {
      throw new UnreadableFileException(file, "the " + what + " " + file + " cannot be read: " + AtomicFiles.reason(e)
          + ". Check its permissions.");
    }
    if (bytes.length > maxBytes) {
      throw new UnreadableFileException(file, tooLarge(what, file, maxBytes));
    }
    try {
      return Optional.of(StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes)).toString());
    } catch (CharacterCodingException e) {
      throw new UnreadableFileException(file, "the " + what + " " + file + " is not UTF-8 text. Save it as UTF-8.");
    }
  }

  private static String tooLarge(String what, Path file, int maxBytes) {
    return "the " + what + " " + file + " is larger than " + maxBytes + " bytes, far beyond any real one. Replace "
        + "it with the JSON file the gate wrote.";
  }

  /** A file that exists but cannot be taken as committed content; the message says why and what to do. */
  public static final class UnreadableFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Path file;

    public UnreadableFileException(Path file, String message) {
      super(message);
      this.file = file;
    }

    /** The file. */
    public Path file() {
      return file;
    }
  }
}
