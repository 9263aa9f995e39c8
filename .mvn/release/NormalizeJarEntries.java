import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Run by the release profile after a module's jars are packaged and before anything hashes or signs them:
 * {@code java .mvn/release/NormalizeJarEntries.java <module>/target}.
 *
 * <p>The archiver copies each file's Unix mode into its jar entry, masked with 022 only, so a maintainer with umask
 * 077 builds entries with mode 0600 where one with umask 022 gets 0644: the same release, different bytes. This
 * rewrites every jar directly in the directory with the same entries, in the same order, with the same names, bytes,
 * local times, compression methods, extra fields and comments, and no Unix mode at all (the mode is not part of a
 * jar's meaning). The result depends on the jar's content alone, and rewriting it again changes nothing.
 */
public final class NormalizeJarEntries {
  private NormalizeJarEntries() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: java NormalizeJarEntries.java <directory holding the jars>");
    }
    Path directory = Path.of(args[0]);
    if (!Files.isDirectory(directory)) {
      return; // a module that packages nothing (a pom) has no target directory
    }
    int jars = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*.jar")) {
      for (Path jar : files) {
        rewrite(jar);
        jars++;
      }
    }
    System.out.println("NormalizeJarEntries: " + jars + " jar(s) in " + directory + " carry no Unix modes");
  }

  static void rewrite(Path jar) throws IOException {
    Path temporary = Files.createTempFile(jar.getParent(), jar.getFileName().toString(), ".tmp");
    try {
      try (ZipFile in = new ZipFile(jar.toFile());
          OutputStream file = Files.newOutputStream(temporary);
          ZipOutputStream out = new ZipOutputStream(file)) {
        out.setComment(in.getComment());
        for (ZipEntry original : Collections.list(in.entries())) {
          byte[] bytes;
          try (InputStream content = in.getInputStream(original)) {
            bytes = content.readAllBytes();
          }
          ZipEntry copy = new ZipEntry(original.getName());
          copy.setTimeLocal(original.getTimeLocal());
          copy.setMethod(original.getMethod());
          if (original.getExtra() != null) {
            copy.setExtra(original.getExtra());
          }
          copy.setComment(original.getComment());
          if (original.getMethod() == ZipEntry.STORED) {
            CRC32 crc = new CRC32();
            crc.update(bytes);
            copy.setSize(bytes.length);
            copy.setCompressedSize(bytes.length);
            copy.setCrc(crc.getValue());
          }
          out.putNextEntry(copy);
          out.write(bytes);
          out.closeEntry();
        }
      }
      Files.move(temporary, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }
}
