// The gated test ran and passed on artifacts that came from the release bundle, not from any local build.
def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0')
assert log.contains('Leakage gate PASSED: com.example.credit.CreditBacktestTest#gradientBoosting')
assert log.contains('BUILD SUCCESS')
assert new File(basedir, 'target/backtest-gate/com.example.credit.CreditBacktestTest#gradientBoosting.json').isFile()

// Every backtest-gate artifact the build used was resolved from the bundle repository (Maven records the source).
def repo = new File(basedir, '../../consumer-local-repo/dev/backtestgate')
def used = []
repo.eachFileRecurse { f -> if (f.name == '_remote.repositories') used << f }
assert used.collect { it.parentFile.parentFile.name }.toSet()
    .containsAll(['backtest-gate', 'backtest-gate-junit', 'backtest-gate-maven-plugin', 'backtest-gate-parent'])
used.each { f ->
  f.readLines().findAll { it.contains('>') }.each { line ->
    assert line.endsWith('>release-bundle=') : "${f}: ${line} came from elsewhere than the release bundle"
  }
}
return true
