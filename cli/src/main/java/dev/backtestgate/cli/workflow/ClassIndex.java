package dev.backtestgate.cli.workflow;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Class files read with ASM, never loaded: the compiled test classes of a module and, on demand, the classes
 * of its test class path (superclasses and annotation types that live in jars or other directories).
 *
 * <pre>{@code
 * try (ClassIndex index = new ClassIndex(Path.of("target/test-classes"), testClasspath)) {
 *   for (String name : index.ownClasses()) {
 *     ClassIndex.ClassInfo info = index.find(name).orElseThrow();
 *   }
 * }
 * }</pre>
 */
final class ClassIndex implements AutoCloseable {
  private static final int ASM = Opcodes.ASM9;

  private final Path ownDirectory;
  private final List<Path> classpath;
  private final Map<Path, ZipFile> jars = new HashMap<>();
  private final Map<String, Optional<ClassInfo>> cache = new HashMap<>();

  /**
   * @param ownDirectory the module's compiled test classes
   * @param classpath further directories and jars to look classes up in (may include {@code ownDirectory})
   */
  ClassIndex(Path ownDirectory, List<Path> classpath) {
    this.ownDirectory = ownDirectory;
    this.classpath = List.copyOf(classpath);
  }

  /** Internal names ({@code a/b/C$D}) of every class file under the own directory, sorted. */
  List<String> ownClasses() {
    if (!Files.isDirectory(ownDirectory)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(ownDirectory)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".class") && Files.isRegularFile(p))
          .map(p -> ownDirectory.relativize(p).toString().replace('\\', '/'))
          .filter(p -> !p.endsWith("module-info.class") && !p.endsWith("package-info.class"))
          .map(p -> p.substring(0, p.length() - ".class".length()))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not list the compiled test classes in " + ownDirectory + ": "
          + e.getMessage(), e);
    }
  }

  /** The class with this internal name, from the own directory first, then the class path. */
  Optional<ClassInfo> find(String internalName) {
    Optional<ClassInfo> known = cache.get(internalName);
    if (known == null) {
      known = Optional.ofNullable(read(internalName));
      cache.put(internalName, known);
    }
    return known;
  }

  private ClassInfo read(String internalName) {
    String entry = internalName + ".class";
    Path own = ownDirectory.resolve(entry);
    try {
      if (Files.isRegularFile(own)) {
        return parse(Files.readAllBytes(own));
      }
      for (Path element : classpath) {
        if (Files.isDirectory(element)) {
          Path file = element.resolve(entry);
          if (Files.isRegularFile(file)) {
            return parse(Files.readAllBytes(file));
          }
        } else if (Files.isRegularFile(element)) {
          ZipFile jar = jar(element);
          ZipEntry zipEntry = jar == null ? null : jar.getEntry(entry);
          if (zipEntry != null) {
            try (InputStream in = jar.getInputStream(zipEntry)) {
              return parse(in.readAllBytes());
            }
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      // an unreadable class file is treated as absent: the scan then names what it could not resolve
      return null;
    }
    return null;
  }

  private ZipFile jar(Path file) {
    return jars.computeIfAbsent(file, f -> {
      try {
        return new ZipFile(f.toFile());
      } catch (IOException e) {
        return null;
      }
    });
  }

  @Override
  public void close() {
    for (ZipFile jar : jars.values()) {
      try {
        if (jar != null) {
          jar.close();
        }
      } catch (IOException ignored) {
        // read-only jars: nothing to lose
      }
    }
  }

  static ClassInfo parse(byte[] bytes) {
    Collector collector = new Collector();
    new ClassReader(bytes).accept(collector, ClassReader.SKIP_FRAMES);
    return collector.result();
  }

  /**
   * An annotation as written: its type's internal name and its simple (string, number, boolean) values.
   *
   * @param type internal name, e.g. {@code dev/backtestgate/junit/LeakageGated}
   * @param values attribute values that were given explicitly
   */
  record AnnotationInfo(String type, Map<String, Object> values) {
    AnnotationInfo {
      values = Map.copyOf(values);
    }

    /** A string attribute, or empty when not given. */
    String string(String name) {
      Object value = values.get(name);
      return value instanceof String s ? s : "";
    }
  }

  /**
   * One method.
   *
   * @param name its name
   * @param descriptor its JVM descriptor
   * @param access its access flags
   * @param annotations its runtime-visible annotations
   * @param firstLine the smallest line number of its code, 0 when unknown (abstract, or compiled without lines)
   */
  record MethodInfo(String name, String descriptor, int access, List<AnnotationInfo> annotations, int firstLine) {
    MethodInfo {
      annotations = List.copyOf(annotations);
    }

    boolean isStatic() {
      return (access & Opcodes.ACC_STATIC) != 0;
    }

    boolean isPrivate() {
      return (access & Opcodes.ACC_PRIVATE) != 0;
    }
  }

  /**
   * One class.
   *
   * @param name internal name
   * @param superName internal name of the superclass, {@code null} for {@code java/lang/Object}
   * @param interfaces internal names of the directly implemented interfaces
   * @param access class access flags
   * @param annotations runtime-visible annotations
   * @param methods declared methods
   * @param outerClass for a member class, the internal name of the enclosing class, else {@code null}
   * @param staticMember whether it is a static member class
   * @param local whether it is a local or anonymous class
   * @param sourceFile the {@code SourceFile} attribute, e.g. {@code ChurnBacktest.java}, or {@code null}
   */
  record ClassInfo(
      String name,
      String superName,
      List<String> interfaces,
      int access,
      List<AnnotationInfo> annotations,
      List<MethodInfo> methods,
      String outerClass,
      boolean staticMember,
      boolean local,
      String sourceFile) {
    ClassInfo {
      interfaces = List.copyOf(interfaces);
      annotations = List.copyOf(annotations);
      methods = List.copyOf(methods);
    }

    boolean isAbstract() {
      return (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_INTERFACE)) != 0;
    }

    boolean isInterface() {
      return (access & Opcodes.ACC_INTERFACE) != 0;
    }

    /** The binary name as {@code Class.getName()} gives it: {@code a.b.C$D}. */
    String binaryName() {
      return name.replace('/', '.');
    }

    /** The package as a path, {@code a/b}, empty for the default package. */
    String packagePath() {
      int slash = name.lastIndexOf('/');
      return slash < 0 ? "" : name.substring(0, slash);
    }
  }

  /** Builds a {@link ClassInfo} from ASM's events. */
  private static final class Collector extends ClassVisitor {
    private String name;
    private String superName;
    private List<String> interfaces = List.of();
    private int access;
    private final List<AnnotationInfo> annotations = new ArrayList<>();
    private final List<MethodInfo> methods = new ArrayList<>();
    private String outerClass;
    private boolean staticMember;
    private boolean local;
    private String sourceFile;

    Collector() {
      super(ASM);
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
      this.name = name;
      this.access = access;
      this.superName = superName;
      this.interfaces = interfaces == null ? List.of() : List.of(interfaces);
    }

    @Override
    public void visitSource(String source, String debug) {
      this.sourceFile = source;
    }

    @Override
    public void visitInnerClass(String inner, String outer, String innerName, int innerAccess) {
      if (inner.equals(name)) {
        outerClass = outer;
        staticMember = (innerAccess & Opcodes.ACC_STATIC) != 0;
        local = outer == null;
      }
    }

    @Override
    public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
      return visible ? new Values(descriptor, annotations::add) : null;
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] ex) {
      List<AnnotationInfo> found = new ArrayList<>();
      int[] firstLine = {0};
      return new MethodVisitor(ASM) {
        @Override
        public AnnotationVisitor visitAnnotation(String annotation, boolean visible) {
          return visible ? new Values(annotation, found::add) : null;
        }

        @Override
        public void visitLineNumber(int line, Label start) {
          if (firstLine[0] == 0 || line < firstLine[0]) {
            firstLine[0] = line;
          }
        }

        @Override
        public void visitEnd() {
          methods.add(new MethodInfo(name, descriptor, access, found, firstLine[0]));
        }
      };
    }

    ClassInfo result() {
      return new ClassInfo(name, superName, interfaces, access, annotations, methods, outerClass, staticMember,
          local, sourceFile);
    }
  }

  /** Collects the simple attribute values of one annotation. */
  private static final class Values extends AnnotationVisitor {
    private final String type;
    private final java.util.function.Consumer<AnnotationInfo> sink;
    private final Map<String, Object> values = new LinkedHashMap<>();

    Values(String descriptor, java.util.function.Consumer<AnnotationInfo> sink) {
      super(ASM);
      this.type = descriptor.substring(1, descriptor.length() - 1);
      this.sink = sink;
    }

    @Override
    public void visit(String name, Object value) {
      values.put(name, value);
    }

    @Override
    public void visitEnd() {
      sink.accept(new AnnotationInfo(type, values));
    }
  }
}
