package dev.backtestgate.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.backtestgate.Mode;
import dev.backtestgate.Verdict;
import dev.backtestgate.report.PublishedGate;
import dev.backtestgate.review.SignOffStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review and report directories arranged against the gate: overlapping through links in either direction,
 * a report directory with a folder linked into the review directory, a missing review directory, a report
 * directory that cannot be written, files dropped into the report directory. In every case the review
 * directory is byte-for-byte what it was, and the gate either fails with a plain message or writes only
 * under the report directory.
 */
class HostileDirectoryTests {
  @TempDir
  Path repo;

  private Path reviews() throws IOException {
    Path dir = Files.createDirectories(repo.resolve("leakage-reviews"));
    Files.writeString(dir.resolve("other.Gate#test.json"), HostileGate.approvedText());
    return dir;
  }

  /** Publishing fails with an {@code IllegalArgumentException}; the review directory is untouched. */
  private String refused(HostileGate gate, String... phrases) {
    TreeSnapshot before = TreeSnapshot.of(gate.reviewDir());
    Throwable thrown = catchThrowable(() -> gate.judge(Mode.LOCAL));
    before.assertUnchanged();
    assertThat(thrown).isInstanceOf(IllegalArgumentException.class);
    assertThat(thrown.getMessage()).contains(phrases);
    return Messages.assertPlain(thrown.getMessage());
  }

  @Test
  void theReportDirectoryIsTheReviewDirectory() throws IOException {
    Path reviews = reviews();

    refused(new HostileGate(repo, reviews, reviews), "lies inside the review directory",
        "Set backtestgate.report-dir to a build output directory");
  }

  @Test
  void theReportDirectoryInsideTheReviewDirectory() throws IOException {
    Path reviews = reviews();

    refused(new HostileGate(repo, reviews, reviews.resolve("reports")), "lies inside the review directory");
  }

  @Test
  void theReviewDirectoryInsideTheReportDirectory() throws IOException {
    Path reports = repo.resolve("target/backtest-gate");
    Path reviews = Files.createDirectories(reports.resolve("leakage-reviews"));

    refused(new HostileGate(repo, reviews, reports), "The review directory", "lies inside the report directory",
        "Set backtestgate.review-dir to a committed folder");
  }

  @Test
  void theReportDirectoryIsALinkToTheReviewDirectory() throws IOException {
    Path reviews = reviews();
    Path link = Files.createSymbolicLink(Files.createDirectories(repo.resolve("target")).resolve("backtest-gate"),
        reviews);

    refused(new HostileGate(repo, reviews, link), link.toString(), "lies inside the review directory");
  }

  @Test
  void theReportDirectoryIsALinkToAParentOfTheReviewDirectory() throws IOException {
    Path reviews = reviews();
    Path link = Files.createSymbolicLink(repo.resolve("reports"), repo);

    refused(new HostileGate(repo, reviews, link), "lies inside the report directory");
  }

  @Test
  void theReviewDirectoryIsALinkIntoTheReportDirectory() throws IOException {
    Path reports = Files.createDirectories(repo.resolve("target/backtest-gate"));
    Path inside = Files.createDirectories(reports.resolve("reviews"));
    Path link = Files.createSymbolicLink(repo.resolve("leakage-reviews"), inside);

    refused(new HostileGate(repo, link, reports), "lies inside the report directory");
  }

  @Test
  void aPendingFolderLinkedIntoTheReviewDirectoryIsNeverWrittenThrough() throws IOException {
    Path reviews = reviews();
    Path reports = Files.createDirectories(repo.resolve("target/backtest-gate"));
    Path pending = Files.createSymbolicLink(reports.resolve("pending"), reviews);

    refused(new HostileGate(repo, reviews, reports), "would write", "into the review directory",
        "Remove the link " + pending);
    assertThat(reviews.resolve(HostileGate.GATE + ".json")).doesNotExist();
  }

  @Test
  void aPendingFolderLinkedToAFolderInsideTheReviewDirectoryIsRefusedToo() throws IOException {
    Path reviews = reviews();
    Path deeper = Files.createDirectories(reviews.resolve("team-a"));
    Path reports = Files.createDirectories(repo.resolve("target/backtest-gate"));
    Files.createSymbolicLink(reports.resolve("pending"), deeper);

    refused(new HostileGate(repo, reviews, reports), "into the review directory");
  }

  @Test
  void aMissingReviewDirectoryIsNoReviewAndStaysMissing() {
    HostileGate gate = new HostileGate(repo);
    TreeSnapshot before = TreeSnapshot.of(gate.reviewDir());

    PublishedGate judged = gate.judge(Mode.LOCAL);

    before.assertUnchanged();
    assertThat(judged.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(judged.result().signOff()).isInstanceOf(SignOffStatus.Missing.class);
    assertThat(judged.text()).contains("mkdir -p '" + gate.reviewDir() + "' && cp '" + judged.pendingFile() + "'");
    assertThat(judged.pendingFile()).exists();
    Messages.assertPlain(judged.text());
  }

  @Test
  void aReadOnlyReportDirectoryFailsWithAPlainMessage() throws IOException {
    assumeFalse("root".equals(System.getProperty("user.name")), "permissions do not bind root");
    HostileGate gate = new HostileGate(repo, reviews(), repo.resolve("target/backtest-gate"));
    Path reports = Files.createDirectories(gate.files.directory());
    Files.setPosixFilePermissions(reports, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      TreeSnapshot before = TreeSnapshot.of(gate.reviewDir());
      Throwable thrown = catchThrowable(() -> gate.judge(Mode.LOCAL));
      before.assertUnchanged();
      assertThat(thrown).isInstanceOf(UncheckedIOException.class)
          .hasMessageContaining("permission denied on " + reports);
      Messages.assertPlain(thrown.getMessage());
    } finally {
      Files.setPosixFilePermissions(reports, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test
  void aFileWhereTheReportDirectoryShouldBeFailsWithAPlainMessage() throws IOException {
    Files.createDirectories(repo.resolve("target"));
    Files.writeString(repo.resolve("target/backtest-gate"), "a file, not a folder");
    HostileGate gate = new HostileGate(repo, reviews(), repo.resolve("target/backtest-gate"));
    TreeSnapshot before = TreeSnapshot.of(gate.reviewDir());

    Throwable thrown = catchThrowable(() -> gate.judge(Mode.LOCAL));

    before.assertUnchanged();
    assertThat(thrown).isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("Could not write " + repo.resolve("target/backtest-gate"))
        .hasMessageContaining("not a directory");
    Messages.assertPlain(thrown.getMessage());
  }

  @Test
  void aDirectoryWhereTheReportFileShouldBeFailsWithAPlainMessage() throws IOException {
    HostileGate gate = new HostileGate(repo, reviews(), repo.resolve("target/backtest-gate"));
    Path report = gate.files.report(HostileGate.GATE);
    Files.createDirectories(report.resolve("occupied"));
    TreeSnapshot before = TreeSnapshot.of(gate.reviewDir());

    Throwable thrown = catchThrowable(() -> gate.judge(Mode.LOCAL));

    before.assertUnchanged();
    assertThat(thrown).isInstanceOf(UncheckedIOException.class).hasMessageContaining("Could not write " + report);
    Messages.assertPlain(thrown.getMessage());
  }

  @Test
  void anIndexPageThatIsALinkIntoTheReviewDirectoryIsReplacedNotWrittenThrough() throws IOException {
    Path reviews = reviews();
    HostileGate gate = new HostileGate(repo, reviews, repo.resolve("target/backtest-gate"));
    Path index = Files.createDirectories(gate.files.directory()).resolve("index.html");
    Files.createSymbolicLink(index, reviews.resolve("other.Gate#test.json"));
    TreeSnapshot before = TreeSnapshot.of(reviews);

    gate.judge(Mode.LOCAL);

    before.assertUnchanged();
    assertThat(index).isRegularFile().content().contains("<html");
  }

  @Test
  void aReportFileThatIsALinkToACommittedReviewIsReplacedNotWrittenThrough() throws IOException {
    Path reviews = reviews();
    HostileGate gate = new HostileGate(repo, reviews, repo.resolve("target/backtest-gate"));
    Path report = Files.createDirectories(gate.files.directory()).resolve(gate.files.report(HostileGate.GATE)
        .getFileName());
    Files.createSymbolicLink(report, reviews.resolve("other.Gate#test.json"));
    TreeSnapshot before = TreeSnapshot.of(reviews);

    gate.judge(Mode.LOCAL);

    before.assertUnchanged();
    assertThat(Files.isSymbolicLink(report)).isFalse();
    assertThat(report).content().contains("\"gate\": \"" + HostileGate.GATE + "\"");
  }

  @Test
  void aLinkToDevZeroDroppedIntoTheReportDirectoryIsSkippedByTheIndex() throws IOException {
    HostileGate gate = new HostileGate(repo, reviews(), repo.resolve("target/backtest-gate"));
    Path reports = Files.createDirectories(gate.files.directory());
    Files.createSymbolicLink(reports.resolve("zero.json"), Path.of("/dev/zero"));
    TreeSnapshot before = TreeSnapshot.of(gate.reviewDir());

    PublishedGate judged = gate.judge(Mode.LOCAL);

    before.assertUnchanged();
    assertThat(judged.result().verdict()).isEqualTo(Verdict.FAILED);
    assertThat(gate.files.index()).content().contains(HostileGate.GATE).doesNotContain("zero.json</a>");
  }

  @Test
  void aHugeForeignJsonFileInTheReportDirectoryIsSkippedUnread() throws IOException {
    HostileGate gate = new HostileGate(repo, reviews(), repo.resolve("target/backtest-gate"));
    Path huge = Files.createDirectories(gate.files.directory()).resolve("huge.json");
    try (var out = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
      out.setLength(200L * 1024 * 1024);
    }
    TreeSnapshot before = TreeSnapshot.of(gate.reviewDir());

    gate.judge(Mode.LOCAL);

    before.assertUnchanged();
    assertThat(gate.files.index()).content().contains(HostileGate.GATE);
  }

  @Test
  void aForeignJsonFileWithJunkIsSkippedByTheIndex() throws IOException {
    HostileGate gate = new HostileGate(repo, reviews(), repo.resolve("target/backtest-gate"));
    Path dir = Files.createDirectories(gate.files.directory());
    Files.writeString(dir.resolve("junk.json"), "{\"schema\": 1, \"verdict\": [], \"gate\": {}}");
    Files.writeString(dir.resolve("deep.json"), "[".repeat(5000) + "]".repeat(5000));
    TreeSnapshot before = TreeSnapshot.of(gate.reviewDir());

    gate.judge(Mode.LOCAL);

    before.assertUnchanged();
    assertThat(gate.files.index()).content().contains(HostileGate.GATE);
  }
}
