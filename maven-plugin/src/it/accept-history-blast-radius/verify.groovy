def gate = 'com.example.churn.ChurnBacktestTest#churn'
def early = 'com.example.churn.ChurnBacktestTest#early'
def log = new File(basedir, 'build.log').text
def changes = new File(basedir, 'history/statements.changes').listFiles()
assert changes != null && changes.length == 1
def record = "history/statements.changes/${changes[0].name}"
def reason = "history of statements rewritten in 2026-02, see ${record}"
assert log.contains('Blast radius: 1 gated backtest declares statements and read rewritten partitions:')
assert log.contains("  ${gate}")
assert log.contains('    rewritten partitions it read: 2026-02')
assert log.contains("VOID: ${reason}")
def radius = log.substring(log.indexOf('Blast radius:'), log.indexOf('Voided 1 sign-off in'))
assert !radius.contains(early)
def voided = new File(basedir, 'leakage-reviews/voided').listFiles()
assert voided != null && voided.length == 1 && voided[0].text.contains(reason)
assert changes[0].text.contains("\"voidRecord\" : \"leakage-reviews/voided/${voided[0].name}\"") || changes[0].text.contains("\"voidRecord\": \"leakage-reviews/voided/${voided[0].name}\"")
assert log.contains('1 sign-off voided by a rewrite of history')
assert log.contains("    stale: ${reason}")
assert log.contains("is stale: ${reason}")
assert log.contains('mvn backtest-gate:sign-off -Dgate=\'' + gate + '\'')
return true
