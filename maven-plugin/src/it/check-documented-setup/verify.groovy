// Both runs append to build.log. Run 1 passed: the check saw the gate's report and listed the @Disabled test.
// Run 2 failed on the leak: the gate failed the test, the check failed the build and wrote the SARIF.
import groovy.json.JsonSlurper

def gate = 'com.example.churn.ChurnBacktestTest#gradientBoosting'
def log = new File(basedir, 'build.log').text
assert log.contains('backtest-gate: com.example.churn.ChurnBacktestTest#nextQuarter is @Disabled("waits for the Q3 data"): not run, not checked.')
assert log.contains('backtest-gate: all 1 gated tests produced a gate report in this build')
assert log.contains("Leakage gate FAILED: ${gate}")
assert log.contains('is above the 0.050 limit')
assert log.contains('Tests run: 2, Failures: 1, Errors: 0, Skipped: 1')
assert log.contains('1 leakage gate FAILED in this build:')

def sarif = new JsonSlurper().parse(new File(basedir, 'target/backtest-gate/backtest-gate.sarif'))
assert sarif.version == '2.1.0'
def results = sarif.runs[0].results
assert results.size() == 1
def result = results[0]
assert result.ruleId == 'lift'
assert result.message.text.startsWith("Leakage gate FAILED: ${gate}: AUC lift +")
def location = result.locations[0].physicalLocation
assert location.artifactLocation.uri == 'src/test/java/com/example/churn/ChurnBacktestTest.java'
def source = new File(basedir, 'src/test/java/com/example/churn/ChurnBacktestTest.java').readLines()
assert source[location.region.startLine - 1].contains('void gradientBoosting(Backtest backtest)')
assert result.properties.report == "target/backtest-gate/${gate}.json"
// every path the CI recipes of docs/ci.md publish exists after the recipes' command
assert new File(basedir, 'target/backtest-gate/index.html').isFile()
assert new File(basedir, "target/backtest-gate/${gate}.html").isFile()
assert new File(basedir, 'target/surefire-reports').listFiles().any { it.name ==~ /TEST-.*\.xml/ }
return true
