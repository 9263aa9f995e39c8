package dev.backtestgate.release;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bouncycastle.openpgp.PGPCompressedData;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPPublicKey;
import org.bouncycastle.openpgp.PGPPublicKeyRing;
import org.bouncycastle.openpgp.PGPSecretKeyRing;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureList;
import org.bouncycastle.openpgp.PGPUtil;
import org.bouncycastle.openpgp.bc.BcPGPObjectFactory;
import org.bouncycastle.openpgp.operator.bc.BcPGPContentVerifierBuilderProvider;

/**
 * OpenPGP public keys and the check of detached ASCII-armored signatures ({@code .asc}), as Central verifies them.
 * Keys come from armored text holding public or secret key rings (the release key in {@code MAVEN_GPG_KEY} is a
 * secret key ring; only its public part is used).
 */
final class Signatures {
  private final Map<Long, PGPPublicKey> keys;

  private Signatures(Map<Long, PGPPublicKey> keys) {
    this.keys = Map.copyOf(keys);
  }

  /** The public keys (primary keys and subkeys) in armored or binary key rings; refuses text without any. */
  static Signatures fromKeyRings(String source, byte[] keyRings) {
    Map<Long, PGPPublicKey> keys = new HashMap<>();
    try (InputStream in = PGPUtil.getDecoderStream(new ByteArrayInputStream(keyRings))) {
      BcPGPObjectFactory objects = new BcPGPObjectFactory(in);
      for (Object o = objects.nextObject(); o != null; o = objects.nextObject()) {
        Iterator<PGPPublicKey> ring;
        if (o instanceof PGPPublicKeyRing publicRing) {
          ring = publicRing.getPublicKeys();
        } else if (o instanceof PGPSecretKeyRing secretRing) {
          ring = secretRing.getPublicKeys();
        } else {
          continue;
        }
        ring.forEachRemaining(k -> keys.put(k.getKeyID(), k));
      }
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(source + " is not an OpenPGP key ring (" + e.getMessage()
          + "). Fix: give the ASCII-armored key, e.g. gpg --armor --export-secret-keys <key id>.", e);
    }
    if (keys.isEmpty()) {
      throw new IllegalArgumentException(source + " holds no OpenPGP key. Fix: give the ASCII-armored key, e.g. "
          + "gpg --armor --export-secret-keys <key id>.");
    }
    return new Signatures(keys);
  }

  static Signatures fromKeyRings(String source, String armored) {
    return fromKeyRings(source, armored.getBytes(StandardCharsets.US_ASCII));
  }

  /** Why {@code signature} is not a valid signature of {@code content} by one of these keys; empty when it is. */
  List<String> problems(byte[] content, byte[] signature) {
    List<PGPSignature> signatures = new ArrayList<>();
    try (InputStream in = PGPUtil.getDecoderStream(new ByteArrayInputStream(signature))) {
      BcPGPObjectFactory objects = new BcPGPObjectFactory(in);
      for (Object o = objects.nextObject(); o != null; o = objects.nextObject()) {
        if (o instanceof PGPCompressedData compressed) {
          objects = new BcPGPObjectFactory(compressed.getDataStream());
        } else if (o instanceof PGPSignatureList list) {
          list.forEach(signatures::add);
        }
      }
    } catch (IOException | PGPException | RuntimeException e) {
      return List.of("is not an OpenPGP signature (" + e.getMessage() + ")");
    }
    if (signatures.isEmpty()) {
      return List.of("holds no OpenPGP signature");
    }
    List<String> problems = new ArrayList<>();
    for (PGPSignature s : signatures) {
      PGPPublicKey key = keys.get(s.getKeyID());
      if (key == null) {
        problems.add("is signed by key " + Long.toHexString(s.getKeyID()).toUpperCase(Locale.ROOT)
            + ", which is not the release key");
        continue;
      }
      try {
        s.init(new BcPGPContentVerifierBuilderProvider(), key);
        s.update(content);
        if (s.verify()) {
          return List.of();
        }
        problems.add("does not verify: the file was changed after it was signed");
      } catch (PGPException e) {
        problems.add("cannot be checked (" + e.getMessage() + ")");
      }
    }
    return problems;
  }
}
