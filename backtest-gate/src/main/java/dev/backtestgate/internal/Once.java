package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.function.Function;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * A value computed once, on first use, that remembers a failure of one type as well as a value: every later call
 * throws that failure again (a fresh copy), with its own message, rather than the {@code NoClassDefFoundError} a
 * failed class initialiser leaves behind. Any other exception is not remembered: the next call computes again.
 *
 * <pre>{@code
 * Once<List<CheckProvider>> providers = new Once<>(Loader::load, CheckProviderException.class, e -> e.again());
 * providers.get();   // the providers, or the provider failure, every time
 * }</pre>
 *
 * @param <T> the value
 */
@API(status = INTERNAL, since = "0.1")
public final class Once<T> {
  private final Supplier<T> compute;
  private final Class<? extends RuntimeException> remembered;
  private final Function<RuntimeException, RuntimeException> again;
  private volatile Object state;

  /**
   * @param compute computes the value
   * @param remembered the failure to remember
   * @param again a fresh copy of a remembered failure, to throw again
   */
  @SuppressWarnings("unchecked")
  public <E extends RuntimeException> Once(Supplier<T> compute, Class<E> remembered, Function<E, E> again) {
    this.compute = compute;
    this.remembered = remembered;
    this.again = e -> again.apply((E) e);
  }

  /** The value, computed on the first call; the remembered failure, thrown again, when computing it failed so. */
  @SuppressWarnings("unchecked")
  public T get() {
    Object current = state;
    if (current == null) {
      synchronized (this) {
        current = state;
        if (current == null) {
          try {
            current = new Value(compute.get());
          } catch (RuntimeException e) {
            if (!remembered.isInstance(e)) {
              throw e;
            }
            current = new Failed(e);
          }
          state = current;
        }
      }
    }
    if (current instanceof Failed failed) {
      throw again.apply(failed.failure());
    }
    return (T) ((Value) current).value();
  }

  private record Value(Object value) {}

  private record Failed(RuntimeException failure) {}
}
