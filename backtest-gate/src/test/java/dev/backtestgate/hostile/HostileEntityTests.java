package dev.backtestgate.hostile;

import static dev.backtestgate.hostile.Hostile.illegal;
import static dev.backtestgate.hostile.Hostile.problems;
import static dev.backtestgate.hostile.Hostile.valid;
import static org.assertj.core.api.Assertions.assertThat;

import dev.backtestgate.BacktestRun;
import dev.backtestgate.FeatureTiming;
import dev.backtestgate.time.EntityDictionary;
import dev.backtestgate.time.EventLog;
import dev.backtestgate.time.FeatureTable;
import dev.backtestgate.time.Spine;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hostile keys and names: entity keys are non-empty, and a null key, name or column gets a message naming
 * the row and the fix, never a NullPointerException.
 */
class HostileEntityTests {
  private static final String KEY_FIX = "every row needs the key of the entity it is about, and an empty key would "
      + "lump all rows without one into one made-up entity. Drop those rows or fill in their keys before building "
      + "the columns.";

  @Test
  void aNullKeyIsNamedNotANullPointer() {
    assertThat(illegal(() -> new EntityDictionary().idOf(null))).isEqualTo("entity key is null: " + KEY_FIX);
  }

  @Test
  void anEmptyKeyIsRejected() {
    assertThat(illegal(() -> new EntityDictionary().idOf(""))).isEqualTo("entity key is empty: " + KEY_FIX);
  }

  @ParameterizedTest
  @ValueSource(strings = {" ", "\t", "  \n "})
  void aBlankKeyIsRejected(String key) {
    assertThat(illegal(() -> new EntityDictionary().idOf(key))).startsWith("entity key is blank ('" + key + "'): ");
  }

  @Test
  void aNullKeyInAListIsNamedWithItsRow() {
    EntityDictionary dictionary = new EntityDictionary();
    assertThat(illegal(() -> dictionary.idsOf(Arrays.asList("alice", "bob", null, "carol"))))
        .isEqualTo("entity key of row 2 is null: " + KEY_FIX);
  }

  @Test
  void anEmptyKeyInAListIsNamedWithItsRow() {
    assertThat(illegal(() -> new EntityDictionary().idsOf(List.of("alice", "", "bob"))))
        .isEqualTo("entity key of row 1 is empty: " + KEY_FIX);
  }

  @Test
  void aMissingKeyListIsNamed() {
    assertThat(illegal(() -> new EntityDictionary().idsOf(null))).startsWith("entity key list is null");
  }

  @Test
  void lookingUpANullOrEmptyKeyIsRejectedToo() {
    EntityDictionary dictionary = new EntityDictionary();
    dictionary.idOf("alice");
    assertThat(illegal(() -> dictionary.find(null))).isEqualTo("entity key is null: " + KEY_FIX);
    assertThat(illegal(() -> dictionary.find(""))).isEqualTo("entity key is empty: " + KEY_FIX);
  }

  @Test
  void idsOutsideTheDictionaryAreNamed() {
    EntityDictionary dictionary = new EntityDictionary();
    dictionary.idOf("alice");
    assertThat(illegal(() -> dictionary.keyOf(-1))).contains("entity id -1 is not in this dictionary (ids 0..0)");
    assertThat(illegal(() -> dictionary.keyOf(1))).contains("was the column built with another dictionary?");
  }

  @Test
  void keysWithInnerSpacesAndAnyScriptAreKeys() {
    EntityDictionary dictionary = new EntityDictionary();
    assertThat(dictionary.idsOf(List.of(" bob ", "Zoë", "顧客-7", " bob "))).containsExactly(0, 1, 2, 0);
  }

  @Test
  void aLogWithoutANameIsNamed() {
    assertThat(illegal(() -> EventLog.numeric(null, new long[0], new long[0], new long[0], new double[0])))
        .startsWith("event log name is null");
    assertThat(illegal(() -> EventLog.numericBuilder(" ").build())).startsWith("event log name must not be blank");
  }

  @Test
  void aLogWithoutAColumnIsNamed() {
    assertThat(illegal(() -> EventLog.numeric("balance", null, new long[0], new long[0], new double[0])))
        .startsWith("event log 'balance' entity column is null");
    assertThat(illegal(() -> EventLog.categorical("plan", new long[0], new long[0], new long[0], new int[0], null)))
        .startsWith("event log 'plan' categories is null");
  }

  @Test
  void aSpineWithoutAColumnIsNamed() {
    assertThat(illegal(() -> Spine.of(null, new long[0]))).startsWith("spine entity column is null");
    assertThat(illegal(() -> Spine.of(new long[0], null))).startsWith("spine decisionTime column is null");
  }

  @Test
  void aNullCategoryIsAMissingValueThatIsNamedUnlessKept() {
    EventLog.CategoricalBuilder builder = EventLog.categoricalBuilder("plan").add(1, 0, 0, "basic").add(1, 1, 1, null);
    assertThat(illegal(builder::build)).contains("column 'code' has 1 missing value(s) (code -1), first at row 1")
        .contains("MissingValues.KEEP");
  }

  @Test
  void aNullMissingValuePolicyIsNamed() {
    assertThat(illegal(() -> EventLog.numericBuilder("balance").missingValues(null)))
        .startsWith("missing-value policy is null");
  }

  @Test
  void featureNamesPassedAsNullAreProblemsNotNullPointers() {
    assertThat(problems(valid().features((String[]) null))).contains("features(...) was passed null: pass the "
        + "feature names");
    assertThat(problems(valid().features("status", null))).contains("a feature has no name: give every feature the "
        + "name the model knows it by.");
  }

  @Test
  void aNullFeatureTimingIsAProblemNotANullPointer() {
    assertThat(problems(valid().feature((FeatureTiming) null))).contains("a feature timing is null: pass new "
        + "FeatureTiming.KnownAt(name, knownAt) or new FeatureTiming.Timeless(name, reason).");
  }

  @Test
  void aNullFeatureTableIsAProblemNotANullPointer() {
    assertThat(problems(valid().features((FeatureTable) null)))
        .contains("the joined feature table is null: pass PointInTimeJoin's result.");
  }

  @Test
  void aRunWithoutAGateIdIsNamed() {
    BacktestRun.Builder builder = BacktestRun.builder(null).labels(Hostile.LABELS).candidate("c", Hostile.CANDIDATE)
        .baseline("b", Hostile.BASELINE).decisionTimes(Hostile.DECIDED).feature("f", Hostile.KNOWN);
    assertThat(problems(builder)).startsWith("Backtest run for gate <no id> is invalid")
        .contains("gate id is blank: name the gate, e.g. com.acme.ChurnBacktest#gbm.");
  }

  @Test
  void modelsWithoutNamesAreNamed() {
    assertThat(problems(valid().candidate(null, Hostile.CANDIDATE).baseline(" ", Hostile.BASELINE)))
        .contains("candidate has no name: pass candidate(name, scores).")
        .contains("baseline has no name: name the model the candidate would replace.");
  }

  @Test
  void missingLabelsAreNamed() {
    assertThat(problems(valid().labels((boolean[]) null))).contains("labels are missing: pass one label per row.");
    assertThat(problems(valid().labels((int[]) null))).contains("labels are missing: pass one label per row.");
  }
}
