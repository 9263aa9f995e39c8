package dev.backtestgate.trials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrialLedgerTests {
  private static final boolean[] LABELS = {true, false, true, false, false};
  private static final long[] TIMES = {10, 20, 30, 40, 50};
  private static final Instant T0 = Instant.parse("2026-12-07T09:00:00Z");

  @TempDir
  Path dir;

  static TrialKey key(double shift) {
    return TrialKey.of(LABELS, TIMES, null, List.of(), new double[] {0.9 + shift, 0.1, 0.8, 0.3, 0.2});
  }

  static LedgerEntry entry(TrialKey key, Instant time, double z) {
    return new LedgerEntry(LedgerEntry.SCHEMA, 1, "gate", time, key, "gbm", 0.8, 0.75, 0.05, 0.02, z, "passed",
        null, "the project is not in a git work tree");
  }

  @Test
  void theTestSetIsTheRowsInAnyOrderAndTheScoresAreTheirOwnDigest() {
    TrialKey a = key(0);
    TrialKey reordered = TrialKey.of(new boolean[] {false, true, false, true, false}, new long[] {50, 30, 40, 10, 20},
        null, List.of(), new double[] {0.2, 0.8, 0.3, 0.9, 0.1});
    assertThat(reordered).isEqualTo(a);
    assertThat(key(0.05).testSet()).isEqualTo(a.testSet());
    assertThat(key(0.05).scores()).isNotEqualTo(a.scores());
    TrialKey withEntities = TrialKey.of(LABELS, TIMES, new long[] {0, 1, 0, 1, 1}, List.of("a", "b"),
        new double[] {0.9, 0.1, 0.8, 0.3, 0.2});
    assertThat(withEntities.testSet()).isNotEqualTo(a.testSet());
    TrialKey otherLabel = TrialKey.of(new boolean[] {true, true, true, false, false}, TIMES, null, List.of(),
        new double[] {0.9, 0.1, 0.8, 0.3, 0.2});
    assertThat(otherLabel.testSet()).isNotEqualTo(a.testSet());
  }

  @Test
  void entriesRoundTripAndAClockGoingBackwardsReordersNothing() {
    TrialLedger ledger = TrialLedger.directory(dir);
    LedgerEntry first = ledger.append(entry(key(0), T0, 1.0));
    LedgerEntry second = ledger.append(entry(key(0.05), T0.minusSeconds(3_600), 2.0));   // the clock went back
    TrialLedger.Reading reading = ledger.read(key(0).testSet());
    assertThat(reading.skipped()).isEmpty();
    assertThat(reading.entries()).containsExactly(first, second);
    assertThat(second.sequence()).isEqualTo(2);
    assertThat(ledger.read(TrialKey.of(new boolean[] {true}, new long[] {1}, null, List.of(), new double[] {1})
        .testSet()).entries()).isEmpty();
  }

  @Test
  void twoForksAppendingAtOnceLoseNothing() throws Exception {
    TrialLedger ledger = TrialLedger.directory(dir);
    int each = 100;
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<?>> forks = new ArrayList<>();
      for (int fork = 0; fork < 2; fork++) {
        int f = fork;
        forks.add(pool.submit(() -> {
          start.await();
          for (int i = 0; i < each; i++) {
            ledger.append(entry(key(f * 1000 + i), T0, i));
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> fork : forks) {
        fork.get();
      }
    } finally {
      pool.shutdown();
    }
    TrialLedger.Reading reading = ledger.read(key(0).testSet());
    assertThat(reading.skipped()).isEmpty();
    Set<String> digests = new HashSet<>();
    reading.entries().forEach(e -> digests.add(e.key().scores()));
    assertThat(digests).hasSize(2 * each);
  }

  @Test
  void aTruncatedEntryIsSkippedNamingItsFile() throws IOException {
    TrialLedger ledger = TrialLedger.directory(dir);
    ledger.append(entry(key(0), T0, 1.0));
    Path sub = dir.resolve(key(0).testSetHex());
    Path bad = sub.resolve("0000000002-0123456789abcdef-0123456789ab.json");
    String json = entry(key(0.1), T0, 2.0).toJson();
    Files.writeString(bad, json.substring(0, json.length() / 2));
    TrialLedger.Reading reading = ledger.read(key(0).testSet());
    assertThat(reading.entries()).hasSize(1);
    assertThat(reading.skipped()).singleElement().asString().contains(bad.toString()).contains("not a ledger entry");
  }

  @Test
  void anEntryOfANewerSchemaRefusesTheLedger() throws IOException {
    TrialLedger ledger = TrialLedger.directory(dir);
    LedgerEntry written = ledger.append(entry(key(0), T0, 1.0));
    Path newer = dir.resolve(key(0).testSetHex()).resolve("0000000002-0123456789abcdef-0123456789ab.json");
    Files.writeString(newer, written.toJson().replace("\"schema\": 1", "\"schema\": 2"));
    assertThatThrownBy(() -> ledger.read(key(0).testSet())).isInstanceOf(NewerLedgerException.class)
        .hasMessageContaining(newer.toString()).hasMessageContaining("schema 2").hasMessageContaining("upgrade");
  }

  @Test
  void anUnwritableDirectoryIsSaidBeforeAnythingIsWritten() throws IOException {
    assumeThat(dir.getFileSystem().supportedFileAttributeViews()).contains("posix");
    Path locked = Files.createDirectory(dir.resolve("locked"));
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      assumeThat(Files.isWritable(locked)).as("not running as root").isFalse();
      assertThat(TrialLedger.directory(locked.resolve("trials")).unwritable()).get().asString()
          .contains(locked.toString()).contains("not writable");
      assertThat(TrialLedger.directory(dir.resolve("fresh/trials")).unwritable()).isEmpty();
    } finally {
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test
  void aJdbcLedgerWithoutItsStoreOnTheClassPathSaysWhatToAddAndNeverShowsThePassword() {
    TrialLedger ledger = TrialsSettings.DEFAULTS.withLedgerAt(Optional.of("jdbc:postgresql://db/trials?user=ci&"
        + "password=s3cret")).store().orElseThrow();   // the core's tests have no backtest-gate-jdbc
    assertThat(ledger.unwritable()).get().asString().isEqualTo("no trials ledger store for jdbc: URLs is on the "
        + "class path");
    assertThat(ledger.fix()).contains("Add dev.backtestgate:backtest-gate-jdbc and your database's JDBC driver");
    assertThat(ledger.where()).isEqualTo("jdbc:postgresql://db/trials?user=ci&password=***");
    assertThatThrownBy(() -> ledger.read(key(0).testSet())).isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("backtest-gate-jdbc");
    assertThat(TrialLedgerProvider.withoutPassword("jdbc:postgresql://ci:s3cret@db:5432/trials"))
        .isEqualTo("jdbc:postgresql://ci:***@db:5432/trials");
    assertThat(TrialLedgerProvider.withoutPassword("jdbc:sqlserver://db;user=ci;Password=s3cret;encrypt=true"))
        .isEqualTo("jdbc:sqlserver://db;user=ci;Password=***;encrypt=true");
    assertThat(TrialLedgerProvider.withoutPassword("jdbc:duckdb:/data/trials.duckdb"))
        .isEqualTo("jdbc:duckdb:/data/trials.duckdb");
  }

  @Test
  void theCommitIsReadFromTheWorkTreeWithoutGit(@TempDir Path repo) throws IOException {
    String sha = "0123456789abcdef0123456789abcdef01234567";
    Files.createDirectories(repo.resolve(".git/refs/heads"));
    Files.writeString(repo.resolve(".git/HEAD"), "ref: refs/heads/main\n");
    assertThat(GitCommit.of(repo.resolve("module"))).isEqualTo(new GitCommit(null,
        "the branch refs/heads/main has no commit yet"));
    Files.writeString(repo.resolve(".git/packed-refs"), "# pack-refs\n" + sha + " refs/heads/main\n");
    assertThat(GitCommit.of(repo).commit()).isEqualTo(sha);
    Files.writeString(repo.resolve(".git/refs/heads/main"), sha.replace('0', 'f') + "\n");
    assertThat(GitCommit.of(repo).commit()).isEqualTo(sha.replace('0', 'f'));
  }
}
