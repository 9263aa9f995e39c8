// A history check proposed a new manifest for the statements table (written where the core writes proposals).
def proposed = new File(basedir, 'target/backtest-gate/proposed-history/history/statements.json')
proposed.parentFile.mkdirs()
proposed.text = '{\n  "schema": 1,\n  "table": "statements",\n  "partitions": []\n}\n'
return true
