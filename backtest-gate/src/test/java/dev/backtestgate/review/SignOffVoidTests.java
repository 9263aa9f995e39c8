package dev.backtestgate.review;

import static dev.backtestgate.review.SignOffFixtures.FINGERPRINT;
import static dev.backtestgate.review.SignOffFixtures.GATE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Void records withdraw exactly the sign-off files they name; a new review covers again; a bad record fails. */
class SignOffVoidTests {
  private static final LocalDate TODAY = LocalDate.parse("2026-12-02");
  private static final String RECORD = "history/statements.changes/2026-12-02-DATA-1234.json";

  @TempDir Path dir;
  private ReviewStore store;

  @BeforeEach
  void commitAnApprovedReview() throws Exception {
    store = ReviewStore.directory(dir);
    Files.writeString(store.locationOf(GATE), SignOffFixtures.approvedText());
  }

  private SignOffStatus assess() {
    return SignOffRules.assess(store, GATE, FINGERPRINT, 0.1, 0.01, TODAY);
  }

  private Path commitVoid(String gate, String signOffText) throws Exception {
    SignOffVoid record = new SignOffVoid("statements", List.of("2024-01", "2024-02"), RECORD, TODAY,
        SignOffVoid.reason("statements", List.of("2024-01", "2024-02"), RECORD),
        List.of(new SignOffVoid.Entry(gate, store.locationOf(gate).getFileName().toString(),
            SignOffVoid.sha256(signOffText))));
    Path file = dir.resolve(SignOffVoid.DIRECTORY).resolve("2026-12-02-DATA-1234.json");
    Files.createDirectories(file.getParent());
    Files.writeString(file, record.json());
    return file;
  }

  @Test
  void aWithdrawnSignOffNoLongerCoversAndSaysWhy() throws Exception {
    assertThat(assess().covers()).isTrue();
    Path voidFile = commitVoid(GATE, SignOffFixtures.approvedText());
    assertThat(assess()).isEqualTo(new SignOffStatus.Voided(store.locationOf(GATE),
        "history of statements rewritten in 2024-01, 2024-02, see " + RECORD, voidFile));
    assertThat(assess().label()).isEqualTo("voided");
    assertThat(assess().failsOnItsOwn()).as("like a stale review: fails only when a review is needed").isFalse();
  }

  @Test
  void aNewReviewWrittenAfterTheVoidCoversAgain() throws Exception {
    commitVoid(GATE, SignOffFixtures.approvedText());
    String renewed = SignOffFixtures.approvedText().replace("\"reviewer\": \"", "\"reviewer\": \"again ");
    assertThat(renewed).isNotEqualTo(SignOffFixtures.approvedText());
    Files.writeString(store.locationOf(GATE), renewed);
    assertThat(assess().covers()).isTrue();
  }

  @Test
  void aVoidOfAnotherGateOrAnotherFileLeavesThisOneCovering() throws Exception {
    commitVoid("com.acme.Other#gbm", SignOffFixtures.approvedText());
    assertThat(assess().covers()).isTrue();
  }

  @Test
  void theDocumentedExampleIsAVoidRecordTheGateReads() {
    String doc = dev.backtestgate.SchemaAssertions.read(dev.backtestgate.SchemaAssertions.docs()
        .resolve("sign-off-format.md"));
    java.util.regex.Matcher block = java.util.regex.Pattern.compile("```json void-record\n(\\{\n.*?\n})\n```",
        java.util.regex.Pattern.DOTALL).matcher(doc);
    assertThat(block.find()).as("the void record example in docs/sign-off-format.md").isTrue();
    SignOffVoid example = SignOffVoid.parse(block.group(1), Path.of("sign-off-format.md"));
    assertThat(example.reason()).isEqualTo(SignOffVoid.reason(example.table(), example.partitions(),
        example.changeRecord()));
    assertThat(example.json()).isEqualTo(block.group(1) + "\n");
  }

  @Test
  void aRoundTripKeepsEveryField() {
    SignOffVoid record = new SignOffVoid("statements", List.of("2024-01"), RECORD, TODAY, "why",
        List.of(new SignOffVoid.Entry(GATE, GATE + ".json", "ab".repeat(32))));
    assertThat(SignOffVoid.parse(record.json(), Path.of("v.json"))).isEqualTo(record);
    assertThat(record.json()).endsWith("}\n").doesNotContain("\r");
  }

  @Test
  void aMalformedVoidRecordFailsClosedNamingTheFileThePathAndTheFix() throws Exception {
    Path voidFile = commitVoid(GATE, SignOffFixtures.approvedText());
    Files.writeString(voidFile, Files.readString(voidFile).replaceFirst("\"sha256\": \"[0-9a-f]+\"",
        "\"sha256\": \"not-a-digest\""));
    SignOffStatus status = assess();
    assertThat(status).isInstanceOf(SignOffStatus.Malformed.class);
    SignOffStatus.Malformed bad = (SignOffStatus.Malformed) status;
    assertThat(bad.file()).isEqualTo(voidFile);
    assertThat(bad.jsonPath()).isEqualTo("$.signOffs[0].sha256");
    assertThat(bad.problem()).contains("not-a-digest", "git checkout -- " + voidFile, "sign-off-format.md");
    assertThat(status.failsOnItsOwn()).isTrue();
  }

  @Test
  void everyMalformedShapeIsNamed() {
    Path file = Path.of("v.json");
    assertThatThrownBy(() -> SignOffVoid.parse("[]", file)).hasMessageContaining("$:");
    assertThatThrownBy(() -> SignOffVoid.parse("{", file)).hasMessageContaining("not valid JSON");
    String good = new SignOffVoid("t", List.of("2024-01"), RECORD, TODAY, "why",
        List.of(new SignOffVoid.Entry(GATE, "g.json", "ab".repeat(32)))).json();
    assertThatThrownBy(() -> SignOffVoid.parse(good.replace("\"table\"", "\"tabel\""), file))
        .isInstanceOf(MalformedSignOffException.class).hasMessageContaining("$.tabel").hasMessageContaining("typo");
    assertThatThrownBy(() -> SignOffVoid.parse(good.replace("sign-off-void/1", "sign-off-void/9"), file))
        .hasMessageContaining("$.schema");
    assertThatThrownBy(() -> SignOffVoid.parse(good.replace("\"2026-12-02\"", "\"yesterday\""), file))
        .hasMessageContaining("$.date");
    assertThatThrownBy(() -> SignOffVoid.parse(good.replaceAll("\"partitions\": \\[[^]]*\\]",
        "\"partitions\": []"), file)).hasMessageContaining("$.partitions");
    assertThatThrownBy(() -> SignOffVoid.parse(good + "{}", file)).hasMessageContaining("not valid JSON");
  }

  @Test
  void aLinkInPlaceOfTheVoidDirectoryFailsClosed() throws Exception {
    Path elsewhere = Files.createDirectories(dir.resolveSibling(dir.getFileName() + "-elsewhere"));
    Files.createSymbolicLink(dir.resolve(SignOffVoid.DIRECTORY), elsewhere);
    assertThat(assess()).isInstanceOf(SignOffStatus.Malformed.class);
    assertThat(((SignOffStatus.Malformed) assess()).problem()).contains("not a directory");
  }
}
