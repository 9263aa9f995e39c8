package dev.backtestgate.cli.workflow;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.backtestgate.Finding;
import dev.backtestgate.claim.Claim;
import dev.backtestgate.tripwire.TripwireResult;
import java.nio.file.Path;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The tripwire's SARIF 2.1.0 log, as the check goal's ({@link Sarif}): one result when it tripped
 * ({@code offline-online-gap}, level error) or could not check yet ({@code tripwire-unchecked}, level warning), none
 * when production holds the claim, so a code-scanning view closes the alert. Located at the claim file.
 *
 * <pre>{@code
 * TripwireTrace.write(sarifFile, TripwireSarif.write(claim, claimFile, result, jsonFile, htmlFile, moduleDir));
 * }</pre>
 */
@API(status = INTERNAL, since = "0.3")
public final class TripwireSarif {
  private TripwireSarif() {}

  /**
   * The SARIF text.
   *
   * @param claimFile the claim file read: the result's location
   * @param json the JSON result written, or {@code null}
   * @param html the HTML page written, or {@code null}
   * @param root the project directory the paths are relative to ({@code %SRCROOT%})
   */
  public static String write(Claim claim, Path claimFile, TripwireResult result, Path json, Path html, Path root) {
    List<Sarif.Result> results = result.findings().stream().map(f -> result(claim, claimFile, f, json, html))
        .toList();
    return Sarif.write(results, root.toAbsolutePath().normalize(), Versions.PLUGIN);
  }

  private static Sarif.Result result(Claim claim, Path claimFile, Finding finding, Path json, Path html) {
    String level = finding.resolution() == Finding.Resolution.WARNING ? "warning" : "error";
    return new Sarif.Result(claim.gate(), finding.kind(), List.of(finding.kind()), finding.render().headline(),
        claimFile, 0, json, html, level, "HTML page: the verdict, the numbers and the lift per period");
  }
}
