package dev.backtestgate.maven;

import dev.backtestgate.cli.workflow.ProjectDirectories;
import dev.backtestgate.cli.workflow.Refusal;
import dev.backtestgate.cli.workflow.ReviewActions;
import java.io.File;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/** The directories every reviewer goal works on, and how it prints. */
abstract class AbstractReviewMojo extends AbstractMojo {
  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  MavenProject project;

  @Parameter(defaultValue = "${session}", readonly = true, required = true)
  MavenSession session;

  /**
   * Where the gates write reports and pending sign-offs; default: {@code backtestgate.report-dir} of the module's
   * {@code junit-platform.properties}, else {@code target/backtest-gate}.
   */
  @Parameter(property = ProjectDirectories.REPORT_DIR_KEY)
  File reportDirectory;

  /**
   * Where committed sign-offs live; default: {@code backtestgate.review-dir} of the module's
   * {@code junit-platform.properties}, else {@code leakage-reviews} in the module directory.
   */
  @Parameter(property = ProjectDirectories.REVIEW_DIR_KEY)
  File reviewDirectory;

  ReviewActions actions() {
    Path basedir = project.getBasedir().toPath();
    Path testClasses = Path.of(project.getBuild().getTestOutputDirectory());
    Path reportDir = ProjectDirectories.reportDir(reportDirectory, basedir, Path.of(project.getBuild().getDirectory()),
        testClasses);
    Path reviewDir = ProjectDirectories.reviewDir(reviewDirectory, basedir, testClasses);
    String root = session.getExecutionRootDirectory();
    return new ReviewActions(basedir, root == null ? basedir : Path.of(root), reportDir, reviewDir,
        LocalDate.now(Clock.systemUTC()));
  }

  void print(List<String> lines) {
    lines.forEach(getLog()::info);
  }

  /** Runs an action and prints its lines. */
  interface Action {
    List<String> run(ReviewActions actions) throws Refusal;
  }

  void run(Action action) throws MojoFailureException {
    try {
      print(action.run(actions()));
    } catch (Refusal refusal) {
      throw new MojoFailureException(refusal.getMessage());
    }
  }
}
