package dev.backtestgate.junit;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * One gated test: the {@link LeakageGated} annotations that apply to it, nearest first (the method, its
 * class, then the classes enclosing a {@code @Nested} class), and its gate id.
 *
 * @param name the test as {@code fully.qualified.Class#method}, for messages
 * @param gateId the gate id
 * @param annotations the annotations in force, nearest first; never empty
 */
record GatedTest(String name, String gateId, List<Placement> annotations) {
  /** Unique-id segments of the n-th invocation of a test or class template, e.g. {@code [test-template-invocation:#3]}. */
  private static final Pattern INVOCATION = Pattern.compile("\\[[a-z-]*template-invocation:#(\\d+)]");

  /**
   * An annotation and where it was found.
   *
   * @param annotation the annotation (possibly found through a meta-annotation)
   * @param where {@code Class#method} or {@code Class}, for messages
   * @param onMethod whether it sits on the test method
   */
  record Placement(LeakageGated annotation, String where, boolean onMethod) {
    /** How a message names the source of a setting taken from this annotation. */
    String source() {
      return "annotation on " + where;
    }
  }

  GatedTest {
    annotations = List.copyOf(annotations);
  }

  /** The gated test of a method-level extension context. */
  static GatedTest of(ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    Class<?> testClass = context.getRequiredTestClass();
    String name = testClass.getName() + "#" + method.getName();
    List<Placement> found = new ArrayList<>();
    add(found, method, name, true);
    for (Class<?> c = testClass; c != null; c = enclosingOfNested(c)) {
      add(found, c, c.getName(), false);
    }
    if (found.isEmpty()) {
      throw new ExtensionConfigurationException("The leakage gate runs for " + name + " but no @LeakageGated "
          + "annotation was found on the method, its class or enclosing classes. Annotate the test method or class "
          + "with @LeakageGated.");
    }
    return new GatedTest(name, gateId(name, method.getName(), found, context.getUniqueId()), found);
  }

  /** The nearest annotation that sets {@code maxLift}, if any. */
  Optional<Placement> maxLift() {
    return annotations.stream().filter(p -> !Double.isNaN(p.annotation().maxLift())).findFirst();
  }

  private static void add(List<Placement> found, AnnotatedElement element, String where, boolean onMethod) {
    AnnotationSupport.findAnnotation(element, LeakageGated.class)
        .ifPresent(a -> found.add(new Placement(a, where, onMethod)));
  }

  /** The class enclosing an inner ({@code @Nested}) class; {@code null} for top-level and static classes. */
  private static Class<?> enclosingOfNested(Class<?> c) {
    return c.isMemberClass() && !Modifier.isStatic(c.getModifiers()) ? c.getEnclosingClass() : null;
  }

  private static String gateId(String name, String method, List<Placement> found, String uniqueId) {
    StringBuilder id = new StringBuilder(found.stream()
        .filter(p -> !p.annotation().id().isBlank())
        .findFirst()
        .map(p -> p.onMethod() ? p.annotation().id() : p.annotation().id() + "#" + method)
        .orElse(name));
    Matcher invocation = INVOCATION.matcher(uniqueId);
    while (invocation.find()) {
      id.append('[').append(invocation.group(1)).append(']');
    }
    return id.toString();
  }
}
