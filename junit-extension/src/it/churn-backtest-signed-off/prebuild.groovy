// Same project as ../churn-backtest (already cloned and filtered), plus the committed leakage review here.
def source = new File(basedir, '../churn-backtest')
new File(basedir, 'pom.xml').text = new File(source, 'pom.xml').text
def tests = new File(source, 'src')
tests.eachFileRecurse { File f ->
  if (f.isFile()) {
    def target = new File(basedir, 'src/' + tests.toPath().relativize(f.toPath()).toString())
    target.parentFile.mkdirs()
    target.text = f.text
  }
}
return true
