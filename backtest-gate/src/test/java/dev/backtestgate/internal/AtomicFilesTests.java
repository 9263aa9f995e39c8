package dev.backtestgate.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTests {
  @Test
  void writesReplacesAndLeavesNoTemporaryFiles(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("a/b/gate.json");
    assertThat(AtomicFiles.write(target, "one")).isEqualTo(target.toAbsolutePath());
    AtomicFiles.write(target, "two");
    assertThat(target).hasContent("two");
    try (Stream<Path> files = Files.list(target.getParent())) {
      assertThat(files).containsExactly(target);
    }
  }

  @Test
  void writtenFilesAreReadableByEveryone(@TempDir Path dir) throws Exception {
    Assumptions.assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"),
        "POSIX permissions only exist on POSIX file systems");
    Path target = AtomicFiles.write(dir.resolve("gate.json"), "one");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-r--r--");
  }

  @Test
  void failureNamesTheFileAndLeavesNothingBehind(@TempDir Path dir) throws Exception {
    Path blocker = dir.resolve("blocker");
    Files.writeString(blocker, "a file where a directory should be");
    assertThatThrownBy(() -> AtomicFiles.write(blocker.resolve("gate.json"), "x"))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("Could not write " + blocker.resolve("gate.json"));
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactly(blocker);
    }
  }
}
