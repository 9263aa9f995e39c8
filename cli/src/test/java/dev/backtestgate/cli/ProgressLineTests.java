package dev.backtestgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress line, on a clock the test moves: plain lines at each tenth or 10 s, a live line with \r. */
class ProgressLineTests {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
  private final AtomicLong clock = new AtomicLong(1_000);

  private String printed() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void plainLinesComeAtEachTenthOfTheCommitsAndNotBetween() {
    ProgressLine progress = new ProgressLine(err, false, clock::get, "commits");
    for (int read = 1; read <= 200; read++) {
      clock.addAndGet(10_000_000L);   // 10 ms a commit
      progress.commitRead(read, 200, read * 1_000L);
    }
    progress.finish();

    assertThat(printed().lines()).hasSize(10).doesNotHaveDuplicates().allSatisfy(line ->
        assertThat(line).doesNotContain("\r"));
    assertThat(printed().lines().findFirst()).hasValue(
        "read 20 of 200 commits (10%), 20,000 rows, 0.2 s elapsed, about 1.8 s left");
    assertThat(printed().lines().toList().get(9)).isEqualTo("read 200 of 200 commits (100%), 200,000 rows, 2.0 s "
        + "elapsed");
    assertThat(printed()).doesNotContain("(15%)");
  }

  @Test
  void aSlowReadPrintsALineEveryTenSecondsBetweenTenths() {
    ProgressLine progress = new ProgressLine(err, false, clock::get, "snapshots");
    clock.addAndGet(9_000_000_000L);
    progress.commitRead(1, 1_000, 5);
    assertThat(printed()).isEmpty();
    clock.addAndGet(1_000_000_000L);   // 10 s since the start
    progress.commitRead(2, 1_000, 10);
    clock.addAndGet(3_000_000_000L);
    progress.commitRead(3, 1_000, 15);

    assertThat(printed().lines()).containsExactly("read 2 of 1,000 snapshots (0%), 10 rows, 10.0 s elapsed, about "
        + "4990.0 s left");
  }

  @Test
  void anUnknownTotalGivesCountsWithoutAnEstimate() {
    ProgressLine progress = new ProgressLine(err, false, clock::get, "commits");
    clock.addAndGet(ProgressLine.PLAIN_EVERY_NANOS);
    progress.commitRead(7, -1, 70);

    assertThat(printed().lines()).containsExactly("read 7 commits, 70 rows, 10.0 s elapsed");
  }

  @Test
  void onATerminalOneLineIsRewrittenInPlaceAndEndedOnce() {
    ProgressLine progress = new ProgressLine(err, true, clock::get, "commits");
    clock.addAndGet(200_000_000L);
    progress.commitRead(1, 3, 1_000_000);
    clock.addAndGet(10_000_000L);   // too soon to redraw
    progress.commitRead(2, 3, 1_000_001);
    clock.addAndGet(200_000_000L);
    progress.commitRead(3, 3, 9);
    progress.finish();

    String out = printed();
    assertThat(out).startsWith("\rread 1 of 3 commits (33%), 1,000,000 rows, 0.2 s elapsed, about 0.4 s left")
        .doesNotContain("read 2 of 3").endsWith("\n").containsOnlyOnce("\n");
    String last = out.substring(out.lastIndexOf('\r') + 1, out.length() - 1);
    assertThat(last).startsWith("read 3 of 3 commits (100%), 9 rows, 0.4 s elapsed")
        .as("padded over the longer line before").hasSize(out.indexOf('\r', 1) - 1);
  }

  @Test
  void nothingReadMeansNothingPrinted() {
    ProgressLine progress = new ProgressLine(err, true, clock::get, "commits");
    progress.finish();

    assertThat(printed()).isEmpty();
  }
}
