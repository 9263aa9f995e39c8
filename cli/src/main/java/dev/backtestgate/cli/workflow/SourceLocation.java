package dev.backtestgate.cli.workflow;

/**
 * Where a test method is declared, as the class file tells it.
 *
 * <pre>{@code
 * SourceLocation l = gatedMethod.location();
 * String path = l.relativePath();   // "com/acme/ChurnBacktest.java"
 * }</pre>
 *
 * @param declaringClass binary name of the declaring class
 * @param packagePath the package as a path, {@code com/acme}
 * @param sourceFile the class file's {@code SourceFile} attribute, or {@code null} when compiled without it
 * @param method the method name
 * @param firstLine the first line of the method's code, 0 when unknown
 */
record SourceLocation(String declaringClass, String packagePath, String sourceFile, String method, int firstLine) {
  /** The source path relative to a source root, or {@code null} when the class file does not name its source. */
  String relativePath() {
    if (sourceFile == null) {
      return null;
    }
    return packagePath.isEmpty() ? sourceFile : packagePath + "/" + sourceFile;
  }
}
