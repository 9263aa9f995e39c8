package dev.backtestgate.jdbc;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A SQL query and the values of its {@code ?} parameters, bound with {@code PreparedStatement.setObject}:
 * values never become SQL text.
 *
 * <pre>{@code
 * SqlQuery eu = SqlQuery.of("SELECT customer_id, valid_from, recorded_at, balance FROM balances WHERE region = ?", "EU");
 * }</pre>
 *
 * @param sql the query text, with one {@code ?} per parameter
 * @param parameters the parameter values, in order (none may be {@code null}: write {@code IS NULL} instead)
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record SqlQuery(String sql, List<Object> parameters) {
  public SqlQuery {
    if (sql == null || sql.isBlank()) {
      throw new IllegalArgumentException("the SQL query is missing: pass the SELECT that returns the rows");
    }
    for (int i = 0; parameters != null && i < parameters.size(); i++) {
      if (parameters.get(i) == null) {
        throw new IllegalArgumentException("parameter " + (i + 1) + " of the query is null; JDBC cannot type a"
            + " null parameter portably: write 'column IS NULL' in the SQL instead");
      }
    }
    parameters = parameters == null ? List.of() : List.copyOf(parameters);
  }

  public static SqlQuery of(String sql, Object... parameters) {
    Objects.requireNonNull(parameters, "parameters");
    return new SqlQuery(sql, Arrays.asList(parameters));
  }
}
