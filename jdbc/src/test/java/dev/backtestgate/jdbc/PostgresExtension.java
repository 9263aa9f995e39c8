package dev.backtestgate.jdbc;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.opentest4j.TestAbortedException;

/**
 * Gives a test class its own database on the shared {@link PostgresServer}: one server per test JVM, started
 * on first use and stopped when the JUnit run ends (it lives in the root context's store). Without PostgreSQL
 * binaries the tests are skipped with one loud line, unless the environment variable {@code CI} is set (and
 * not {@code false}): in CI a missing server is a failure.
 *
 * <pre>{@code
 * @ExtendWith(PostgresExtension.class)
 * class GuardTest {
 *   @Test
 *   void rejects(PostgresExtension.Database db) throws SQLException {
 *     try (Connection connection = db.connect()) { ... }
 *   }
 * }
 * }</pre>
 */
public final class PostgresExtension implements BeforeAllCallback, ParameterResolver {
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(PostgresExtension.class);

  /** One database on the shared server (public for the command line's tests, through this module's test-jar). */
  public record Database(PostgresServer server, String name) {
    public Connection connect() throws SQLException {
      return server.connect(name, PostgresServer.SUPERUSER);
    }

    public Connection connect(String user) throws SQLException {
      return server.connect(name, user);
    }

    /** The JDBC URL of this database, as {@code user} (no password: the test server trusts local connections). */
    public String url(String user) {
      return server.url(name) + "?user=" + user;
    }

    /**
     * Creates each role unless it exists: roles belong to the whole server, which the test classes share,
     * so every class creates the roles it needs this way. {@code roles} are "name LOGIN" or "name NOLOGIN".
     */
    public void ensureRoles(String... roles) throws SQLException {
      try (Connection connection = connect(); java.sql.Statement statement = connection.createStatement()) {
        for (String role : roles) {
          statement.execute("DO $$ BEGIN CREATE ROLE " + role + "; EXCEPTION WHEN duplicate_object THEN NULL; END $$");
        }
      }
    }
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    ServerResource server = context.getRoot().getStore(NAMESPACE)
        .getOrComputeIfAbsent(ServerResource.class, type -> ServerResource.start(), ServerResource.class);
    if (server.server == null) {
      throw new TestAbortedException(server.skipReason);
    }
    String name = server.server.createDatabase(context.getRequiredTestClass().getSimpleName());
    context.getStore(NAMESPACE).put(Database.class, new Database(server.server, name));
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Database.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context.getStore(NAMESPACE).get(Database.class, Database.class);
  }

  static boolean inCi(Map<String, String> environment) {
    String ci = environment.get("CI");
    return ci != null && !ci.isBlank() && !ci.equalsIgnoreCase("false");
  }

  /** The shared server, or why there is none; closed (server stopped) when the test run ends. */
  private static final class ServerResource implements ExtensionContext.Store.CloseableResource, AutoCloseable {
    final PostgresServer server;
    final String skipReason;

    private ServerResource(PostgresServer server, String skipReason) {
      this.server = server;
      this.skipReason = skipReason;
    }

    static ServerResource start() {
      Optional<Path> binaries = PostgresServer.findBinaries();
      if (binaries.isEmpty()) {
        String reason = "no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin";
        if (inCi(System.getenv())) {
          throw new IllegalStateException(reason + ", and CI is set, so the PostgreSQL tests must run: install"
              + " Debian's postgresql package (.ci/run does this when initdb is missing)");
        }
        System.err.println("!!! SKIPPING ALL POSTGRESQL TESTS: " + reason
            + "; install them with 'apt-get install postgresql' (in CI, where CI is set, this is a failure)");
        return new ServerResource(null, reason + "; install Debian's postgresql package to run these tests");
      }
      try {
        return new ServerResource(PostgresServer.start(binaries.get()), null);
      } catch (Exception e) {
        throw new IllegalStateException("cannot start a PostgreSQL server from " + binaries.get() + ": "
            + e.getMessage(), e);
      }
    }

    @Override
    public void close() throws Exception {
      if (server != null) {
        server.stop();
      }
    }
  }
}
