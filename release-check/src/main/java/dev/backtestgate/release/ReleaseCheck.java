package dev.backtestgate.release;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apiguardian.api.API;

/**
 * The release profile's last step, and a maintainer's tool (docs/releasing.md).
 *
 * <pre>
 * assemble &lt;root&gt; &lt;bundle.zip&gt; &lt;repository dir&gt; &lt;module,module,...&gt;
 *     collect the signed files into Central's bundle, refuse it (writing nothing) unless it passes every check,
 *     then write the zip and unpack it as a file-based Maven repository
 * validate &lt;bundle.zip&gt;    check an existing bundle
 * compare &lt;a.zip&gt; &lt;b.zip&gt;   byte-for-byte: every file of two builds of one commit, signatures aside
 * </pre>
 *
 * With {@code -Drelease.reference=<earlier bundle.zip>}, assemble also compares the new bundle with it.
 * The release key's public part comes from {@code MAVEN_GPG_KEY} (the key that signed), or from the armored key file
 * named by the system property {@code release.publicKey}.
 */
@API(status = INTERNAL, since = "0.1") // the goal, not this class, is what users call
public final class ReleaseCheck {
  static final String KEY_VARIABLE = "MAVEN_GPG_KEY";
  static final String KEY_PROPERTY = "release.publicKey";
  /** A bundle built earlier from the same commit: assemble then requires the same bytes in every file. */
  static final String REFERENCE_PROPERTY = "release.reference";

  private ReleaseCheck() {}

  public static void main(String[] args) {
    try {
      run(args);
    } catch (ReleaseRefused | IllegalArgumentException | UncheckedIOException e) {
      // A refusal is the answer, not a crash: its text says what and how to fix, so no stack trace follows it.
      throw new Refusal(e.getMessage());
    }
  }

  /**
   * A refusal as the command line shows it: {@code release-check refused: <what, with the fix>}, without a stack
   * trace (exec:java logs a thrown exception with its frames, and so does the JVM).
   */
  static final class Refusal extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refusal(String message) {
      super(message, null, false, false);
    }

    @Override
    public String toString() {
      return "release-check refused: " + getMessage();
    }
  }

  private static void run(String[] args) {
    if (args.length == 0) {
      throw new IllegalArgumentException("usage: assemble <root> <bundle.zip> <repository dir> <modules> |"
          + " validate <bundle.zip> | compare <a.zip> <b.zip>");
    }
    switch (args[0]) {
      case "assemble" -> {
        requireArgs(args, 5);
        Path bundle = Path.of(args[2]);
        String reference = System.getProperty(REFERENCE_PROPERTY, "");
        assemble(Path.of(args[1]), bundle, Path.of(args[3]), Arrays.asList(args[4].split(",")), keys(System.getenv(),
            System.getProperty(KEY_PROPERTY)), reference.isBlank() ? null : Path.of(reference));
        System.out.println("release-check: " + bundle + " passes every check (files, signatures, checksums, POMs,"
            + " SBOMs, no SNAPSHOT or GPL dependency)" + (reference.isBlank() ? "" : "; it holds the same bytes as "
            + reference + " in every file (signatures aside): the build is reproducible"));
      }
      case "validate" -> {
        requireArgs(args, 2);
        List<String> problems = new BundleValidator(keys(System.getenv(), System.getProperty(KEY_PROPERTY)), Map.of())
            .problems(Bundle.read(Path.of(args[1])));
        if (!problems.isEmpty()) {
          throw new ReleaseRefused(args[1] + " would be refused:", problems);
        }
        System.out.println("release-check: " + args[1] + " passes every check");
      }
      case "compare" -> {
        requireArgs(args, 3);
        compare(Path.of(args[1]), Path.of(args[2]));
      }
      default -> throw new IllegalArgumentException("unknown command " + args[0]
          + "; use assemble, validate or compare");
    }
  }

  /**
   * Assembles and checks the bundle; writes {@code bundleZip} and unpacks {@code repository} only when it passes. Any
   * earlier bundle is deleted first, so a refused release leaves none behind.
   */
  static void assemble(Path root, Path bundleZip, Path repository, List<String> modules, Signatures keys) {
    assemble(root, bundleZip, repository, modules, keys, null);
  }

  /**
   * {@link #assemble(Path, Path, Path, List, Signatures)}, refused too when the bundle differs from {@code reference}
   * (a first build of the same commit; {@code null} for none): compared before anything is written, so a build that
   * is not reproducible leaves no bundle behind.
   */
  static void assemble(Path root, Path bundleZip, Path repository, List<String> modules, Signatures keys,
      Path reference) {
    try {
      Files.deleteIfExists(bundleZip);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the old bundle " + bundleZip, e);
    }
    BundleAssembler.Assembly assembly = BundleAssembler.assemble(root, modules);
    List<String> problems = new ArrayList<>(assembly.problems());
    problems.addAll(new BundleValidator(keys, assembly.origins()).problems(assembly.bundle()));
    if (!problems.isEmpty()) {
      throw new ReleaseRefused("The release bundle was refused (no bundle written):", problems);
    }
    if (reference != null) {
      List<String> differences = compare(Bundle.read(reference), assembly.bundle());
      if (!differences.isEmpty()) {
        throw new ReleaseRefused("Two builds of one commit differ, so the release is not reproducible and no bundle "
            + "was written: " + reference + " and this build (compare the files with diffoscope; "
            + "docs/releasing.md):", differences);
      }
    }
    assembly.bundle().write(bundleZip);
    assembly.bundle().unpack(repository);
  }

  /** The release key's public part: from the key file {@code keyFile} if given, else from {@code MAVEN_GPG_KEY}. */
  static Signatures keys(Map<String, String> environment, String keyFile) {
    if (keyFile != null && !keyFile.isBlank()) {
      try {
        return Signatures.fromKeyRings(keyFile, Files.readAllBytes(Path.of(keyFile)));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the key file " + keyFile + " (-D" + KEY_PROPERTY + ")", e);
      }
    }
    String key = environment.get(KEY_VARIABLE);
    if (key == null || key.isBlank()) {
      throw new ReleaseRefused("No key to check the signatures with:", List.of(KEY_VARIABLE + " is not set. Fix:"
          + " export " + KEY_VARIABLE + "=\"$(gpg --armor --export-secret-keys <key id>)\", or pass the public key"
          + " file with -D" + KEY_PROPERTY + "=<file> (docs/releasing.md)"));
    }
    return Signatures.fromKeyRings("the environment variable " + KEY_VARIABLE, key);
  }

  /** Refuses two bundles whose files differ (signatures aside). */
  static void compare(Path first, Path second) {
    List<String> differences = compare(Bundle.read(first), Bundle.read(second));
    if (!differences.isEmpty()) {
      throw new ReleaseRefused("Two builds of one commit differ, so the release is not reproducible: " + first
          + " and " + second + " (compare the files with diffoscope; docs/releasing.md):", differences);
    }
    System.out.println("release-check: " + second + " holds the same bytes as " + first + " in every file"
        + " (signatures aside): the build is reproducible");
  }

  /**
   * The entries of two bundles that are missing from one or differ in bytes, in name order; for an archive (a jar), the
   * first entry in it that differs and where. Signatures ({@code .asc}) and their checksums are left out: a signature
   * carries the time it was made. The checksums of a file that differs are not listed again.
   */
  static List<String> compare(Bundle a, Bundle b) {
    Set<String> names = new TreeSet<>(a.entries().keySet());
    names.addAll(b.entries().keySet());
    List<String> differences = new ArrayList<>();
    Set<String> differing = new TreeSet<>();
    for (String name : names) {
      if (name.contains(".asc") || isChecksumOf(name, differing)) {
        continue;
      }
      byte[] left = a.entries().get(name);
      byte[] right = b.entries().get(name);
      if (left == null || right == null) {
        differences.add(name + ": only in the " + (left == null ? "second" : "first") + " build");
      } else if (!Arrays.equals(left, right)) {
        differing.add(name);
        String where = ArchiveDifference.isArchive(name)
            ? ArchiveDifference.first(left, right).map(d -> "; " + d).orElse("") : "";
        differences.add(name + ": differs (sha256 " + BundleValidator.digest("SHA-256", left) + " vs "
            + BundleValidator.digest("SHA-256", right) + ")" + where + ", and so do its checksums");
      }
    }
    return differences;
  }

  private static boolean isChecksumOf(String name, Set<String> files) {
    int dot = name.lastIndexOf('.');
    return dot > 0 && BundleValidator.digestAlgorithms().containsKey(name.substring(dot + 1))
        && files.contains(name.substring(0, dot));
  }

  private static void requireArgs(String[] args, int count) {
    if (args.length != count) {
      throw new IllegalArgumentException(args[0] + " takes " + (count - 1) + " arguments, got " + (args.length - 1));
    }
  }
}
