package dev.backtestgate;

import static org.apiguardian.api.API.Status.STABLE;


import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * How the gate treats sign-off files. No mode ever writes into the review directory: signing off is a
 * human act, committed like code.
 *
 * <pre>{@code
 * Mode effective = Mode.AUTO.resolve(System.getenv());   // VERIFY on CI, LOCAL on a laptop
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public enum Mode {
  /** {@link #VERIFY} when the build runs in CI, else {@link #LOCAL}. */
  AUTO,
  /** Read-only: a needed, missing sign-off fails the build; nothing is written but the report. */
  VERIFY,
  /** As {@link #VERIFY}, and also writes a pending sign-off under the report directory to copy. */
  LOCAL;

  /** Environment variables that mean "this is a CI build" when set (CI only when not {@code false}). */
  static final List<String> CI_VARIABLES = List.of("GITHUB_ACTIONS", "JENKINS_URL", "TF_BUILD", "GITLAB_CI");

  /** The effective mode: {@link #AUTO} becomes {@link #VERIFY} in CI and {@link #LOCAL} elsewhere. */
  public Mode resolve(Map<String, String> environment) {
    if (this != AUTO) {
      return this;
    }
    return isCi(environment) ? VERIFY : LOCAL;
  }

  /** True when {@code CI} is set to anything but {@code false}, or a known CI server's variable is set. */
  public static boolean isCi(Map<String, String> environment) {
    String ci = environment.get("CI");
    if (ci != null && !ci.equalsIgnoreCase("false")) {
      return true;
    }
    return CI_VARIABLES.stream().anyMatch(environment::containsKey);
  }

  /** The value as written in configuration: {@code auto}, {@code verify} or {@code local}. */
  public String configValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
