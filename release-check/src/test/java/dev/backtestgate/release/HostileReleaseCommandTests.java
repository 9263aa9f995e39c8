package dev.backtestgate.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The release check's command line given what a maintainer mistypes: every refusal is one clear text, shown
 * without a stack trace (exec:java and the JVM print a thrown exception's frames, which buried the text).
 */
class HostileReleaseCommandTests {
  @TempDir
  static Path dir;

  static Stream<Arguments> mistakes() throws IOException {
    Path notAZip = Files.writeString(dir.resolve("bundle.zip"), "PK not a zip");
    Path missing = dir.resolve("missing.zip");
    Path empty = dir.resolve("empty.zip");
    Bundle.of(java.util.Map.of()).write(empty);
    return Stream.of(
        Arguments.of(new String[0], "usage: assemble <root> <bundle.zip>"),
        Arguments.of(new String[] {"publish"}, "unknown command publish; use assemble, validate or compare"),
        Arguments.of(new String[] {"compare", "a.zip"}, "compare takes 2 arguments, got 1"),
        Arguments.of(new String[] {"compare", missing.toString(), missing.toString()},
            "cannot read the bundle " + missing + ": no such file. Fix: give the central-bundle.zip"),
        Arguments.of(new String[] {"compare", empty.toString(), empty.toString()},
            "the zip holds no file, so it is not a release bundle"),
        Arguments.of(new String[] {"compare", notAZip.toString(), notAZip.toString()},
            "cannot read the bundle " + notAZip));
  }

  @ParameterizedTest
  @MethodSource("mistakes")
  void aMistakeIsRefusedInOneTextWithoutAStackTrace(String[] args, String message) {
    ReleaseCheck.Refusal refusal = catchThrowableOfType(ReleaseCheck.Refusal.class, () -> ReleaseCheck.main(args));

    assertThat(refusal.getMessage()).contains(message);
    assertThat(refusal.getStackTrace()).isEmpty();
    assertThat(refusal.getCause()).isNull();
    assertThat(refusal).hasToString("release-check refused: " + refusal.getMessage());
  }
}
