package dev.backtestgate.claim;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A claim file that cannot be read: not JSON, an unknown schema, or a field missing, unknown, of the wrong type or
 * out of range. Its message names the file, the JSON path of the problem and the fix.
 *
 * <pre>{@code
 * try { ClaimJson.parse(text, "claims/churn.json"); }
 * catch (MalformedClaimException e) { System.err.println(e.jsonPath() + ": " + e.problem()); }
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.3")
public final class MalformedClaimException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String jsonPath;
  private final String problem;

  MalformedClaimException(String file, String jsonPath, String problem) {
    super("Claim file " + file + " is malformed at " + jsonPath + ": " + problem);
    this.jsonPath = jsonPath;
    this.problem = problem;
  }

  /** Where in the document, e.g. {@code $.variances.candidate}. */
  public String jsonPath() {
    return jsonPath;
  }

  /** What is wrong there and how to fix it. */
  public String problem() {
    return problem;
  }
}
