package dev.backtestgate.lakehouse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.claim.Claim;
import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.tripwire.trace.TableTrace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The trace of a table a history manifest declares: the manifest read now at the path the claim records, against
 * the digest the backtest read: unchanged, changed (both digests), or gone; never thrown.
 */
class ManifestClaimTableTests {
  private static final HistoryManifest READ = new HistoryManifest("status", PartitionGranularity.DAY,
      LocalDate.parse("2024-01-03"), List.of(new HistoryManifest.Partition("2024-01-01", 10, "a".repeat(32)),
          new HistoryManifest.Partition("2024-01-02", 12, "b".repeat(32))));

  @TempDir
  Path module;

  private Claim.TableRead read() {
    return new Claim.TableRead("status", READ.digest() + "@history/status.json", "");
  }

  private void commit(HistoryManifest manifest) throws IOException {
    Files.createDirectories(module.resolve("history"));
    Files.writeString(module.resolve("history/status.json"), manifest.toJson());
  }

  @Test
  void theManifestAsReadIsUnchanged() throws IOException {
    commit(READ);

    TableTrace trace = ClaimTables.trace(read(), module);

    assertThat(trace.read()).isTrue();
    assertThat(trace.versionRead()).isEqualTo(read().version());
    assertThat(trace.manifestChanged()).isFalse();
    assertThat(trace.manifest()).containsExactly(TableTrace.MANIFEST_UNCHANGED + " (" + READ.digest() + ")");
  }

  @Test
  void aChangedManifestIsSaidWithBothDigests() throws IOException {
    HistoryManifest now = new HistoryManifest("status", PartitionGranularity.DAY, LocalDate.parse("2024-01-03"),
        List.of(READ.partitions().get(0), new HistoryManifest.Partition("2024-01-02", 12, "c".repeat(32))));
    commit(now);

    TableTrace trace = ClaimTables.trace(read(), module);

    assertThat(trace.manifestChanged()).isTrue();
    assertThat(trace.manifest().get(0)).isEqualTo(TableTrace.MANIFEST_CHANGED + ": read " + READ.digest()
        + ", now " + now.digest());
    assertThat(trace.manifest()).anySatisfy(line -> assertThat(line).contains("git log -p -- "
        + module.resolve("history/status.json").toAbsolutePath().normalize()));
  }

  @Test
  void theManifestReadKeptByAcceptHistoryNamesThePartitionsAddedRemovedAndChanged() throws IOException {
    HistoryManifest now = new HistoryManifest("status", PartitionGranularity.DAY, LocalDate.parse("2024-01-03"),
        List.of(new HistoryManifest.Partition("2024-01-02", 13, "c".repeat(32))));
    commit(now);
    Files.writeString(module.resolve("history/status.replaced-2024-02-01-t-1.json"), now.toJson());
    Files.writeString(module.resolve("history/status.replaced-2024-03-01-t-2.json"), READ.toJson());

    TableTrace trace = ClaimTables.trace(read(), module);

    assertThat(trace.manifestChanged()).isTrue();
    assertThat(trace.manifest()).containsExactly(
        TableTrace.MANIFEST_CHANGED + ": read " + READ.digest() + ", now " + now.digest(),
        "now: table 'status', 1 day partition(s) before 2024-01-03",
        "the manifest the backtest read is kept as status.replaced-2024-03-01-t-2.json",
        "partition 2024-01-01 vanished: the manifest recorded 10 row(s), the data now has none recorded before the "
            + "manifest's cut-off",
        "partition 2024-01-02 changed: the manifest recorded 12 row(s) with hash " + "b".repeat(32) + ", the data "
            + "now has 13 row(s) with hash " + "c".repeat(32));
    HistoryManifest later = new HistoryManifest("status", PartitionGranularity.DAY, LocalDate.parse("2024-01-04"),
        now.partitions());
    commit(later);
    assertThat(ClaimTables.trace(read(), module).manifest()).last().asString()
        .contains("partitions before 2024-01-03, so its partitions are not compared");
  }

  @Test
  void aManifestThatIsGoneIsSaidAndNotThrown() {
    TableTrace trace = ClaimTables.trace(read(), module);

    assertThat(trace.read()).isFalse();
    assertThat(trace.unreadable()).startsWith("the manifest is gone: no file at "
        + module.resolve("history/status.json").toAbsolutePath().normalize()).contains("--module=<dir>");
  }

  @Test
  void aBindingWithoutAPathOrAManifestThatIsNotOneIsSaid() throws IOException {
    assertThat(ClaimTables.trace(new Claim.TableRead("status", READ.digest(), ""), module).unreadable())
        .contains("is not a manifest's digest and path");
    Files.writeString(module.resolve("status.json"), "{}");
    assertThat(ClaimTables.trace(new Claim.TableRead("status", READ.digest() + "@status.json", ""), module)
        .unreadable()).contains("cannot be read");
  }
}
