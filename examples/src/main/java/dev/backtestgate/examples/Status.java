package dev.backtestgate.examples;

/**
 * What an account's status means. {@link #HOLD} is not a delinquency state
 * but a legacy display code: a collector put the account on review and the statement hid its real state.
 *
 * <pre>{@code
 * Status s = StatusCodes.meaning(code);
 * boolean delinquent = s.isDelinquent();
 * }</pre>
 */
enum Status {
  CURRENT,
  DPD30,
  DPD60,
  DPD90,
  CHARGED_OFF,
  HOLD;

  private static final Status[] VALUES = values();

  /** The status with this ordinal. */
  static Status of(int ordinal) {
    return VALUES[ordinal];
  }

  /**
   * Rank for "worst status": current, then under review (it may hide a delinquency), then 30, 60, 90
   * days past due, then charged off.
   */
  int severity() {
    return switch (this) {
      case CURRENT -> 0;
      case HOLD -> 1;
      case DPD30 -> 2;
      case DPD60 -> 3;
      case DPD90 -> 4;
      case CHARGED_OFF -> 5;
    };
  }

  /** 30 or more days past due. */
  boolean isDelinquent() {
    return this == DPD30 || this == DPD60 || this == DPD90 || this == CHARGED_OFF;
  }

  /** 90 or more days past due: the outcome the models predict. */
  boolean isDefault() {
    return this == DPD90 || this == CHARGED_OFF;
  }
}
