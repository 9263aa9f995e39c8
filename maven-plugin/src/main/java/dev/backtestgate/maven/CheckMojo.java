package dev.backtestgate.maven;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.cli.workflow.GatedRunCheck;
import dev.backtestgate.cli.workflow.ProjectDirectories;
import dev.backtestgate.cli.workflow.Refusal;
import dev.backtestgate.cli.workflow.SurefireSetup;
import java.io.File;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.apiguardian.api.API;
import org.codehaus.plexus.util.xml.Xpp3Dom;

/**
 * {@code backtest-gate:check}, bound to {@code verify}: fails the build unless every {@code @LeakageGated} test
 * of the module produced a gate report in this build, naming the tests and the likely cause; {@code @Disabled}
 * gated tests are listed, not failed. Also writes the SARIF file of the failed gates, and fails the build on a
 * gate that failed in this build (Surefire's {@code -Dmaven.test.failure.ignore} lets the build reach this goal).
 * Never writes into the review directory.
 *
 * <pre>{@code
 * <plugin>
 *   <groupId>dev.backtestgate</groupId>
 *   <artifactId>backtest-gate-maven-plugin</artifactId>
 *   <version>0.1.0</version>
 *   <executions><execution><goals><goal>check</goal></goals></execution></executions>
 * </plugin>
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1") // the goal, not this class, is what users call
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.TEST,
    threadSafe = true)
public class CheckMojo extends AbstractMojo {
  private static final String SUREFIRE = "org.apache.maven.plugins:maven-surefire-plugin";

  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  private MavenProject project;

  @Parameter(defaultValue = "${session}", readonly = true, required = true)
  private MavenSession session;

  /** Turns the check off; the build prints a warning. */
  @Parameter(property = GatedRunCheck.SKIP_PROPERTY, defaultValue = "false")
  private boolean skip;

  /**
   * Where the gates write their reports; default: {@code backtestgate.report-dir} of the module's
   * {@code junit-platform.properties}, else {@code target/backtest-gate}.
   */
  @Parameter(property = ProjectDirectories.REPORT_DIR_KEY)
  private File reportDirectory;

  @Parameter(property = "skipTests", defaultValue = "false")
  private boolean skipTests;

  @Parameter(property = "maven.test.skip", defaultValue = "false")
  private boolean skipTestCompilation;

  /** Whether Surefire was told to ignore test failures: the check then fails the build on them. */
  @Parameter(property = "maven.test.failure.ignore", defaultValue = "false")
  private boolean testFailureIgnore;

  /** Surefire's {@code -Dtest} filter, for naming it as the cause. */
  @Parameter(property = "test")
  private String testFilter;

  /** Creates the goal (Maven injects the parameters). */
  public CheckMojo() {}

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().warn(GatedRunCheck.skipped("-D" + GatedRunCheck.SKIP_PROPERTY + "=true"));
      return;
    }
    if (skipTests || skipTestCompilation) {
      getLog().warn(GatedRunCheck.skipped(skipTests ? "-DskipTests: no test ran" : "-Dmaven.test.skip: no test ran"));
      return;
    }
    Path basedir = project.getBasedir().toPath();
    Path testClasses = Path.of(project.getBuild().getTestOutputDirectory());
    Path reportDir = ProjectDirectories.reportDir(reportDirectory, basedir, Path.of(project.getBuild().getDirectory()),
        testClasses);
    Instant start = session.getRequest().getStartTime().toInstant();
    List<String> failingTests = testFailureIgnore
        ? GatedRunCheck.surefireFailures(Path.of(project.getBuild().getDirectory(), "surefire-reports"), start)
        : List.of();
    List<Path> sourceRoots = project.getTestCompileSourceRoots().stream().map(Path::of).toList();
    try {
      GatedRunCheck.run(new GatedRunCheck.Inputs(testClasses, classpath(), reportDir, start, surefire(), failingTests,
          sourceRoots, projectRoot()), getLog()::info, getLog()::warn);
    } catch (Refusal refusal) {
      throw new MojoFailureException(refusal.getMessage());
    }
  }

  /** The top-level project's directory: SARIF paths are relative to it, as a repository checkout is. */
  private Path projectRoot() {
    MavenProject top = session.getTopLevelProject();
    return (top != null && top.getBasedir() != null ? top.getBasedir() : project.getBasedir()).toPath();
  }

  private List<Path> classpath() throws MojoExecutionException {
    try {
      List<Path> paths = new ArrayList<>();
      for (String element : project.getTestClasspathElements()) {
        paths.add(Path.of(element));
      }
      return paths;
    } catch (DependencyResolutionRequiredException e) {
      throw new MojoExecutionException("The test class path of " + project.getId() + " is not resolved: "
          + e.getMessage(), e);
    }
  }

  /** The effective Surefire setup: version, includes and excludes of its default-test execution. */
  private SurefireSetup surefire() {
    Plugin plugin = project.getPlugin(SUREFIRE);
    if (plugin == null) {
      return new SurefireSetup(null, List.of(), List.of(), testFilter);
    }
    List<Xpp3Dom> configurations = new ArrayList<>();
    Map<String, PluginExecution> executions = plugin.getExecutionsAsMap();
    PluginExecution defaultTest = executions.get("default-test");
    if (defaultTest != null && defaultTest.getConfiguration() instanceof Xpp3Dom dom) {
      configurations.add(dom);
    }
    if (plugin.getConfiguration() instanceof Xpp3Dom dom) {
      configurations.add(dom);
    }
    String filter = testFilter;
    if (filter == null) {
      filter = configurations.stream().map(c -> c.getChild("test")).filter(t -> t != null && t.getValue() != null)
          .map(Xpp3Dom::getValue).filter(v -> !v.startsWith("${")).findFirst().orElse(null);
    }
    return new SurefireSetup(plugin.getVersion(), list(configurations, "includes"), list(configurations, "excludes"),
        filter);
  }

  private static List<String> list(List<Xpp3Dom> configurations, String name) {
    for (Xpp3Dom configuration : configurations) {
      Xpp3Dom list = configuration.getChild(name);
      if (list != null && list.getChildCount() > 0) {
        List<String> values = new ArrayList<>();
        for (Xpp3Dom item : list.getChildren()) {
          if (item.getValue() != null && !item.getValue().isBlank()) {
            values.add(item.getValue().trim());
          }
        }
        return values;
      }
    }
    return List.of();
  }
}
