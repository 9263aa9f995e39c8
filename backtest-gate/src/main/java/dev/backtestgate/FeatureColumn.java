package dev.backtestgate;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * The recorded values of one feature, one per row, as the feature–label screen reads them. Arrays are not
 * copied.
 *
 * <ul>
 *   <li>{@link Numeric}: {@code NaN} marks a missing value; infinite values are not allowed.
 *   <li>{@link Categorical}: a code per row, {@code -1} marks a missing value; other codes are any non-negative
 *       {@code int} (dictionary indexes, hashes of ids, enum ordinals).
 * </ul>
 *
 * <pre>{@code
 * FeatureColumn balance = new FeatureColumn.Numeric("balance", balances);      // NaN = missing
 * FeatureColumn branch = new FeatureColumn.Categorical("branch", branchCodes);  // -1 = missing
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface FeatureColumn permits FeatureColumn.Numeric, FeatureColumn.Categorical {
  /** The code of a missing categorical value. */
  int MISSING_CODE = -1;

  /** The feature's name. */
  String name();

  /** The number of rows. */
  int rows();

  /** {@code numeric} or {@code categorical}: how the report names the type. */
  String type();

  /** The values of a numeric column; empty for a categorical one. */
  java.util.Optional<double[]> numericValues();

  /** The codes of a categorical column; empty for a numeric one. */
  java.util.Optional<int[]> categoryCodes();

  /**
   * A numeric feature.
   *
   * @param name the feature's name
   * @param values one value per row, {@code NaN} where missing
   */
  record Numeric(String name, double[] values) implements FeatureColumn {
    @Override
    public int rows() {
      return values.length;
    }

    @Override
    public String type() {
      return "numeric";
    }

    @Override
    public java.util.Optional<double[]> numericValues() {
      return java.util.Optional.of(values);
    }

    @Override
    public java.util.Optional<int[]> categoryCodes() {
      return java.util.Optional.empty();
    }
  }

  /**
   * A categorical feature.
   *
   * @param name the feature's name
   * @param codes one category code per row, {@link #MISSING_CODE} where missing
   */
  record Categorical(String name, int[] codes) implements FeatureColumn {
    @Override
    public int rows() {
      return codes.length;
    }

    @Override
    public String type() {
      return "categorical";
    }

    @Override
    public java.util.Optional<double[]> numericValues() {
      return java.util.Optional.empty();
    }

    @Override
    public java.util.Optional<int[]> categoryCodes() {
      return java.util.Optional.of(codes);
    }
  }
}
