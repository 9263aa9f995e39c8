// Surefire 2.12.4 ran no test, and the check goal said why and how to fix it.
def log = new File(basedir, 'build.log').text
assert log.contains('maven-surefire-plugin:2.12.4')
assert log.contains('1 @LeakageGated test produced no gate report in this build')
assert log.contains('com.example.churn.ChurnBacktestTest#gradientBoosting')
assert log.contains('maven-surefire-plugin 2.12.4 (the version Maven 3.x uses when the pom names none) runs no JUnit 5 tests')
assert log.contains('<artifactId>maven-surefire-plugin</artifactId>')
assert log =~ /<version>3\.\d+\.\d+<\/version>/
assert !log.contains('BUILD SUCCESS')
return true
