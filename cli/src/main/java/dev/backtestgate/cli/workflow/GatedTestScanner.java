package dev.backtestgate.cli.workflow;

import dev.backtestgate.cli.workflow.ClassIndex.AnnotationInfo;
import dev.backtestgate.cli.workflow.ClassIndex.ClassInfo;
import dev.backtestgate.cli.workflow.ClassIndex.MethodInfo;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.Opcodes;

/**
 * Finds every {@code @LeakageGated} test in compiled test classes, the way JUnit Jupiter would run it: test
 * methods of concrete classes including inherited ones (superclasses and interface default methods, also from
 * jars), {@code @Nested} classes, the annotation directly, as a meta-annotation, on the class, inherited from a
 * superclass or on an enclosing class; and computes each test's gate id as the JUnit extension does.
 *
 * <pre>{@code
 * List<GatedMethod> gated = GatedTestScanner.scan(classIndex);
 * }</pre>
 */
final class GatedTestScanner {
  static final String LEAKAGE_GATED = "dev/backtestgate/junit/LeakageGated";
  static final String DISABLED = "org/junit/jupiter/api/Disabled";
  static final String NESTED = "org/junit/jupiter/api/Nested";
  static final String TEST_TEMPLATE = "org/junit/jupiter/api/TestTemplate";
  static final String CLASS_TEMPLATE = "org/junit/jupiter/api/ClassTemplate";
  static final String TEST_FACTORY = "org/junit/jupiter/api/TestFactory";
  /** Annotations that make a method a test, directly or as meta-annotations. */
  private static final List<String> TESTABLE = List.of("org/junit/jupiter/api/Test", TEST_TEMPLATE,
      "org/junit/platform/commons/annotation/Testable");
  private static final String INHERITED = "java/lang/annotation/Inherited";

  private final ClassIndex index;

  private GatedTestScanner(ClassIndex index) {
    this.index = index;
  }

  /** Every gated test method of the index's own classes, in class and method order. */
  static List<GatedMethod> scan(ClassIndex index) {
    GatedTestScanner scanner = new GatedTestScanner(index);
    List<GatedMethod> found = new ArrayList<>();
    for (String name : index.ownClasses()) {
      index.find(name).filter(scanner::runnable).ifPresent(info -> scanner.scanClass(info, found));
    }
    return found;
  }

  /** Whether JUnit Jupiter would run this class's tests (given that it is selected). */
  private boolean runnable(ClassInfo info) {
    if (info.isAbstract() || info.local() || (info.access() & Opcodes.ACC_SYNTHETIC) != 0) {
      return false;
    }
    if (info.outerClass() == null || info.staticMember()) {
      return true;
    }
    // an inner class runs only as a @Nested class of a class that runs
    return findMeta(info.annotations(), NESTED).isPresent()
        && index.find(info.outerClass()).map(this::runnable).orElse(false);
  }

  private void scanClass(ClassInfo testClass, List<GatedMethod> found) {
    List<ClassInfo> enclosing = enclosingChain(testClass);
    boolean classTemplate = enclosing.stream().anyMatch(c -> findOnClass(c, CLASS_TEMPLATE).isPresent());
    for (Declared declared : testMethods(testClass)) {
      MethodInfo method = declared.method();
      List<Placement> placements = new ArrayList<>();
      findMeta(method.annotations(), LEAKAGE_GATED).ifPresent(a -> placements.add(new Placement(a, true)));
      for (ClassInfo c : enclosing) {
        findOnClass(c, LEAKAGE_GATED).ifPresent(a -> placements.add(new Placement(a, false)));
      }
      if (placements.isEmpty()) {
        continue;
      }
      String name = testClass.binaryName() + "#" + method.name();
      String gateId = placements.stream()
          .filter(p -> !p.annotation().string("id").isBlank())
          .findFirst()
          .map(p -> p.onMethod() ? p.annotation().string("id") : p.annotation().string("id") + "#" + method.name())
          .orElse(name);
      boolean template = classTemplate || findMeta(method.annotations(), TEST_TEMPLATE).isPresent();
      found.add(new GatedMethod(name, gateId, template, disabledReason(method, enclosing),
          topLevel(testClass).name(), location(declared)));
    }
  }

  /** Why the test is {@code @Disabled}, or {@code null} when it is not. */
  private String disabledReason(MethodInfo method, List<ClassInfo> enclosing) {
    Optional<AnnotationInfo> disabled = findMeta(method.annotations(), DISABLED);
    for (int i = 0; disabled.isEmpty() && i < enclosing.size(); i++) {
      disabled = findOnClass(enclosing.get(i), DISABLED);
    }
    return disabled.map(a -> a.string("value").isBlank() ? "@Disabled" : "@Disabled(\"" + a.string("value") + "\")")
        .orElse(null);
  }

  private static SourceLocation location(Declared declared) {
    ClassInfo c = declared.declaringClass();
    return new SourceLocation(c.binaryName(), c.packagePath(), c.sourceFile(), declared.method().name(),
        declared.method().firstLine());
  }

  /** The test class, then the classes enclosing it as long as they enclose an inner ({@code @Nested}) class. */
  private List<ClassInfo> enclosingChain(ClassInfo testClass) {
    List<ClassInfo> chain = new ArrayList<>();
    ClassInfo c = testClass;
    while (c != null) {
      chain.add(c);
      c = c.outerClass() != null && !c.staticMember() ? index.find(c.outerClass()).orElse(null) : null;
    }
    return chain;
  }

  private ClassInfo topLevel(ClassInfo c) {
    ClassInfo current = c;
    while (current.outerClass() != null) {
      Optional<ClassInfo> outer = index.find(current.outerClass());
      if (outer.isEmpty()) {
        break;
      }
      current = outer.get();
    }
    return current;
  }

  /** A method and the class or interface that declares it. */
  private record Declared(ClassInfo declaringClass, MethodInfo method) {}

  /**
   * The test methods JUnit finds in {@code testClass}: annotated (directly or through meta-annotations) as tests,
   * declared in the class, its superclasses or its interfaces (default methods), not overridden, not static or
   * private. Dynamic test factories are left out: the gate judges one test method's recording.
   */
  private List<Declared> testMethods(ClassInfo testClass) {
    List<Declared> tests = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    List<ClassInfo> hierarchy = new ArrayList<>();
    for (ClassInfo c = testClass; c != null; c = c.superName() == null ? null : index.find(c.superName()).orElse(null)) {
      hierarchy.add(c);
    }
    Deque<String> interfaces = new ArrayDeque<>();
    hierarchy.forEach(c -> interfaces.addAll(c.interfaces()));
    Set<String> visited = new HashSet<>();
    while (!interfaces.isEmpty()) {
      String name = interfaces.poll();
      if (visited.add(name)) {
        index.find(name).ifPresent(i -> {
          hierarchy.add(i);
          interfaces.addAll(i.interfaces());
        });
      }
    }
    for (ClassInfo c : hierarchy) {
      for (MethodInfo m : c.methods()) {
        if (m.isPrivate() || m.isStatic() || (m.access() & (Opcodes.ACC_BRIDGE | Opcodes.ACC_SYNTHETIC)) != 0
            || m.name().startsWith("<")) {
          continue;
        }
        if (!seen.add(m.name() + m.descriptor())) {
          continue; // overridden further down
        }
        if ((m.access() & Opcodes.ACC_ABSTRACT) == 0 && isTest(m)) {
          tests.add(new Declared(c, m));
        }
      }
    }
    return tests;
  }

  private boolean isTest(MethodInfo m) {
    if (findMeta(m.annotations(), TEST_FACTORY).isPresent()) {
      return false;
    }
    for (String marker : TESTABLE) {
      if (findMeta(m.annotations(), marker).isPresent()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The annotation of type {@code target} on a class as JUnit's {@code AnnotationSupport.findAnnotation} finds
   * it: directly present, meta-present, on an implemented interface, and on a superclass when the annotation
   * type is {@code @Inherited}.
   */
  Optional<AnnotationInfo> findOnClass(ClassInfo c, String target) {
    boolean inherited = index.find(target)
        .map(t -> t.annotations().stream().anyMatch(a -> a.type().equals(INHERITED)))
        .orElse(target.equals(LEAKAGE_GATED));
    return findOnClass(c, target, inherited, new HashSet<>());
  }

  private Optional<AnnotationInfo> findOnClass(ClassInfo c, String target, boolean inherited, Set<String> visited) {
    if (!visited.add(c.name())) {
      return Optional.empty();
    }
    Optional<AnnotationInfo> found = findMeta(c.annotations(), target);
    for (int i = 0; found.isEmpty() && i < c.interfaces().size(); i++) {
      found = index.find(c.interfaces().get(i)).flatMap(ifc -> findOnClass(ifc, target, inherited, visited));
    }
    if (found.isEmpty() && inherited && c.superName() != null) {
      found = index.find(c.superName()).flatMap(s -> findOnClass(s, target, inherited, visited));
    }
    return found;
  }

  /**
   * The annotation of type {@code target} among {@code annotations}, directly or as a meta-annotation of one of
   * them (at any depth); the annotation types are read from the class path.
   */
  Optional<AnnotationInfo> findMeta(List<AnnotationInfo> annotations, String target) {
    Set<String> visited = new HashSet<>();
    Deque<List<AnnotationInfo>> queue = new ArrayDeque<>();
    queue.add(annotations);
    while (!queue.isEmpty()) {
      for (AnnotationInfo a : queue.poll()) {
        if (a.type().equals(target)) {
          return Optional.of(a);
        }
        if (!a.type().startsWith("java/lang/") && visited.add(a.type())) {
          index.find(a.type()).ifPresent(type -> queue.add(type.annotations()));
        }
      }
    }
    return Optional.empty();
  }

  /** An annotation found for a test and whether it sits on the method itself. */
  private record Placement(AnnotationInfo annotation, boolean onMethod) {}
}
