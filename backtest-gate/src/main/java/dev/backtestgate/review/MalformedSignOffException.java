package dev.backtestgate.review;

import static org.apiguardian.api.API.Status.STABLE;


import java.nio.file.Path;
import org.apiguardian.api.API;

/**
 * A sign-off file that cannot be read: not JSON, or a field missing, unknown or of the wrong type. Its
 * message names the file, the JSON path of the problem and how to fix it.
 *
 * <pre>{@code
 * try { SignOffJson.parse(text, path); }
 * catch (MalformedSignOffException e) { System.err.println(e.jsonPath() + ": " + e.problem()); }
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
public final class MalformedSignOffException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final transient Path file;
  private final String jsonPath;
  private final String problem;

  MalformedSignOffException(Path file, String jsonPath, String problem) {
    super("Leakage-review file " + file + " is malformed at " + jsonPath + ": " + problem);
    this.file = file;
    this.jsonPath = jsonPath;
    this.problem = problem;
  }

  /** The file that could not be read. */
  public Path file() {
    return file;
  }

  /** Where in the file, e.g. {@code $.reviewed.lift}. */
  public String jsonPath() {
    return jsonPath;
  }

  /** What is wrong there and how to fix it. */
  public String problem() {
    return problem;
  }
}
