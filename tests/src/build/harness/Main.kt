// The Kotlin harness, `Main.kt` beside the user's `Solution.kt`: reads the batch on stdin and,
// for each test case, calls a fresh `Solution` and writes the answer to the file that
// CATS_CHECK_ANSWERS names, flushed at once.
// HARNESS_CASE: the problem's test case (`lcNNN/case.kt`), indented as the marker is.

fun main() {
    val harnessAnswers = java.io.PrintStream(
        java.io.FileOutputStream(System.getenv("CATS_CHECK_ANSWERS"), true), true
    )
    val harnessTokens = String(System.`in`.readBytes()).trim().split(Regex("\\s+")).iterator()
    fun harnessNext(): String = harnessTokens.next()
    repeat(harnessNext().toInt()) {
        // HARNESS_CASE
    }
}
