package dev.backtestgate.jdbc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A throw-away PostgreSQL server for the tests, built from the Debian binaries under
 * {@code /usr/lib/postgresql/<version>/bin}: {@code initdb} on a temporary directory, {@code pg_ctl start} on
 * a free loopback port (Unix socket in the same directory), {@code pg_ctl stop} and deletion at the end. When
 * the JVM runs as root, both run as the {@code postgres} OS user (which Debian's package creates) and the
 * directory is handed to that user, because PostgreSQL refuses to run as root. One server per test JVM,
 * started on first use; see {@link PostgresExtension} for how tests get it.
 *
 * <pre>{@code
 * PostgresServer server = PostgresServer.start(PostgresServer.findBinaries().orElseThrow());
 * try (Connection connection = server.connect(server.createDatabase("t"), "postgres")) { ... }
 * server.stop();
 * }</pre>
 */
final class PostgresServer {
  static final String SUPERUSER = "postgres";
  private static final Path DEBIAN_ROOT = Path.of("/usr/lib/postgresql");
  private static final AtomicInteger DATABASES = new AtomicInteger();

  private final Path bin;
  private final Path dataDir;
  private final int port;
  private final boolean asPostgresUser;

  private PostgresServer(Path bin, Path dataDir, int port, boolean asPostgresUser) {
    this.bin = bin;
    this.dataDir = dataDir;
    this.port = port;
    this.asPostgresUser = asPostgresUser;
  }

  /** The newest {@code /usr/lib/postgresql/<version>/bin} that holds {@code initdb} and {@code pg_ctl}. */
  static Optional<Path> findBinaries() {
    if (!Files.isDirectory(DEBIAN_ROOT)) {
      return Optional.empty();
    }
    try (Stream<Path> versions = Files.list(DEBIAN_ROOT)) {
      return versions
          .map(version -> version.resolve("bin"))
          .filter(dir -> Files.isExecutable(dir.resolve("initdb")) && Files.isExecutable(dir.resolve("pg_ctl")))
          .max(Comparator.comparing(PostgresServer::majorVersion));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static int majorVersion(Path bin) {
    try {
      return Integer.parseInt(bin.getParent().getFileName().toString());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  static PostgresServer start(Path bin) throws IOException, InterruptedException {
    boolean root = "root".equals(System.getProperty("user.name"));
    Path dataDir = Files.createTempDirectory("backtest-gate-pg-");
    if (root) {
      UserPrincipal postgres;
      try {
        postgres = dataDir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(SUPERUSER);
      } catch (IOException e) {
        throw new IllegalStateException("running as root, but there is no OS user 'postgres' to run PostgreSQL"
            + " as (PostgreSQL refuses root); install Debian's postgresql package, which creates it", e);
      }
      Files.setOwner(dataDir, postgres);
    }
    IOException last = null;
    for (int attempt = 0; attempt < 3; attempt++) {
      PostgresServer server = new PostgresServer(bin, dataDir, freePort(), root);
      try {
        if (attempt == 0) {
          server.run(List.of(bin.resolve("initdb").toString(), "-D", dataDir.resolve("data").toString(),
              "-U", SUPERUSER, "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"));
        }
        server.run(List.of(bin.resolve("pg_ctl").toString(), "-D", dataDir.resolve("data").toString(),
            "-l", dataDir.resolve("server.log").toString(), "-w", "-t", "60", "-o", server.serverOptions(),
            "start"));
        return server;
      } catch (IOException e) {
        last = e; // most likely the port was taken between finding and binding it: try another
      }
    }
    throw last;
  }

  private String serverOptions() {
    return "-p " + port + " -c listen_addresses=127.0.0.1 -c unix_socket_directories=" + dataDir
        + " -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=40";
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private void run(List<String> command) throws IOException, InterruptedException {
    List<String> full = new ArrayList<>();
    if (asPostgresUser) {
      full.addAll(List.of("runuser", "-u", SUPERUSER, "--"));
    }
    full.addAll(command);
    ProcessBuilder builder = new ProcessBuilder(full).redirectErrorStream(true);
    Map<String, String> env = builder.environment();
    env.put("LC_ALL", "C");
    env.remove("PGDATA");
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IOException(String.join(" ", full) + " did not finish within 120 s:\n" + output);
    }
    if (process.exitValue() != 0) {
      String log = "";
      Path serverLog = dataDir.resolve("server.log");
      if (Files.exists(serverLog)) {
        log = "\nserver log:\n" + Files.readString(serverLog, StandardCharsets.UTF_8);
      }
      throw new IOException(String.join(" ", full) + " exited with " + process.exitValue() + ":\n" + output + log);
    }
  }

  int port() {
    return port;
  }

  String url(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
  }

  Connection connect(String database, String user) throws SQLException {
    return DriverManager.getConnection(url(database), user, "");
  }

  /** A fresh, empty database for one test class; its name is returned. */
  String createDatabase(String prefix) throws SQLException {
    String name = prefix.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_]", "_") + "_"
        + DATABASES.incrementAndGet();
    try (Connection connection = connect("postgres", SUPERUSER); Statement statement = connection.createStatement()) {
      statement.execute("CREATE DATABASE " + name);
    }
    return name;
  }

  void stop() throws IOException, InterruptedException {
    try {
      run(List.of(bin.resolve("pg_ctl").toString(), "-D", dataDir.resolve("data").toString(), "-m", "immediate",
          "-w", "stop"));
    } finally {
      try (Stream<Path> files = Files.walk(dataDir)) {
        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(file);
        }
      }
    }
  }
}
