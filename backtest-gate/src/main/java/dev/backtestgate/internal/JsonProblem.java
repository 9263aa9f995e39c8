package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A JSON document that cannot be read: where ({@link #jsonPath()}, e.g. {@code $.reviewed.lift}) and what is
 * wrong there, worded with the fix. Callers turn it into the exception of their own file format.
 */
@API(status = INTERNAL, since = "0.1")
public final class JsonProblem extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String jsonPath;
  private final String problem;

  /** A problem at {@code jsonPath}. */
  public JsonProblem(String jsonPath, String problem) {
    super(jsonPath + ": " + problem);
    this.jsonPath = jsonPath;
    this.problem = problem;
  }

  /** Where in the document. */
  public String jsonPath() {
    return jsonPath;
  }

  /** What is wrong there and how to fix it. */
  public String problem() {
    return problem;
  }
}
