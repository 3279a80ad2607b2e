// LeetCode 1728's test case in the harness `../Main.kt`: reads `rows catJump mouseJump`, then
// the rows of the grid with `harnessNext()`, calls `canMouseWin(grid, catJump, mouseJump)` on a
// fresh `Solution`, and hands the answer to `harnessAnswers.println`.

val rows = harnessNext().toInt()
val catJump = harnessNext().toInt()
val mouseJump = harnessNext().toInt()
val grid = Array(rows) { harnessNext() }
harnessAnswers.println(Solution().canMouseWin(grid, catJump, mouseJump))
