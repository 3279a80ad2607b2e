// LeetCode 1728's test case in the harness `../Main.scala`: reads `rows catJump mouseJump`, then
// the rows of the grid with `next()`, calls `Solution.canMouseWin(grid, catJump, mouseJump)`,
// and hands the answer to `answers.println`.

val rows = next().toInt
val catJump = next().toInt
val mouseJump = next().toInt
val grid = Array.fill(rows)(next())
answers.println(Solution.canMouseWin(grid, catJump, mouseJump))
