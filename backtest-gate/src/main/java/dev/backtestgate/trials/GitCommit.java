package dev.backtestgate.trials;

import dev.backtestgate.internal.BoundedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The commit checked out in the git work tree around a directory, read from {@code .git/HEAD} and the ref file (or
 * {@code packed-refs}) directly, without running git: a linked work tree's {@code .git} file and its
 * {@code commondir} are followed. {@code null} with the reason when there is none.
 *
 * @param commit 40 (or 64) hex digits, or {@code null}
 * @param note why the commit is {@code null}, else {@code ""}
 */
record GitCommit(String commit, String note) {
  private static final Pattern HASH = Pattern.compile("[0-9a-f]{40}([0-9a-f]{24})?");
  private static final int MAX = 1 << 20;

  /** The commit of the work tree that holds {@code start} (or its nearest parent that is one). */
  static GitCommit of(Path start) {
    try {
      for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
        Path dotGit = dir.resolve(".git");
        if (Files.isDirectory(dotGit)) {
          return head(dotGit, dotGit);
        }
        if (Files.isRegularFile(dotGit)) {
          String text = read(dotGit).orElse("").strip();
          if (!text.startsWith("gitdir:")) {
            return none(dotGit + " is neither a git directory nor a 'gitdir:' file");
          }
          Path gitDir = dir.resolve(text.substring("gitdir:".length()).strip()).normalize();
          Path common = read(gitDir.resolve("commondir")).map(c -> gitDir.resolve(c.strip()).normalize())
              .orElse(gitDir);
          return head(gitDir, common);
        }
      }
      return none("the project is not in a git work tree");
    } catch (RuntimeException e) {
      return none("the git metadata could not be read: " + e.getMessage());
    }
  }

  private static GitCommit head(Path gitDir, Path common) {
    Optional<String> head = read(gitDir.resolve("HEAD")).map(String::strip);
    if (head.isEmpty()) {
      return none(gitDir.resolve("HEAD") + " does not exist");
    }
    String text = head.get();
    if (HASH.matcher(text).matches()) {
      return new GitCommit(text, "");
    }
    if (!text.startsWith("ref:")) {
      return none(gitDir.resolve("HEAD") + " holds neither a commit nor a ref");
    }
    String ref = text.substring(4).strip();
    for (Path dir : new Path[] {gitDir, common}) {
      Optional<String> loose = read(dir.resolve(ref)).map(String::strip);
      if (loose.isPresent() && HASH.matcher(loose.get()).matches()) {
        return new GitCommit(loose.get(), "");
      }
    }
    Optional<String> packed = read(common.resolve("packed-refs"));
    if (packed.isPresent()) {
      for (String line : packed.get().split("\n")) {
        String[] parts = line.strip().split(" ");
        if (parts.length == 2 && parts[1].equals(ref) && HASH.matcher(parts[0]).matches()) {
          return new GitCommit(parts[0], "");
        }
      }
    }
    return none("the branch " + ref + " has no commit yet");
  }

  private static Optional<String> read(Path file) {
    return BoundedFiles.readRegular(file, MAX, "git file");
  }

  private static GitCommit none(String why) {
    return new GitCommit(null, why);
  }
}
