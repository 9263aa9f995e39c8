package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.trials.LedgerEntry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DuckDbTrialLedgerTests extends TrialLedgerContract {
  @TempDir
  Path dir;

  @Override
  String url() {
    return "jdbc:duckdb:" + dir.resolve("trials.duckdb");
  }

  @Override
  String table(String test) {
    return "trials_" + test;
  }

  /** DuckDB lets one process at a time hold a file: a fork waits for the other's lock, and nothing is lost. */
  @Test
  void twoProcessesAppendingToOneFileAtOnceLoseNothing() throws Exception {
    int each = 25;
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<Process> forks = new ArrayList<>();
    for (int fork = 0; fork < 2; fork++) {
      forks.add(new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
          TrialLedgerFork.class.getName(), url(), table("processes"), Integer.toString(fork), Integer.toString(each))
          .redirectErrorStream(true).redirectOutput(dir.resolve("fork-" + fork + ".log").toFile()).start());
    }
    for (int fork = 0; fork < forks.size(); fork++) {
      assertThat(forks.get(fork).waitFor(5, TimeUnit.MINUTES)).isTrue();
      assertThat(forks.get(fork).exitValue()).as(Files.readString(dir.resolve("fork-" + fork + ".log"))).isZero();
    }
    List<LedgerEntry> entries = ledger("processes").read(key(0).testSet()).entries();
    Set<String> digests = new HashSet<>();
    entries.forEach(e -> digests.add(e.key().scores()));
    assertThat(entries).hasSize(2 * each);
    assertThat(digests).hasSize(2 * each);
  }

  @Test
  void aFileThatCannotBeOpenedIsSaidBeforeAnythingIsWritten() {
    String url = "jdbc:duckdb:" + dir.resolve("missing/dir/trials.duckdb");
    assertThat(JdbcTrialLedgers.ledger(url, "t").unwritable()).get().asString()
        .contains("the database " + url + " cannot be used as the trials ledger (table t)");
  }
}
