package dev.backtestgate.review;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/** Sign-offs as files {@code <dir>/<safe gate id>.json}. */
final class DirectoryReviewStore implements ReviewStore {
  private final Path directory;

  DirectoryReviewStore(Path directory) {
    this.directory = directory.toAbsolutePath().normalize();
  }

  @Override
  public Path locationOf(String gateId) {
    return directory.resolve(GateFileNames.of(gateId));
  }

  @Override
  public Path directory() {
    return directory;
  }

  @Override
  public Optional<String> read(String gateId) {
    Path file = locationOf(gateId);
    try {
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read leakage-review file " + file + ": " + e.getMessage()
          + ". Check its permissions.", e);
    }
  }

  @Override
  public String toString() {
    return "ReviewStore[" + directory + "]";
  }
}
