// LeetCode 1728's test case in the harness `../Main.cs`: reads `rows catJump mouseJump`, then the
// rows of the grid with `next()`, calls `CanMouseWin(grid, catJump, mouseJump)` on a fresh
// `Solution`, and hands the answer to `answers.WriteLine` (as `true` or `false`, which C#
// would capitalise).

int rows = int.Parse(next());
int catJump = int.Parse(next());
int mouseJump = int.Parse(next());
string[] grid = new string[rows];
for (int row = 0; row < rows; row++) grid[row] = next();
answers.WriteLine(new Solution().CanMouseWin(grid, catJump, mouseJump) ? "true" : "false");
