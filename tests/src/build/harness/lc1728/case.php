// LeetCode 1728's test case in the harness `../main.php`: reads `rows catJump mouseJump`, then
// the rows of the grid with `harness_next()`, calls `canMouseWin($grid, $catJump, $mouseJump)`
// on a fresh `Solution`, and hands the answer to `harness_answer`.

$rows = (int) harness_next();
$catJump = (int) harness_next();
$mouseJump = (int) harness_next();
$grid = [];
for ($row = 0; $row < $rows; $row++) {
    $grid[] = harness_next();
}
harness_answer((new Solution())->canMouseWin($grid, $catJump, $mouseJump) ? "true" : "false");
