package dev.backtestgate.report;

import static dev.backtestgate.SchemaAssertions.SIGN_OFF;
import static dev.backtestgate.SchemaAssertions.assertValid;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.Mode;
import dev.backtestgate.SchemaAssertions;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sign-off files the gate writes to disk (pending in local mode) are valid against docs/schemas/sign-off.schema.json. */
class WrittenSignOffSchemaTests {
  @TempDir Path repo;

  @Test
  void thePendingFilesOfFailedGatesAreValid() {
    ReportScenarios scenarios = new ReportScenarios(repo);
    for (PublishedGate failed : List.of(
        scenarios.publish(ReportScenarios.leaky("com.acme.A#leaky"), Mode.LOCAL),
        scenarios.publish(ReportScenarios.lateStatus("com.acme.B#late[2]"), Mode.LOCAL))) {
      assertThat(failed.pendingFile()).exists();

      assertValid(SIGN_OFF, SchemaAssertions.read(failed.pendingFile()));
    }
  }
}
