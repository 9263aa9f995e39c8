package dev.backtestgate.cli;

import dev.backtestgate.cli.workflow.CannotCheck;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;

/** The user's JDBC driver: from this tool's class path or the jars of {@code --classpath}. */
final class JdbcDrivers {
  private JdbcDrivers() {}

  /**
   * A connection from the first driver that accepts {@code url}, among those of {@code jars} (relative to
   * {@code module}) and this tool's class path.
   */
  static Connection connect(String url, List<Path> jars, Path module) throws CannotCheck, SQLException {
    List<URL> urls = new ArrayList<>();
    for (Path jar : jars) {
      Path file = module.resolve(jar);
      if (!Files.exists(file)) {
        throw new CannotCheck("The driver jar " + file + " does not exist.",
            "Pass the JDBC driver's jar with --classpath, e.g. --classpath postgresql-42.7.4.jar.");
      }
      try {
        urls.add(file.toUri().toURL());
      } catch (MalformedURLException e) {
        throw new UncheckedIOException(e);
      }
    }
    ClassLoader loader = urls.isEmpty() ? JdbcDrivers.class.getClassLoader()
        : new URLClassLoader(urls.toArray(URL[]::new), JdbcDrivers.class.getClassLoader());
    for (Driver driver : ServiceLoader.load(Driver.class, loader)) {
      if (driver.acceptsURL(url)) {
        Connection connection = driver.connect(url, new Properties());
        if (connection != null) {
          return connection;
        }
      }
    }
    throw new CannotCheck("No JDBC driver on the class path accepts the URL '" + url + "'.",
        "Pass the database's JDBC driver jar with --classpath (e.g. --classpath postgresql-42.7.4.jar), and check "
            + "the URL's form (jdbc:postgresql://host/db, jdbc:duckdb:/path/file.db).");
  }
}
