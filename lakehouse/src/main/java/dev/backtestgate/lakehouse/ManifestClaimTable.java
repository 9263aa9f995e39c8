package dev.backtestgate.lakehouse;

import dev.backtestgate.history.HistoryCheck;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.tripwire.trace.TableTrace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The trace of a table whose history a committed manifest declares: the claim records the manifest's digest and
 * where it was ({@code manifest-sha256:<hex>@<path>}, {@link HistoryManifest#versionRead}); the trace reads the
 * manifest there now and says whether it is the one the backtest read; when it is not and accept-history kept the one
 * read beside it, which partitions were added, removed or changed ({@link HistoryCheck#compare(HistoryManifest,
 * HistoryManifest)}, the gate's own rule).
 */
final class ManifestClaimTable {
  private static final int HEX = 64;

  private ManifestClaimTable() {}

  /** Whether {@code binding} is a manifest's version read. */
  static boolean is(String binding) {
    return binding.startsWith(HistoryManifest.DIGEST_PREFIX);
  }

  /** The table {@code name}, read at {@code binding}, its manifest resolved against {@code module} when relative. */
  static TableTrace trace(String name, String binding, Path module) {
    int at = HistoryManifest.DIGEST_PREFIX.length() + HEX;
    if (binding.length() <= at + 1 || binding.charAt(at) != '@') {
      return TableTrace.unreadable(name, binding, "'" + binding + "' is not a manifest's digest and path "
          + "(manifest-sha256:<64 hex digits>@<path>)");
    }
    String read = binding.substring(0, at);
    Path file = module.resolve(binding.substring(at + 1)).toAbsolutePath().normalize();
    if (!Files.exists(file)) {
      return TableTrace.unreadable(name, binding, "the manifest is gone: no file at " + file + " (run the command "
          + "from the module the backtest ran in, or pass --module=<dir>)");
    }
    HistoryManifest now;
    try {
      now = HistoryManifest.read(file);
    } catch (IOException | IllegalArgumentException e) {
      return TableTrace.unreadable(name, binding, "the manifest at " + file + " cannot be read: " + e.getMessage());
    }
    String digest = now.digest();
    if (digest.equals(read)) {
      return TableTrace.manifest(name, binding, List.of(TableTrace.MANIFEST_UNCHANGED + " (" + read + ")"));
    }
    List<String> lines = new ArrayList<>();
    lines.add(TableTrace.MANIFEST_CHANGED + ": read " + read + ", now " + digest);
    lines.add("now: table '" + now.table() + "', " + now.partitions().size() + " " + now.granularity().configValue()
        + " partition(s) before " + now.closedBefore());
    Optional<Path> kept = kept(file, read);
    if (kept.isEmpty()) {
      lines.add("the claim records the digest, not the entries, and no manifest accept-history kept beside it ("
          + file.getFileName().toString().replaceAll("\\.json$", "") + ".replaced-*.json) is the one read: "
          + "git log -p -- " + file + " shows which partitions were added, removed or changed");
      return TableTrace.manifest(name, binding, lines);
    }
    HistoryManifest before = readOrNull(kept.get());
    lines.add("the manifest the backtest read is kept as " + kept.get().getFileName());
    if (!before.table().equals(now.table()) || before.granularity() != now.granularity()
        || !before.closedBefore().equals(now.closedBefore())) {
      lines.add("it covers '" + before.table() + "', " + before.granularity().configValue() + " partitions before "
          + before.closedBefore() + ", so its partitions are not compared with the manifest's now");
      return TableTrace.manifest(name, binding, lines);
    }
    HistoryCheck.compare(before, now).findings().forEach(f -> lines.add(f.describe()));
    return TableTrace.manifest(name, binding, lines);
  }

  /**
   * The manifest accept-history kept beside {@code file} when it replaced it ({@code <stem>.replaced-*.json}) whose
   * digest is {@code read}, the first by name.
   */
  private static Optional<Path> kept(Path file, String read) {
    String prefix = file.getFileName().toString().replaceAll("\\.json$", "") + ".replaced-";
    try (Stream<Path> siblings = Files.list(file.getParent())) {
      return siblings.filter(p -> p.getFileName().toString().startsWith(prefix)
              && p.getFileName().toString().endsWith(".json") && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
          .sorted().filter(p -> {
            HistoryManifest m = readOrNull(p);
            return m != null && m.digest().equals(read);
          }).findFirst();
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty();
    }
  }

  private static HistoryManifest readOrNull(Path file) {
    try {
      return HistoryManifest.read(file);
    } catch (IOException | IllegalArgumentException e) {
      return null;
    }
  }
}
