package dev.backtestgate.history;

import static dev.backtestgate.SchemaAssertions.HISTORY_MANIFEST;
import static dev.backtestgate.SchemaAssertions.assertInvalid;
import static dev.backtestgate.SchemaAssertions.assertValid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.backtestgate.SchemaAssertions;
import dev.backtestgate.time.EventLog;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * docs/schemas/history-manifest.schema.json accepts every manifest the code writes and the committed
 * example, and rejects broken files; for each broken file the reader agrees.
 */
class HistoryManifestSchemaTests {
  private static final long DAY = 86_400_000L;
  private static final long JAN_1 = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();

  @Property(tries = 50)
  void everyWrittenManifestIsValid(@ForAll long seed, @ForAll @IntRange(min = 0, max = 80) int n,
      @ForAll boolean daily) {
    Random random = new Random(seed);
    EventLog.NumericBuilder builder = EventLog.numericBuilder("balance");
    for (int i = 0; i < n; i++) {
      long validFrom = JAN_1 + random.nextInt(120) * DAY + random.nextInt((int) DAY);
      builder.add(random.nextInt(9), validFrom, validFrom + random.nextInt(20) * DAY, random.nextGaussian());
    }
    PartitionGranularity granularity = daily ? PartitionGranularity.DAY : PartitionGranularity.MONTH;

    String json = HistoryManifest.of(builder.build(), granularity, Instant.ofEpochMilli(JAN_1 + 100 * DAY)).toJson();

    assertValid(HISTORY_MANIFEST, json);
  }

  @Test
  void aProposedManifestOnDiskIsValid(@TempDir Path reportDir) throws IOException {
    EventLog log = EventLog.categoricalBuilder("status")
        .add(1, JAN_1, JAN_1, "CURRENT")
        .add(2, JAN_1 + DAY, JAN_1 + DAY, "DPD30")
        .build();

    Path written = HistoryManifest.of(log, PartitionGranularity.DAY, Instant.ofEpochMilli(JAN_1 + 10 * DAY))
        .writeProposed(reportDir, reportDir.resolveSibling("history/status.json"));

    assertValid(HISTORY_MANIFEST, SchemaAssertions.read(written));
  }

  @Test
  void theCommittedExampleManifestIsValid() throws IOException {
    Path committed = SchemaAssertions.repository().resolve("examples/history/statements.json");

    assertValid(HISTORY_MANIFEST, SchemaAssertions.read(committed));
    assertThat(HistoryManifest.read(committed).partitions()).hasSize(53);
  }

  @Test
  void theDocumentedExampleIsValid() {
    String doc = SchemaAssertions.read(SchemaAssertions.docs().resolve("point-in-time-semantics.md"));
    Matcher example = Pattern.compile("```json\n(\\{\n.*?\n})\n```", Pattern.DOTALL).matcher(doc);

    assertThat(example.find()).as("an example manifest in docs/point-in-time-semantics.md").isTrue();
    assertValid(HISTORY_MANIFEST, example.group(1));
    assertThat(HistoryManifest.parse(example.group(1), "the documented example").partitions()).hasSize(1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      an unknown field                | "hash": "sum128-murmur3fmix-v1",  | "hash": "sum128-murmur3fmix-v1", "note": "x",
      a missing table                 | "table": "statements",            | ''
      a blank table                   | "table": "statements"             | "table": " "
      another schema                  | "schema": 1                       | "schema": 2
      another digest                  | "sum128-murmur3fmix-v1"           | "sha256"
      an unknown granularity          | "granularity": "month"            | "granularity": "week"
      a cut-off that is not a date    | "closedBefore": "2025-07-01"      | "closedBefore": "2025-07"
      a cut-off mid-month             | "closedBefore": "2025-07-01"      | "closedBefore": "2025-07-15"
      an impossible cut-off           | "closedBefore": "2025-07-01"      | "closedBefore": "2025-02-30"
      a day key in a month manifest   | "partition": "2021-02"            | "partition": "2021-02-01"
      a month key without its zero    | "partition": "2021-02"            | "partition": "2021-2"
      month thirteen                  | "partition": "2021-02"            | "partition": "2021-13"
      a partition without rows        | "rows": 1340                      | "rows": 0
      a fractional row count          | "rows": 1340                      | "rows": 1340.5
      an upper-case hash              | dc23072c69f05a51df6013831e788ce2  | DC23072C69F05A51DF6013831E788CE2
      a short hash                    | dc23072c69f05a51df6013831e788ce2  | dc23072c69f05a51
      an unknown partition field      | "rows": 1340,                     | "rows": 1340, "note": "x",
      """)
  void aBrokenFileIsRejectedByTheSchemaAndByTheReader(String what, String replaced, String by) throws IOException {
    String valid = SchemaAssertions.read(SchemaAssertions.repository().resolve("examples/history/statements.json"));
    assertThat(valid).contains(replaced);
    String broken = valid.replace(replaced, by);

    assertThat(assertInvalid(HISTORY_MANIFEST, broken)).as(what).isNotEmpty();
    assertThatThrownBy(() -> HistoryManifest.parse(broken, "broken")).as(what)
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aDayKeyMustBeARealDay() {
    String day = HistoryManifest.of(EventLog.numericBuilder("balance").add(1, JAN_1, JAN_1, 1.0).build(),
        PartitionGranularity.DAY, Instant.ofEpochMilli(JAN_1 + 10 * DAY)).toJson();
    assertValid(HISTORY_MANIFEST, day);

    for (String key : new String[] {"2024-01", "2024-02-30", "2024-1-01"}) {
      String broken = day.replace("\"partition\": \"2024-01-01\"", "\"partition\": \"" + key + "\"");
      assertInvalid(HISTORY_MANIFEST, broken);
      assertThatThrownBy(() -> HistoryManifest.parse(broken, "broken")).isInstanceOf(IllegalArgumentException.class);
    }
  }
}
