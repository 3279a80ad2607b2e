// LeetCode 1728's test case in the harness `../main.go`: reads `rows catJump mouseJump`, then
// the rows of the grid with `harnessInt()` and `harnessWord()`, calls `canMouseWin`, and hands
// the answer to `harnessAnswer`.

rows, catJump, mouseJump := harnessInt(), harnessInt(), harnessInt()
grid := make([]string, rows)
for row := range grid {
	grid[row] = harnessWord()
}
harnessAnswer(canMouseWin(grid, catJump, mouseJump))
