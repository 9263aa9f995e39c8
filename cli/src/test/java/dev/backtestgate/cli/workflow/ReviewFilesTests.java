package dev.backtestgate.cli.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.review.Decision;
import dev.backtestgate.review.SignOff;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReviewFilesTests {
  private static ReviewFiles.Review pending(List<SignOff.LiftCarried> carried) {
    return new ReviewFiles.Review(Path.of("pending.json"), new SignOff(SignOff.SCHEMA, "com.acme.ChurnBacktest#gbm",
        "sha256-v2:" + "ab".repeat(32), new SignOff.Reviewed("gbm-v7", "prod-v3", 0.842, 0.713, 0.129,
            List.of(0.118, 0.14), 50_000, 15_000, List.of("balance", "noise", "status", "tenure"), carried),
        Decision.UNDECIDED, "", null, null, "", SignOff.Checklist.unchecked(), List.of()));
  }

  @Test
  void thePendingListShowsTheThreeFeaturesThatCarryTheMostLift() {
    ReviewFiles.Review review = pending(List.of(
        new SignOff.LiftCarried("status", 0.117, List.of(0.101, 0.133)),
        new SignOff.LiftCarried("balance", 0.004, List.of(-0.002, 0.01)),
        new SignOff.LiftCarried("tenure", 0.001, List.of(-0.001, 0.003)),
        new SignOff.LiftCarried("noise", 0.0, List.of(0.0, 0.0))));
    assertThat(review.liftCarried()).isEqualTo("status +0.117 [+0.101, +0.133], balance +0.004 [-0.002, +0.010], "
        + "tenure +0.001 [-0.001, +0.003]");
    assertThat(pending(List.of()).liftCarried()).isEmpty();
  }
}
