package dev.backtestgate.review;

import dev.backtestgate.internal.BoundedFiles;
import dev.backtestgate.internal.FileNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Sign-offs as files {@code <dir>/<safe gate id>.json}. */
final class DirectoryReviewStore implements ReviewStore {
  /**
   * A sign-off without its claim is about 1.5 KB; the claim it embeds may reach a claim file's limit (16 MiB, with a
   * feature summary of up to 100 points per recorded feature), so anything beyond that and the review is not one.
   */
  static final int MAX_BYTES = 16 * 1024 * 1024 + 256 * 1024;

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
  public SortedMap<Path, String> voidRecords() {
    Path dir = directory.resolve(SignOffVoid.DIRECTORY);
    SortedMap<Path, String> out = new TreeMap<>();
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
        throw new BoundedFiles.UnreadableFileException(dir, "the void-record directory " + dir + " is not a "
            + "directory (a link or a file): void records are committed in place. Replace it with the directory.");
      }
      return out;
    }
    List<Path> files;
    try (Stream<Path> listing = Files.list(dir)) {
      files = listing.filter(p -> p.getFileName().toString().endsWith(".json")
          && !p.getFileName().toString().startsWith(".")).sorted().toList();
    } catch (IOException e) {
      throw new BoundedFiles.UnreadableFileException(dir, "the void-record directory " + dir + " cannot be listed: "
          + e.getMessage() + ". Check its permissions.");
    }
    for (Path file : files) {
      BoundedFiles.readRegular(file, MAX_BYTES, "void record").ifPresent(text -> out.put(file, text));
    }
    return out;
  }

  @Override
  public String toString() {
    return "ReviewStore[" + directory + "]";
  }
}
