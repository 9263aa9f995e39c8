package dev.backtestgate.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.concurrent.ForkJoinTask;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * A job started on the common fork-join pool to run beside the caller's own work, its result taken when needed.
 * A core left idle by the caller's sequential phases runs it; where no worker is free by then, {@link #get()} runs
 * it on the caller, so it never waits for a busy pool. A failure is rethrown as it was thrown, never wrapped.
 *
 * <pre>{@code
 * Beside<String> digest = Beside.start(() -> fingerprint(run));
 * Comparison comparison = compare(run);   // meanwhile, on this thread
 * return new Result(comparison, digest.get());
 * }</pre>
 *
 * @param <T> the job's result
 */
@API(status = INTERNAL, since = "0.1")
public final class Beside<T> {
  private final ForkJoinTask<?> task;
  private T value;
  private RuntimeException failure;
  private Error error;

  private Beside(Supplier<? extends T> job) {
    this.task = ForkJoinTask.adapt(() -> {
      try {
        value = job.get();
      } catch (RuntimeException e) {
        failure = e;
      } catch (Error e) {
        error = e;
      }
    }).fork();
  }

  /** Starts {@code job} now, on a free worker of the common pool if there is one. */
  public static <T> Beside<T> start(Supplier<? extends T> job) {
    return new Beside<>(job);
  }

  /** The job's result, once it is done (run here if no worker took it); its exception, unwrapped, if it threw. */
  public T get() {
    task.join(); // a happens-before edge: the job's writes are visible from here on
    if (error != null) {
      throw error;
    }
    if (failure != null) {
      throw failure;
    }
    return value;
  }
}
