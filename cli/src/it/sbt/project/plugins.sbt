// runs JUnit 5 tests under sbt (its jupiter-interface brings JUnit 5.13.4: build.sbt pins the engine)
addSbtPlugin("com.github.sbt.junit" % "sbt-jupiter-interface" % "0.15.1")
