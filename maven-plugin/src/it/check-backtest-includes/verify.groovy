// Surefire skipped ChurnBacktest; the check goal named the class, the includes and the pom fragment.
def log = new File(basedir, 'build.log').text
assert log.contains('com.example.churn.ChurnBacktest#gradientBoosting')
assert log.contains('do not select com.example.churn.ChurnBacktest')
assert log.contains('<include>**/*Backtest.java</include>')
assert log.contains('<include>**/*Test.java</include>')
return true
