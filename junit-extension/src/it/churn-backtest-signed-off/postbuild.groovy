// The build passed on the committed sign-off, and the report says so.
def gate = 'com.example.churn.ChurnBacktestTest#gradientBoosting'
def log = new File(basedir, 'build.log').text
assert log.contains('Tests run: 1, Failures: 0, Errors: 0, Skipped: 0')
assert log.contains('BUILD SUCCESS')
assert log.contains("Leakage gate PASSED with sign-off: ${gate}")
assert log.contains('approved by ana@example.com on 2026-12-02, valid until 2099-12-31.')
def report = new File(basedir, "target/backtest-gate/${gate}.json").text
assert report =~ /"verdict"\s*:\s*"PASSED_WITH_SIGN_OFF"/
assert !new File(basedir, 'target/backtest-gate/pending').exists()

// A passing test's verdict and lift are in Surefire's own XML report too (<system-out> of the test case).
def xml = new groovy.xml.XmlSlurper().parse(new File(basedir,
    'target/surefire-reports/TEST-com.example.churn.ChurnBacktestTest.xml'))
def testcase = xml.testcase.find { it.@name.text().startsWith('gradientBoosting(') }
assert testcase.'system-out'.text() =~
    /(?m)^backtest-gate: \Q${gate}\E PASSED_WITH_SIGN_OFF lift \+0\.\d{4} \(limit 0\.05\)$/
return true
