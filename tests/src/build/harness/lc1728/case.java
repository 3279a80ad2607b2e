// LeetCode 1728's test case in the harness `../Main.java`: reads `rows catJump mouseJump`, then
// the rows of the grid with `next()`, calls `canMouseWin(grid, catJump, mouseJump)` on a fresh
// `Solution`, and hands the answer to `answers.println`.

int rows = Integer.parseInt(next());
int catJump = Integer.parseInt(next());
int mouseJump = Integer.parseInt(next());
String[] grid = new String[rows];
for (int row = 0; row < rows; row++) grid[row] = next();
answers.println(new Solution().canMouseWin(grid, catJump, mouseJump));
