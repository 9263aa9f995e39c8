package dev.backtestgate.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class EventLogTests {

  @Test
  void anEmptyCategoryIsALabelButAnEmptyEntityKeyIsRefused() {
    EventLog log = EventLog.categoricalBuilder("status").add(1, 10, 10, "").add(1, 20, 20, "late").add(2, 5, 5, null)
        .missingValues(MissingValues.KEEP).build();
    assertThat(log.size()).isEqualTo(3);
    assertThat(log.categories()).contains("", "late");
    assertThatThrownBy(() -> new EntityDictionary().idOf("")).hasMessageContaining("entity key is empty");
  }

  @Test
  void namesTheColumnWhoseLengthDiffers() {
    assertThatThrownBy(
            () -> EventLog.numeric("f", new long[2], new long[2], new long[3], new double[2]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "event log 'f': column 'recordedAt' has 3 rows but 'entity' has 2; every column must have one"
                + " entry per row");
  }

  @Test
  void namesTheCountAndFirstRowOfMissingTimes() {
    long[] validFrom = {1, Long.MIN_VALUE, 2, Long.MIN_VALUE};
    assertThatThrownBy(() -> EventLog.numeric("f", new long[4], validFrom, new long[4], new double[4]))
        .hasMessageContaining("column 'validFrom' has 2 missing time(s)")
        .hasMessageContaining("first at row 1");
  }

  @Test
  void rejectsNaNUnlessMissingValuesAreKept() {
    double[] values = {1, Double.NaN, Double.NaN};
    assertThatThrownBy(() -> EventLog.numeric("f", new long[3], new long[3], new long[3], values))
        .hasMessageContaining("2 NaN value(s), first at row 1")
        .hasMessageContaining("MissingValues.KEEP");
    assertThat(EventLog.numeric("f", new long[3], new long[3], new long[3], values, MissingValues.KEEP).size())
        .isEqualTo(3);
  }

  @Test
  void rejectsInfiniteValuesAlways() {
    double[] values = {1, Double.POSITIVE_INFINITY};
    assertThatThrownBy(
            () -> EventLog.numeric("f", new long[2], new long[2], new long[2], values, MissingValues.KEEP))
        .hasMessageContaining("1 infinite value(s), first at row 1");
  }

  @Test
  void rejectsCodesOutsideTheCategoryList() {
    assertThatThrownBy(
            () -> EventLog.categorical("plan", new long[2], new long[2], new long[2], new int[] {0, 2},
                List.of("basic", "premium")))
        .hasMessageContaining("code(s) outside 0..1")
        .hasMessageContaining("first at row 1 (code 2)");
  }

  @Test
  void rejectsDuplicateCategories() {
    assertThatThrownBy(
            () -> EventLog.categorical("plan", new long[1], new long[1], new long[1], new int[] {0},
                List.of("basic", "basic")))
        .hasMessageContaining("'basic' is listed twice (codes 0 and 1)");
  }

  @Test
  void aNullCategoryIsAMissingValue() {
    EventLog.CategoricalBuilder builder = EventLog.categoricalBuilder("plan").add(1, 0, 0, (String) null);
    assertThatThrownBy(builder::build).hasMessageContaining("1 missing value(s) (code -1)");
    EventLog kept = builder.missingValues(MissingValues.KEEP).build();
    assertThat(kept.codes()).containsExactly(-1);
  }

  @Test
  void numericAndCategoricalAccessorsDoNotMix() {
    EventLog log = EventLog.numeric("f", new long[0], new long[0], new long[0], new double[0]);
    assertThat(log.kind()).isEqualTo(EventLog.Kind.NUMERIC);
    assertThatThrownBy(log::codes).isInstanceOf(IllegalStateException.class).hasMessageContaining("use values()");
  }

  @Test
  void spineRejectsMissingDecisionTimes() {
    assertThatThrownBy(() -> Spine.of(new long[] {1}, new long[] {Long.MIN_VALUE}))
        .hasMessageContaining("spine: column 'decisionTime' has 1 missing time(s)");
  }
}
