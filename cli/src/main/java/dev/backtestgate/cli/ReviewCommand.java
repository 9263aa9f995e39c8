package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.ReviewActions;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

/** A reviewer command: the same workflow, parameters and refusals as the Maven goal of its name. */
abstract class ReviewCommand implements Callable<Integer> {
  @ParentCommand
  Root root;

  @Mixin
  Directories directories;

  /** What the command does; its lines are printed. */
  abstract List<String> run(ReviewActions actions) throws Exception;

  @Override
  public Integer call() throws Exception {
    Path module = directories.module();
    root.output.directories(directories.commandOptions());
    ReviewActions actions = new ReviewActions(module, Path.of("").toAbsolutePath(), directories.reportDir(),
        directories.reviewDir(), LocalDate.now(Clock.systemUTC()));
    run(actions).forEach(root.output::info);
    return Main.OK;
  }
}
