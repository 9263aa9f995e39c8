package dev.backtestgate.junit;

import static org.apiguardian.api.API.Status.STABLE;


import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.apiguardian.api.API;

/**
 * Gates a backtest that runs as a JUnit Jupiter test: the test records its rows into a {@link Backtest}
 * parameter, and after the test method the leakage gate judges them. The test fails with the gate's text
 * (what was found, why it matters, the next steps) when the candidate's lift over the baseline is above
 * the limit without a committed leakage review, when a feature was used before it was known, or when the
 * committed review rejects, no longer matches or no longer covers the run.
 *
 * <p>On a test method it gates that method; on a class it gates every test method of the class, of its
 * subclasses and of its {@code @Nested} classes. It also works as a meta-annotation. Settings come from
 * the annotation, then JUnit configuration parameters (see {@link BacktestGateConfig}), then the
 * defaults.
 *
 * <pre>{@code
 * class ChurnBacktest {
 *   @Test
 *   @LeakageGated
 *   void gbm(Backtest backtest) {
 *     backtest.labels(churned)
 *         .candidate("gbm-v7", gbmScores)
 *         .baseline("prod-v3", prodScores)
 *         .decisionTimes(decidedAt)
 *         .feature("balance", balanceKnownAt)
 *         .timelessFeature("region", "set once at account opening");
 *   }
 * }
 * }</pre>
 */
@API(status = STABLE, since = "0.1")
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(LeakageGateExtension.class)
public @interface LeakageGated {

  /**
   * The largest AUC lift over the baseline accepted without a leakage review, e.g. {@code 0.03}; the
   * default {@code NaN} leaves it to {@code backtestgate.max-lift} (default 0.05). The nearest
   * annotation that sets it wins (method, then class, then enclosing classes).
   */
  double maxLift() default Double.NaN;

  /**
   * The gate id, which names the leakage-review file; empty (the default) means
   * {@code fully.qualified.Class#method}. On a method it replaces the whole id; on a class it replaces the
   * class name ({@code id#method}). Parameterized and repeated tests append {@code [n]} for the n-th
   * invocation either way.
   */
  String id() default "";
}
