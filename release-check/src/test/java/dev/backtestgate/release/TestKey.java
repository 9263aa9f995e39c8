package dev.backtestgate.release;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Date;
import org.bouncycastle.bcpg.ArmoredOutputStream;
import org.bouncycastle.bcpg.HashAlgorithmTags;
import org.bouncycastle.crypto.generators.RSAKeyPairGenerator;
import org.bouncycastle.crypto.params.RSAKeyGenerationParameters;
import org.bouncycastle.openpgp.PGPException;
import org.bouncycastle.openpgp.PGPKeyPair;
import org.bouncycastle.openpgp.PGPKeyRingGenerator;
import org.bouncycastle.openpgp.PGPPublicKey;
import org.bouncycastle.openpgp.PGPSignature;
import org.bouncycastle.openpgp.PGPSignatureGenerator;
import org.bouncycastle.openpgp.operator.bc.BcPGPContentSignerBuilder;
import org.bouncycastle.openpgp.operator.bc.BcPGPDigestCalculatorProvider;
import org.bouncycastle.openpgp.operator.bc.BcPGPKeyPair;

/** A throw-away OpenPGP signing key, made in memory as CI makes one, and detached armored signatures with it. */
final class TestKey {
  /** The release key of the hand-made bundles. */
  static final TestKey RELEASE = new TestKey("release <release@example.invalid>");
  /** Someone else's key: its signatures must not pass. */
  static final TestKey STRANGER = new TestKey("stranger <stranger@example.invalid>");

  private final PGPKeyPair pair;
  private final byte[] publicRing;
  private final byte[] secretRing;

  private TestKey(String user) {
    try {
      RSAKeyPairGenerator generator = new RSAKeyPairGenerator();
      generator.init(new RSAKeyGenerationParameters(BigInteger.valueOf(0x10001), new SecureRandom(), 2048, 12));
      pair = new BcPGPKeyPair(PGPPublicKey.RSA_GENERAL, generator.generateKeyPair(), new Date());
      PGPKeyRingGenerator rings = new PGPKeyRingGenerator(PGPSignature.POSITIVE_CERTIFICATION, pair, user,
          new BcPGPDigestCalculatorProvider().get(HashAlgorithmTags.SHA1), null, null,
          new BcPGPContentSignerBuilder(PGPPublicKey.RSA_GENERAL, HashAlgorithmTags.SHA256), null);
      publicRing = armored(rings.generatePublicKeyRing().getEncoded());
      secretRing = armored(rings.generateSecretKeyRing().getEncoded());
    } catch (PGPException | IOException e) {
      throw new IllegalStateException(e);
    }
  }

  Signatures publicKeys() {
    return Signatures.fromKeyRings("test key", publicRing);
  }

  /** The armored secret key ring, as MAVEN_GPG_KEY holds it. */
  String secretKeyRing() {
    return new String(secretRing, java.nio.charset.StandardCharsets.US_ASCII);
  }

  byte[] publicKeyRing() {
    return publicRing.clone();
  }

  byte[] sign(byte[] content) {
    try {
      PGPSignatureGenerator generator = new PGPSignatureGenerator(
          new BcPGPContentSignerBuilder(PGPPublicKey.RSA_GENERAL, HashAlgorithmTags.SHA256), pair.getPublicKey());
      generator.init(PGPSignature.BINARY_DOCUMENT, pair.getPrivateKey());
      generator.update(content);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (ArmoredOutputStream armor = new ArmoredOutputStream(out)) {
        generator.generate().encode(armor);
      }
      return out.toByteArray();
    } catch (PGPException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] armored(byte[] binary) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ArmoredOutputStream armor = new ArmoredOutputStream(out)) {
      armor.write(binary);
    }
    return out.toByteArray();
  }
}
