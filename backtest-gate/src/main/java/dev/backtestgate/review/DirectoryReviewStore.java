package dev.backtestgate.review;

import dev.backtestgate.internal.BoundedFiles;
import dev.backtestgate.internal.FileNames;
import java.nio.file.Path;
import java.util.Optional;

/** Sign-offs as files {@code <dir>/<safe gate id>.json}. */
final class DirectoryReviewStore implements ReviewStore {
  /** A real sign-off is about 1.5 KB; anything beyond this is not one. */
  static final int MAX_BYTES = 256 * 1024;

  private final Path directory;

  DirectoryReviewStore(Path directory) {
    this.directory = directory.toAbsolutePath().normalize();
  }

  @Override
  public Path locationOf(String gateId) {
    return directory.resolve(FileNames.of(gateId));
  }

  @Override
  public Path directory() {
    return directory;
  }

  @Override
  public Optional<String> read(String gateId) {
    return BoundedFiles.readRegular(locationOf(gateId), MAX_BYTES, "leakage-review file");
  }

  @Override
  public String toString() {
    return "ReviewStore[" + directory + "]";
  }
}
