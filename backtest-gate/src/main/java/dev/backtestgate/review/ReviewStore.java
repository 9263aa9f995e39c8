package dev.backtestgate.review;

import static org.apiguardian.api.API.Status.STABLE;


import java.nio.file.Path;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * Where committed sign-off files live. Read-only by design: the gate never writes, updates or deletes
 * a sign-off; a person does, and commits it like code.
 *
 * <pre>{@code
 * ReviewStore store = ReviewStore.directory(Path.of("leakage-reviews"));
 * Optional<String> text = store.read("com.acme.ChurnBacktest#gbm");
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public interface ReviewStore {

  /** A store over one directory holding {@code <gate id>.json} files (file-system safe names). */
  static ReviewStore directory(Path directory) {
    return new DirectoryReviewStore(directory);
  }

  /** The absolute path where the sign-off for {@code gateId} is (or would be). */
  Path locationOf(String gateId);

  /** The directory sign-offs are copied into, for instructions. */
  Path directory();

  /**
   * The raw text of the sign-off for {@code gateId}, or empty when there is none.
   *
   * @throws java.io.UncheckedIOException when the file exists but cannot be read
   */
  Optional<String> read(String gateId);

  /**
   * The committed void records ({@link SignOffVoid}), by path, in path order; none unless the store keeps them.
   * A directory store reads {@code <dir>/voided/*.json}.
   *
   * @throws dev.backtestgate.internal.BoundedFiles.UnreadableFileException when one exists but cannot be read
   */
  default SortedMap<Path, String> voidRecords() {
    return new TreeMap<>();
  }
}
