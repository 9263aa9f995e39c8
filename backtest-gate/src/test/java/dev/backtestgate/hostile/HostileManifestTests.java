package dev.backtestgate.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.backtestgate.history.HistoryManifest;
import dev.backtestgate.history.PartitionGranularity;
import dev.backtestgate.time.EventLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile committed history manifests: each fails with the manifest's name, the JSON path and the fix, never
 * a parser's or the JVM's text, and a manifest file that is a link, a device or huge is never read.
 */
class HostileManifestTests {
  private static final long MAR_1 = Instant.parse("2024-03-01T00:00:00Z").toEpochMilli();
  private static final long DAY = 86_400_000L;
  private static final String VALID = valid();

  @TempDir
  Path dir;

  private static String valid() {
    EventLog.NumericBuilder log = EventLog.numericBuilder("balance");
    log.add(1, MAR_1, MAR_1, 10).add(2, MAR_1 + 1, MAR_1 + 5, 20).add(1, MAR_1 + DAY, MAR_1 + DAY, 30);
    return HistoryManifest.of(log.build(), PartitionGranularity.DAY, Instant.parse("2024-04-01T00:00:00Z")).toJson();
  }

  static Stream<Arguments> brokenManifests() {
    String firstHash = VALID.substring(VALID.indexOf("\"hash\": \"", VALID.indexOf("partitions")) + 9);
    firstHash = firstHash.substring(0, firstHash.indexOf('"'));
    return Stream.of(
        Arguments.of("a byte-order mark", "\uFEFF" + VALID, "$", "remove the byte-order mark"),
        Arguments.of("trailing content", VALID + "[]", "$", "there is more after the JSON object"),
        Arguments.of("a duplicate key", VALID.replace("\"table\": \"balance\",",
            "\"table\": \"balance\",\n  \"table\": \"other\","), "$", "Duplicate field 'table'"),
        Arguments.of("schema 2", VALID.replace("\"schema\": 1", "\"schema\": 2"), "$.schema", "unsupported schema 2"),
        Arguments.of("schema 1.0", VALID.replace("\"schema\": 1", "\"schema\": 1.0"), "$.schema",
            "expected a whole number"),
        Arguments.of("an unknown granularity", VALID.replace("\"day\"", "\"week\""), "$.granularity",
            "'week' is not one of [day, month]"),
        Arguments.of("a year beyond four digits", VALID.replace("\"closedBefore\": \"2024-04-01\"",
            "\"closedBefore\": \"+99999-04-01\""), "$.closedBefore", "is not an ISO date"),
        Arguments.of("zero rows", VALID.replace("\"rows\": 2", "\"rows\": 0"), "$.partitions[0].rows",
            "must be at least 1"),
        Arguments.of("rows beyond a long", VALID.replace("\"rows\": 2", "\"rows\": 99999999999999999999"),
            "$.partitions[0].rows", "expected a whole number between"),
        Arguments.of("an upper-case hash", VALID.replace(firstHash, firstHash.toUpperCase()),
            "$.partitions[0].hash", "must be 32 lowercase hex digits"),
        Arguments.of("an unsorted partition list", VALID.replace("2024-03-02", "2024-02-28"),
            "$.partitions[1].partition", "does not come after"),
        Arguments.of("a partition that is not a day", VALID.replace("2024-03-02", "2024-03-32"),
            "$.partitions[1].partition", "is not a day key"),
        Arguments.of("NaN rows", VALID.replace("\"rows\": 2", "\"rows\": NaN"), "$", "not JSON numbers"),
        Arguments.of("deep nesting", VALID.replace("\"partitions\": [", "\"partitions\": [" + "[".repeat(40)), "$",
            "nested deeper than 32 levels"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenManifests")
  void aBrokenManifestFailsWithItsJsonPath(String what, String json, String path, String phrase) {
    assertThat(json).as(what).isNotEqualTo(VALID);

    Throwable thrown = catchThrowable(() -> HistoryManifest.parse(json, "history/balance.json"));

    assertThat(thrown).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("history manifest history/balance.json: " + path + ": ")
        .hasMessageContaining(phrase);
    Messages.assertPlain(thrown.getMessage());
  }

  @Test
  void theValidManifestReadsBackSoTheCasesAboveCanFail() throws IOException {
    Path file = Files.writeString(dir.resolve("balance.json"), VALID);

    assertThat(HistoryManifest.read(file).toJson()).isEqualTo(VALID);
  }

  @Test
  void aManifestThatIsALinkToDevZeroIsRefusedUnread() throws IOException {
    Path link = Files.createSymbolicLink(dir.resolve("balance.json"), Path.of("/dev/zero"));

    TreeSnapshot before = TreeSnapshot.of(dir);
    Throwable thrown = catchThrowable(() -> HistoryManifest.read(link));

    assertThat(thrown).hasMessageContaining("is a symbolic link");
    before.assertUnchanged();
    Messages.assertPlain(thrown.getMessage());
  }

  @Test
  void aDirectoryInPlaceOfAManifestIsRefused() throws IOException {
    Path folder = Files.createDirectories(dir.resolve("balance.json"));

    TreeSnapshot before = TreeSnapshot.of(dir);
    Throwable thrown = catchThrowable(() -> HistoryManifest.read(folder));

    assertThat(thrown).hasMessageContaining("is not a regular file");
    before.assertUnchanged();
    Messages.assertPlain(thrown.getMessage());
  }

  @Test
  void aHugeManifestIsRefusedUnread() throws IOException {
    Path huge = dir.resolve("balance.json");
    try (var out = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
      out.setLength(3L * 1024 * 1024 * 1024);
    }

    TreeSnapshot before = TreeSnapshot.of(dir);
    Throwable thrown = catchThrowable(() -> HistoryManifest.read(huge));

    assertThat(thrown).hasMessageContaining("is larger than");
    before.assertUnchanged();
    Messages.assertPlain(thrown.getMessage());
  }

  @Test
  void aMissingManifestSaysHowToCreateOne() {
    Throwable thrown = catchThrowable(() -> HistoryManifest.read(dir.resolve("balance.json")));

    assertThat(thrown).isInstanceOf(NoSuchFileException.class).hasMessageContaining("no history manifest here yet");
  }
}
