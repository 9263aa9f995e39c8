package dev.backtestgate.review;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Turns a gate id into a file name that is safe on every common file system, deterministically: safe
 * ids are kept as they are (plus {@code .json}); any other id gets its unsafe characters replaced by
 * {@code _} and a short hash of the original appended, so two ids never share a file.
 *
 * <pre>{@code
 * GateFileNames.of("com.acme.ChurnBacktest#gbm")      // "com.acme.ChurnBacktest#gbm.json"
 * GateFileNames.of("com.acme.B#run[1]")               // "com.acme.B#run[1].json"
 * GateFileNames.of("my gate/v2")                      // "my_gate_v2-1a2b3c4d.json"
 * }</pre>
 */
public final class GateFileNames {
  private static final int MAX_STEM = 150;

  private GateFileNames() {}

  /** The file name for a gate id, ending in {@code .json}. */
  public static String of(String gateId) {
    StringBuilder stem = new StringBuilder(gateId.length());
    boolean changed = false;
    for (int i = 0; i < gateId.length(); i++) {
      char c = gateId.charAt(i);
      if (isSafe(c)) {
        stem.append(c);
      } else {
        stem.append('_');
        changed = true;
      }
    }
    if (stem.length() == 0 || stem.charAt(0) == '.' || stem.charAt(0) == '-') {
      stem.insert(0, '_');
      changed = true;
    }
    if (stem.length() > MAX_STEM) {
      stem.setLength(MAX_STEM);
      changed = true;
    }
    if (changed) {
      stem.append('-').append(shortHash(gateId));
    }
    return stem + ".json";
  }

  private static boolean isSafe(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || c == '.' || c == '_' || c == '-' || c == '#' || c == '[' || c == ']' || c == '$';
  }

  private static String shortHash(String gateId) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(gateId.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
