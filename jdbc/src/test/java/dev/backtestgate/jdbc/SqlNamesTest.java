package dev.backtestgate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SqlNamesTest {
  @ParameterizedTest
  @ValueSource(strings = {"", "Status", "1st", "a-b", "a b", "a\"b", "a;b", "ä", "x.y.z", ".x", "x."})
  void rejectsAnythingButPlainNames(String name) {
    assertThatThrownBy(() -> SqlNames.checkTable(name)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a plain SQL name");
  }

  @Test
  void quotesPlainNamesAndSchemaPrefixes() {
    assertThat(SqlNames.quote("valid_from", "column")).isEqualTo("\"valid_from\"");
    assertThat(SqlNames.quoteTable("ledger.status_events")).isEqualTo("\"ledger\".\"status_events\"");
    assertThat(SqlNames.unqualified("ledger.status_events")).isEqualTo("status_events");
    assertThat(SqlNames.check("_x" + "9".repeat(61), "column")).hasSize(63);
    assertThatThrownBy(() -> SqlNames.check("x".repeat(64), "column")).hasMessageContaining("at most 63");
  }

  @Test
  void queriesRejectNullParametersAndBlankSql() {
    assertThatThrownBy(() -> SqlQuery.of("SELECT ? AS x", (Object) null))
        .hasMessageContaining("parameter 1 of the query is null").hasMessageContaining("IS NULL");
    assertThatThrownBy(() -> SqlQuery.of(" ")).hasMessageContaining("the SQL query is missing");
    assertThat(SqlQuery.of("SELECT ?", "EU").parameters()).containsExactly("EU");
    assertThatThrownBy(() -> EventLogQuery.numeric("x").fetchSize(0)).hasMessageContaining("at least 1 row");
    assertThatThrownBy(() -> EventLogQuery.numeric(" ")).hasMessageContaining("needs a name");
  }
}
