package dev.backtestgate.trials;

import dev.backtestgate.internal.AtomicFiles;
import dev.backtestgate.internal.BoundedFiles;
import dev.backtestgate.internal.JsonProblem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The trials ledger in a local directory: {@code <root>/<test set's 64 hex digits>/<sequence>-<content hash>-<unique
 * suffix>.json}, one file per entry. An append writes a temporary file beside the entry and renames it into place
 * ({@link AtomicFiles}): a reader never sees half an entry, and two forks appending at once write two files, so
 * neither is lost. No file is ever rewritten. The sequence is one more than the largest in the test set's file
 * names, read from the directory listing alone.
 */
final class DirectoryLedger implements TrialLedger {
  /** An entry is a few hundred bytes; a larger file under an entry's name is not one. */
  static final int MAX_ENTRY_BYTES = 64 * 1024;
  private static final Pattern ENTRY = Pattern.compile("([0-9]{1,18})-[0-9a-f]{16}-[0-9a-f]{12}\\.json");
  private final Path root;

  DirectoryLedger(Path root) {
    this.root = root;
  }

  @Override
  public Reading read(String testSet) {
    Path dir = directoryOf(testSet);
    List<LedgerEntry> entries = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    for (Path file : entryFiles(dir)) {
      try {
        Optional<String> text = BoundedFiles.readRegular(file, MAX_ENTRY_BYTES, "trials ledger entry");
        if (text.isEmpty()) {
          continue;   // removed since the listing
        }
        LedgerEntry entry = LedgerEntry.parse(text.get());
        if (!entry.key().testSet().equals(testSet)) {
          skipped.add(file + " belongs to test set " + entry.key().testSet() + ", not to the directory it is in");
        } else {
          entries.add(entry);
        }
      } catch (NewerLedgerException e) {
        throw new NewerLedgerException(file, e);
      } catch (JsonProblem e) {
        skipped.add(file + " is not a ledger entry (at " + e.jsonPath() + ": " + e.problem() + ")");
      } catch (BoundedFiles.UnreadableFileException e) {
        skipped.add(e.getMessage());
      }
    }
    entries.sort(LedgerEntry.ORDER);
    return new Reading(entries, skipped);
  }

  @Override
  public LedgerEntry append(LedgerEntry entry) {
    Path dir = directoryOf(entry.key().testSet());
    long largest = 0;
    for (Path file : entryFiles(dir)) {
      Matcher m = ENTRY.matcher(file.getFileName().toString());
      if (m.matches()) {
        largest = Math.max(largest, Long.parseLong(m.group(1)));
      }
    }
    LedgerEntry written = entry.withSequence(largest + 1);
    String json = written.toJson();
    String name = String.format("%010d-%s-%s.json", written.sequence(), sha256(json).substring(0, 16),
        UUID.randomUUID().toString().replace("-", "").substring(0, 12));
    AtomicFiles.write(dir.resolve(name), json);
    return written;
  }

  @Override
  public Optional<String> unwritable() {
    Path at = root.toAbsolutePath().normalize();
    while (at != null && !Files.exists(at)) {
      at = at.getParent();
    }
    if (at == null) {
      return Optional.of("no parent directory of " + root.toAbsolutePath() + " exists");
    }
    if (!Files.isDirectory(at)) {
      return Optional.of(at + " is a file where the ledger needs a directory");
    }
    if (!Files.isWritable(at)) {
      return Optional.of("the directory " + at + " is not writable");
    }
    return Optional.empty();
  }

  @Override
  public String where() {
    return root.toAbsolutePath().normalize().toString();
  }

  @Override
  public String toString() {
    return "the trials ledger " + root;
  }

  private Path directoryOf(String testSet) {
    return root.resolve(new TrialKey(testSet, TrialKey.SCORES_PREFIX + "0".repeat(64)).testSetHex());
  }

  /** The entry files of one test set (temporary files of appends under way start with a dot and are left out). */
  private static List<Path> entryFiles(Path dir) {
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, "*.json")) {
      for (Path file : stream) {
        if (!file.getFileName().toString().startsWith(".")) {
          files.add(file);
        }
      }
    } catch (NoSuchFileException e) {
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not list " + dir + ": " + AtomicFiles.reason(e) + ". Check that the "
          + "trials ledger's directory is a readable directory.", e);
    }
    files.sort(null);
    return files;
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
