package dev.backtestgate.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The plugin's goal descriptor: only the goals a reviewer runs by name write reviews; the build's goal never does. */
class GoalDescriptorTests {
  @Test
  void onlyGoalsRunByNameWriteReviewsAndTheBuildGoalNeverDoes() throws IOException {
    String descriptor = Files.readString(Path.of(System.getProperty("basedir", "")).toAbsolutePath().resolve("target/classes")
        .resolve("META-INF/maven/plugin.xml"));
    List<String> mojos = Stream.of(descriptor.split("<mojo>")).skip(1).toList();
    assertThat(mojos).extracting(m -> between(m, "<goal>", "</goal>"))
        .containsExactlyInAnyOrder("check", "pending", "sign-off", "reject", "renew", "accept-history");
    for (String mojo : mojos) {
      String goal = between(mojo, "<goal>", "</goal>");
      boolean writesReviews = List.of("sign-off", "reject", "renew", "accept-history").contains(goal);
      boolean direct = "true".equals(between(mojo, "<requiresDirectInvocation>", "</requiresDirectInvocation>"));
      assertThat(direct).as(goal + " runs only when invoked by name").isEqualTo(writesReviews);
      assertThat(mojo.contains("<phase>")).as(goal + " bound to a phase").isEqualTo(goal.equals("check"));
    }
  }

  private static String between(String text, String open, String close) {
    int start = text.indexOf(open);
    return start < 0 ? "" : text.substring(start + open.length(), text.indexOf(close, start));
  }
}
