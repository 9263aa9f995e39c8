// The build failed because of the gate, with its text, and wrote the pending sign-off whose fingerprint is the
// one committed in ../churn-backtest-signed-off (so that committed file really comes from this run's data).
def gate = 'com.example.churn.ChurnBacktestTest#gradientBoosting'
def log = new File(basedir, 'build.log').text
assert log.contains("Leakage gate FAILED: ${gate}")
assert log.contains('is above the 0.050 limit')
assert log.contains('No leakage review covers it. To sign one off:')
assert log.contains('Tests run: 1, Failures: 1, Errors: 0, Skipped: 0')

def pending = new File(basedir, "target/backtest-gate/pending/${gate}.json")
assert pending.isFile()
def committed = new File(basedir, "../churn-backtest-signed-off/leakage-reviews/${gate}.json")
def fingerprint = { File f -> (f.text =~ /"fingerprint"\s*:\s*"([^"]+)"/)[0][1] }
assert fingerprint(pending) == fingerprint(committed)

// Surefire's own XML report keeps the verdict and the lift (it drops JUnit report entries): the test case's
// <system-out> holds the gate's one-line verdict, and its <failure> the gate's text.
def xml = new groovy.xml.XmlSlurper().parse(new File(basedir,
    'target/surefire-reports/TEST-com.example.churn.ChurnBacktestTest.xml'))
def testcase = xml.testcase.find { it.@name.text().startsWith('gradientBoosting(') }
assert testcase.'system-out'.text() =~ /(?m)^backtest-gate: \Q${gate}\E FAILED: lift; lift \+0\.\d{4} \(limit 0\.05\)$/
assert testcase.failure.@message.text().contains("Leakage gate FAILED: ${gate}")
return true
