// LeetCode 913's test case in the harness `../Main.kt`: reads n, then each node's degree and its
// neighbours with `harnessNext()`, calls `catMouseGame(graph)` on a fresh `Solution`, and hands
// the answer to `harnessAnswers.println`.

val graph = Array(harnessNext().toInt()) { IntArray(harnessNext().toInt()) { harnessNext().toInt() } }
harnessAnswers.println(Solution().catMouseGame(graph))
