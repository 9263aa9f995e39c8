package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apiguardian.api.API;

/**
 * Turns a gate id into a file name that is safe on every common file system, deterministically: safe
 * ids are kept as they are (plus {@code .json}); any other id gets its unsafe characters replaced by
 * {@code _} and a short hash of the original appended, so two ids never share a file. Names the report
 * directory uses itself ({@code index}, {@code pending}, {@code history-manifests}, in any case) and Windows
 * device names ({@code CON}, {@code NUL}, {@code COM1}...) count as unsafe.
 *
 * <pre>{@code
 * FileNames.of("com.acme.ChurnBacktest#gbm")      // "com.acme.ChurnBacktest#gbm.json"
 * FileNames.of("com.acme.B#run[1]")               // "com.acme.B#run[1].json"
 * FileNames.of("my gate/v2")                      // "my_gate_v2-1a2b3c4d.json"
 * }</pre>
 */
@API(status = INTERNAL, since = "0.1")
public final class FileNames {
  private static final int MAX_STEM = 150;
  /** Stems the report directory uses for itself: {@code index.html} is the report index. */
  private static final java.util.Set<String> RESERVED = java.util.Set.of("index", "pending", "history-manifests");

  private static final java.util.regex.Pattern DEVICE =
      java.util.regex.Pattern.compile("con|prn|aux|nul|com[0-9]|lpt[0-9]|conin\\$|conout\\$");

  private FileNames() {}

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
    if (stem.length() == 0 || stem.charAt(0) == '.' || stem.charAt(0) == '-'
        || RESERVED.contains(stem.toString().toLowerCase(java.util.Locale.ROOT)) || isDeviceName(stem)) {
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

  /** Windows opens a device, not a file, for {@code CON}, {@code NUL.json}, {@code com1.x.json} and the like. */
  private static boolean isDeviceName(CharSequence stem) {
    String name = stem.toString().toLowerCase(java.util.Locale.ROOT);
    int dot = name.indexOf('.');
    return DEVICE.matcher(dot < 0 ? name : name.substring(0, dot)).matches();
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
