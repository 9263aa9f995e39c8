// Whichever fork claimed churn-gbm first, the other test is refused naming both, and the report is the first's.
def log = new File(basedir, 'build.log').text
def leaky = 'com.example.churn.LeakyChurnTest#gradientBoosting'
def honest = 'com.example.churn.HonestChurnTest#gradientBoosting'
def refused = (log =~ /Two gated tests of this build share the gate id 'churn-gbm': (\S+) \(first\) and (\S+) \(second\)/)
assert refused.find() : 'no refusal naming both tests in build.log'
def first = refused.group(1)
def second = refused.group(2)
assert [first, second] as Set == [leaky, honest] as Set
assert log.contains('in another test run (another Surefire fork, JVM or class loader)')
assert log.contains('Give each its own @LeakageGated(id = "...")')

def marker = new File(basedir, 'target/backtest-gate/churn-gbm.writer').text
assert marker.contains("\"test\": \"${first}\"")
def report = new File(basedir, 'target/backtest-gate/churn-gbm.json').text
// the leaky test's report fails on its lift, the honest one's passes: the report on disk is the first test's
assert report.contains(first == leaky ? '"verdict": "FAILED"' : '"verdict": "PASSED"')
assert new File(basedir, 'target/backtest-gate/pending/churn-gbm.json').isFile() == (first == leaky)
return true
