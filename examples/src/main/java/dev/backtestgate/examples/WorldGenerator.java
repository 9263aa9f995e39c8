package dev.backtestgate.examples;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Generates a {@link CreditWorld}: for each account a hidden risk, a source system, an opening month and
 * a credit limit; then month by month a hidden stress level, a delinquency state (current, 30, 60, 90
 * days past due, charged off), a balance, a payment, and the status code the source system wrote. When a
 * collector reviews an account, the legacy systems write a review code instead of the state.
 *
 * <p>One seeded {@link SplittableRandom}, primitive arrays, no object per statement: the standard world
 * (50,000 accounts, about 1.6 million statements) generates in well under a second.
 *
 * <pre>{@code
 * CreditWorld world = WorldGenerator.generate(WorldSpec.standard());
 * }</pre>
 */
final class WorldGenerator {
  private static final int MIN_STATEMENTS_BEFORE_DECISION = 3;
  private static final double BANKRUPTCY = -6.0;

  private final SplittableRandom random;

  private WorldGenerator(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** The world {@code spec} describes; the same spec always gives the same world. */
  static CreditWorld generate(WorldSpec spec) {
    return new WorldGenerator(spec.seed()).run(spec);
  }

  private CreditWorld run(WorldSpec spec) {
    int n = spec.accounts();
    double[] risk = new double[n];
    int[] openMonth = new int[n];
    int[] cycleDay = new int[n];
    byte[] system = new byte[n];
    long[] openedAt = new long[n];
    double[] limit = new double[n];
    long[] decisionAt = new long[n];
    long capacity = 0;
    for (int a = 0; a < n; a++) {
      risk[a] = random.nextGaussian();
      double s = random.nextDouble();
      system[a] = (byte) (s < 0.40 ? 0 : s < 0.75 ? 1 : 2);
      openMonth[a] = random.nextInt(Timeline.OPENING_MONTHS);
      cycleDay[a] = 1 + random.nextInt(28);
      openedAt[a] = Timeline.statementDay(openMonth[a], cycleDay[a]);
      limit[a] = 100 * Math.round(Math.exp(8.3 - 0.3 * risk[a] + 0.5 * random.nextGaussian()) / 100);
      long day = random.nextLong((Timeline.DECISIONS_TO - Timeline.DECISIONS_FROM) / Timeline.DAY);
      decisionAt[a] = Timeline.DECISIONS_FROM + day * Timeline.DAY + 9 * Timeline.HOUR
          + random.nextLong(8 * Timeline.HOUR);
      capacity += Timeline.STATEMENT_MONTHS - 1 - openMonth[a];
    }
    StatementColumns s = new StatementColumns(Math.toIntExact(capacity));
    int[] first = new int[n];
    int[] count = new int[n];
    long[] chargedOffAt = new long[n];
    for (int a = 0; a < n; a++) {
      first[a] = s.size;
      chargedOffAt[a] = simulate(a, risk[a], openMonth[a], cycleDay[a], system[a], limit[a], s);
      count[a] = s.size - first[a];
    }
    Statements statements = s.trimmed();
    boolean[] defaulted = new boolean[n];
    for (int a = 0; a < n; a++) {
      decisionAt[a] = review(statements, first[a], count[a], decisionAt[a], defaulted, a);
    }
    Accounts accounts = new Accounts(system, openedAt, limit, first, count, chargedOffAt, decisionAt, defaulted);
    return new CreditWorld(spec, accounts, statements);
  }

  /** Simulates one account's statements; returns when it was charged off, or {@link Accounts#NEVER}. */
  private long simulate(int account, double z, int openMonth, int day, byte system, double limit,
      StatementColumns out) {
    int state = Status.CURRENT.ordinal();
    double stress = 0.5 * random.nextGaussian();
    double utilization = sigmoid(-0.5 + 0.5 * z + 0.8 * random.nextGaussian());
    double lastPayment = 1;
    for (int m = openMonth + 1; m < Timeline.STATEMENT_MONTHS; m++) {
      stress = 0.85 * stress + 0.5 * random.nextGaussian();
      state = transition(state, z, stress);
      boolean delinquent = state >= Status.DPD30.ordinal();
      utilization = Math.min(1.3, Math.max(0, utilization + 0.04 * random.nextGaussian() + 0.02 * stress
          + 0.03 * (1 - lastPayment) + (delinquent ? 0.02 : 0)));
      double payment = delinquent ? 0.05 * random.nextDouble()
          : sigmoid(1.0 - 0.8 * z - 1.6 * stress + 0.4 * random.nextGaussian());
      lastPayment = payment;
      long at = Timeline.statementDay(m, day);
      int row = out.size++;
      out.account[row] = account;
      out.statementAt[row] = at;
      out.recordedAt[row] = at + 2 * Timeline.HOUR + random.nextLong(3 * Timeline.HOUR);
      out.state[row] = (byte) state;
      out.code[row] = (byte) StatusCodes.code(system, reviewed(state, stress) ? Status.HOLD : Status.of(state));
      out.balance[row] = Math.round(utilization * limit * 100) / 100.0;
      out.paymentRatio[row] = Math.round(payment * 1000) / 1000.0;
      out.paymentRecordedAt[row] = at + Timeline.PAYMENT_DUE + 2 * Timeline.HOUR + random.nextLong(3 * Timeline.HOUR);
      if (state == Status.CHARGED_OFF.ordinal()) {
        return at;
      }
    }
    return Accounts.NEVER;
  }

  /**
   * One month of the delinquency chain; riskier accounts under more stress roll forward more often. A
   * bankruptcy charges an account off from any state.
   */
  private int transition(int state, double z, double stress) {
    if (random.nextDouble() < sigmoid(BANKRUPTCY + 1.0 * z + 1.2 * stress)) {
      return Status.CHARGED_OFF.ordinal();
    }
    double u = random.nextDouble();
    return switch (Status.of(state)) {
      case CURRENT -> u < sigmoid(-3.9 + 1.0 * z + 1.0 * stress) ? 1 : 0;
      case DPD30 -> rollOrCure(u, sigmoid(0.0 - 0.5 * z - 0.6 * stress), sigmoid(0.0 + 0.6 * z + 0.8 * stress), 1);
      case DPD60 -> rollOrCure(u, 0.2, sigmoid(0.5 + 0.6 * z + 0.8 * stress), 2);
      case DPD90 -> u < 0.05 ? 0 : u < 0.65 ? 4 : 3;
      case CHARGED_OFF, HOLD -> throw new IllegalStateException("no transition out of " + Status.of(state));
    };
  }

  /** Cures with probability {@code cure}; else rolls one bucket further with probability {@code roll}. */
  private static int rollOrCure(double u, double cure, double roll, int state) {
    return u < cure ? 0 : u < cure + (1 - cure) * roll ? state + 1 : state;
  }

  /**
   * Whether the statement shows a review code instead of its state. Collectors review most 30 and 60 day
   * delinquencies, and some current accounts (hardship calls, disputes, payment plans); never 90+ or
   * charged off.
   */
  private boolean reviewed(int state, double stress) {
    double p = state == Status.CURRENT.ordinal() ? 0.10 + (stress > 1.0 ? 0.15 : 0)
        : state <= Status.DPD60.ordinal() ? 0.8 : 0;
    return random.nextDouble() < p;
  }

  /**
   * Places the account's credit-line review: eligible with at least three statements before it and no
   * 90+ delinquency at the last one. Sets whether it defaulted within 90 days; returns the decision time
   * or {@link Accounts#NO_DECISION}.
   */
  private static long review(Statements s, int first, int count, long decision, boolean[] defaulted, int account) {
    int last = -1;
    int end = first + count;
    int i = first;
    while (i < end && s.statementAt()[i] <= decision) {
      last = i++;
    }
    if (last < 0 || last - first + 1 < MIN_STATEMENTS_BEFORE_DECISION
        || Status.of(s.state()[last]).isDefault() || s.recordedAt()[last] > decision) {
      return Accounts.NO_DECISION;
    }
    for (; i < end && s.statementAt()[i] <= decision + Timeline.OUTCOME_WINDOW; i++) {
      if (Status.of(s.state()[i]).isDefault()) {
        defaulted[account] = true;
        break;
      }
    }
    return decision;
  }

  private static double sigmoid(double x) {
    return 1 / (1 + Math.exp(-x));
  }

  /** Growing statement columns, allocated once at an upper bound and trimmed at the end. */
  private static final class StatementColumns {
    int size;
    final int[] account;
    final long[] statementAt;
    final long[] recordedAt;
    final byte[] state;
    final byte[] code;
    final double[] balance;
    final double[] paymentRatio;
    final long[] paymentRecordedAt;

    StatementColumns(int capacity) {
      account = new int[capacity];
      statementAt = new long[capacity];
      recordedAt = new long[capacity];
      state = new byte[capacity];
      code = new byte[capacity];
      balance = new double[capacity];
      paymentRatio = new double[capacity];
      paymentRecordedAt = new long[capacity];
    }

    Statements trimmed() {
      return new Statements(Arrays.copyOf(account, size), Arrays.copyOf(statementAt, size),
          Arrays.copyOf(recordedAt, size), Arrays.copyOf(state, size), Arrays.copyOf(code, size),
          Arrays.copyOf(balance, size), Arrays.copyOf(paymentRatio, size),
          Arrays.copyOf(paymentRecordedAt, size));
    }
  }
}
