// LeetCode 1728's test case in the harness `../main.cpp`: reads `rows catJump mouseJump`, then
// the rows of the grid with `cin`, calls `canMouseWin(grid, catJump, mouseJump)` on a fresh
// `Solution`, and hands the answer to `harness_answers <<`.

int rows, catJump, mouseJump;
cin >> rows >> catJump >> mouseJump;
vector<string> grid(rows);
for (auto &row : grid) cin >> row;
// As LeetCode's driver: a value-initialised temporary per test case.
harness_answers << (Solution().canMouseWin(grid, catJump, mouseJump) ? "true" : "false") << endl;
