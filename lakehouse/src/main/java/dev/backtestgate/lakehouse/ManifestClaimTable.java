package dev.backtestgate.lakehouse;

import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.tripwire.trace.TableTrace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The trace of a table whose history a committed manifest declares: the claim records the manifest's digest and
 * where it was ({@code manifest-sha256:<hex>@<path>}, {@link HistoryManifest#versionRead}); the trace reads the
 * manifest there now and says whether it is the one the backtest read.
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
    lines.add("the claim records the digest, not the entries read: git log -p -- " + file + " shows which "
        + "partitions were added, removed or changed");
    return TableTrace.manifest(name, binding, lines);
  }
}
