package dev.backtestgate.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Declared corrections: what a log accepts, and each bad declaration refused with the event named. */
class CorrectionsTests {
  private static final long DAY = 86_400_000L;
  private static final long N = Corrections.NONE;

  private static EventLog plain() {
    return EventLog.numericBuilder("status")
        .add(7, 0, 10, 1.0)
        .add(7, 0, 40 * DAY, 2.0)
        .add(8, DAY, DAY + 5, 3.0)
        .build();
  }

  @Test
  void aBuilderDeclaresCorrectionsByIdOrByPosition() {
    EventLog byId = EventLog.numericBuilder("status")
        .add(7, 0, 10, 1.0).id(100)
        .add(7, 0, 40 * DAY, 2.0).id(101).corrects(100, "status-remap")
        .build();
    assertThat(byId.declaresCorrections()).isTrue();
    Corrections c = byId.corrections();
    assertThat(c.id(1)).isEqualTo(101);
    assertThat(c.isCorrection(0)).isFalse();
    assertThat(c.corrects(0)).isEqualTo(N);
    assertThat(c.corrects(1)).isEqualTo(100);
    assertThat(c.reason(1)).isEqualTo("status-remap");
    assertThat(c.declared()).isEqualTo(1);

    EventLog byPosition = EventLog.categoricalBuilder("plan")
        .add(7, 0, 10, "basic")
        .add(7, 0, 40 * DAY, "premium").corrects(0, "typo")
        .build();
    assertThat(byPosition.corrections().id(1)).isEqualTo(1);
    assertThat(byPosition.corrections().corrects(1)).isEqualTo(0);
  }

  @Test
  void aLogWithoutDeclarationsSaysSo() {
    assertThat(plain().declaresCorrections()).isFalse();
    assertThatThrownBy(() -> plain().corrections()).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("event log 'status' declares no corrections");
  }

  @Test
  void chainsAndSeveralCorrectionsOfOneEventAreFine() {
    EventLog log = EventLog.numericBuilder("status")
        .add(7, 0, 10, 1.0)
        .add(7, 0, 20, 2.0).corrects(0, "a")
        .add(7, 0, 30, 3.0).corrects(1, "b")
        .add(7, 0, 40, 4.0).corrects(0, "c")
        .build();
    assertThat(log.corrections().declared()).isEqualTo(3);
  }

  @Test
  void aPointerToAMissingEventIsRefused() {
    assertThatThrownBy(() -> plain().withCorrections(null, new long[] {N, 5, N}, new String[] {null, "fix", null}))
        .hasMessage("event log 'status': event 1 (row 1, entity 7) corrects event 5, which is not in the log; fix "
            + "the pointer, or load the corrected event too (a correction must point at a real event)");
  }

  @Test
  void aCorrectionRecordedBeforeItsEventIsRefused() {
    assertThatThrownBy(() -> plain().withCorrections(null, new long[] {1, N, N}, new String[] {"fix", null, null}))
        .hasMessage("event log 'status': event 0 (row 0, entity 7) is recorded at 1970-01-01T00:00:00.010Z, "
            + "before event 1 it corrects (recorded at 1970-02-10T00:00:00Z); a correction is written after "
            + "the event it corrects: fix its recordedAt or its pointer");
  }

  @Test
  void aCorrectionRecordedAtTheSameTimeIsRefused() {
    EventLog same = EventLog.numeric("status", new long[] {7, 7}, new long[] {0, 0}, new long[] {10, 10},
        new double[] {1, 2});
    assertThatThrownBy(() -> same.withCorrections(null, new long[] {N, 0}, new String[] {null, "fix"}))
        .hasMessageContaining("event 1 (row 1, entity 7) is recorded at 1970-01-01T00:00:00.010Z, the same time "
            + "as event 0 it corrects");
  }

  @Test
  void aCycleIsRefusedAndNamed() {
    EventLog same = EventLog.numeric("status", new long[] {7, 7, 7}, new long[] {0, 0, 0}, new long[] {10, 10, 10},
        new double[] {1, 2, 3});
    assertThatThrownBy(() -> same.withCorrections(new long[] {31, 32, 33}, new long[] {32, 33, 31},
        new String[] {"a", "b", "c"}))
        .hasMessage("event log 'status': event 31 (row 0, entity 7) is part of a correction cycle (31 corrects 32 "
            + "corrects 33 corrects 31); each correction points at an earlier event: fix the pointers");
    assertThatThrownBy(() -> same.withCorrections(null, new long[] {0, N, N}, new String[] {"self", null, null}))
        .hasMessageContaining("event 0 (row 0, entity 7) is part of a correction cycle (0 corrects 0)");
  }

  @Test
  void anEmptyReasonIsRefused() {
    for (String reason : new String[] {null, "", "   "}) {
      assertThatThrownBy(() -> plain().withCorrections(null, new long[] {N, 0, N}, new String[] {null, reason, null}))
          .hasMessage("event log 'status': event 1 (row 1, entity 7) declares that it corrects event 0, but its "
              + "reason code is empty; give the correction a short code saying why it was written (for example "
              + "'status-remap')");
    }
  }

  @Test
  void aReasonOverTheLimitOrWithControlCharactersIsRefused() {
    String longest = "r".repeat(Corrections.MAX_REASON_LENGTH);
    assertThat(plain().withCorrections(null, new long[] {N, 0, N}, new String[] {null, longest, null})
        .corrections().reason(1)).isEqualTo(longest);
    assertThatThrownBy(() -> plain().withCorrections(null, new long[] {N, 0, N},
        new String[] {null, longest + "r", null}))
        .hasMessageContaining("event 1 (row 1, entity 7) declares that it corrects event 0, but its reason code is "
            + "65 characters long, more than the limit of 64; use a short code");
    for (String reason : new String[] {"remap\n", "re\u0000map", "re\u202Emap", "a\u2028b"}) {
      assertThatThrownBy(() -> plain().withCorrections(null, new long[] {N, 0, N}, new String[] {null, reason, null}))
          .as(reason).hasMessageContaining("its reason code has a control or invisible character (U+")
          .hasMessageContaining("use printable characters only");
    }
  }

  @Test
  void aReasonWithoutAPointerIsRefused() {
    assertThatThrownBy(() -> plain().withCorrections(null, new long[] {N, N, N}, new String[] {null, "fix", null}))
        .hasMessage("event log 'status': event 1 (row 1, entity 7) has reason code 'fix' but corrects no event; "
            + "set the id of the event it corrects, or drop the reason if it is not a correction");
  }

  @Test
  void aCorrectionOfAnotherEntityIsRefused() {
    assertThatThrownBy(() -> plain().withCorrections(null, new long[] {N, N, 0}, new String[] {null, null, "fix"}))
        .hasMessage("event log 'status': event 2 (row 2, entity 8) corrects event 0 of entity 7; a correction "
            + "restates a value of its own entity: point it at an event of entity 8");
  }

  @Test
  void idsAreUniqueAndGivenForAllOrNone() {
    assertThatThrownBy(() -> plain().withCorrections(new long[] {4, 5, 4}, new long[] {N, N, N},
        new String[3]))
        .hasMessage("event log 'status': event id 4 is used by rows 0 and 2; a correction points at one event, so "
            + "ids must be unique: fix the id column");
    assertThatThrownBy(() -> plain().withCorrections(new long[] {4, N, 6}, new long[] {N, N, N}, new String[3]))
        .hasMessageContaining("the event at row 1 has no id");
    assertThatThrownBy(() -> EventLog.numericBuilder("status").add(7, 0, 10, 1.0).id(3).add(7, 0, 20, 1.0).build())
        .hasMessageContaining("event log 'status': the event at row 1 has no id while others do");
    assertThatThrownBy(() -> EventLog.numericBuilder("status").id(3))
        .hasMessageContaining("id(...) applies to the last added event, and none was added yet");
  }

  @Test
  void columnsOfTheWrongLengthAreRefused() {
    assertThatThrownBy(() -> plain().withCorrections(null, new long[] {N, N}, new String[3]))
        .hasMessageContaining("corrects");
  }
}
