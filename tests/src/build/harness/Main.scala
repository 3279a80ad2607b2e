// The Scala harness, `Main.scala` beside the user's `Solution.scala`: reads the batch on stdin
// and, for each test case, calls LeetCode's `object Solution` (one object for the whole batch,
// as Scala makes it) and writes the answer to the file that CATS_CHECK_ANSWERS names, flushed at
// once.
// HARNESS_CASE: the problem's test case (`lcNNN/case.scala`), indented as the marker is.

object HarnessMain {
  def main(args: Array[String]): Unit = {
    val answers = new java.io.PrintStream(
      new java.io.FileOutputStream(System.getenv("CATS_CHECK_ANSWERS"), true), true
    )
    val tokens = new String(System.in.readAllBytes()).trim.split("\\s+").iterator
    def next(): String = tokens.next()
    for (_ <- 0 until next().toInt) {
      // HARNESS_CASE
    }
  }
}
