package dev.backtestgate.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

class Int128Tests {

  /** Up to 20 products of factors below 2^61: each below 2^122, their sum below 2^127, the accumulator's range. */
  @Property(tries = 300)
  void sumsProductsExactly(
      @ForAll @Size(max = 40) List<@LongRange(min = 0, max = (1L << 61) - 1) Long> factors) {
    Int128 sum = new Int128();
    Int128 other = new Int128();
    BigInteger expected = BigInteger.ZERO;
    for (int i = 0; i + 1 < factors.size(); i += 2) {
      long a = factors.get(i);
      long b = factors.get(i + 1);
      (i % 4 == 0 ? sum : other).addProduct(a, b);
      expected = expected.add(BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)));
    }
    sum.add(other);
    assertThat(sum.toBigInteger()).isEqualTo(expected);
  }

  /** Squares up to (2^32 - 1)^2, many of them, so the plain-long part overflows and carries often. */
  @Property(tries = 200)
  void sumsSquaresExactly(
      @ForAll @Size(max = 300) List<@LongRange(min = -4_294_967_295L, max = 4_294_967_295L) Long> values) {
    Int128 sum = new Int128();
    Int128 other = new Int128();
    BigInteger expected = BigInteger.ZERO;
    for (int i = 0; i < values.size(); i++) {
      long d = values.get(i);
      (i % 3 == 0 ? other : sum).addSquare(d);
      expected = expected.add(BigInteger.valueOf(d).pow(2));
    }
    sum.add(other);
    assertThat(sum.toBigInteger()).isEqualTo(expected);
  }
}
