package dev.backtestgate.history;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RewrittenHistoryFindingTests {
  @Test
  void anExampleRowIsShownAsTheColumnsThatChanged() {
    assertThat(RewrittenHistoryFinding.changedColumns("account_id 7: {account_id=7, valid_from=2021-03-01 00:00:00.0, "
        + "status=DPD90, balance=1200.0} -> {account_id=7, valid_from=2021-03-01 00:00:00.0, status=REVIEW, "
        + "balance=1200.0}")).isEqualTo("account_id 7: status DPD90 \u2192 REVIEW");
    assertThat(RewrittenHistoryFinding.changedColumns("account_id 7: {status=DPD90, balance=1.0} -> {status=CURRENT, "
        + "balance=2.0}")).isEqualTo("account_id 7: status DPD90 \u2192 CURRENT; balance 1.0 \u2192 2.0");
  }

  @Test
  void anExampleOfAnotherShapeIsShownAsItIs() {
    for (String example : new String[] {"deleted {account_id=7, status=DPD90}", "before {account_id=7}",
        "the changed rows could not be read from the change data feed (no such version)",
        "account_id 7: {status=DPD90} -> {status=DPD90}", "account_id 7: {status=DPD90} -> {status=X, extra=1}"}) {
      assertThat(RewrittenHistoryFinding.changedColumns(example)).isEqualTo(example);
    }
  }
}
