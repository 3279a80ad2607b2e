# LeetCode 1728's test case in the harness `../main.py`: reads `rows catJump mouseJump`, then
# the rows of the grid with `next(tokens)`, calls `canMouseWin(grid, catJump, mouseJump)` on a
# fresh `Solution`, and hands the answer to `harness_answer`.

rows, cat_jump, mouse_jump = (int(next(tokens)) for _ in range(3))
grid = [next(tokens) for _ in range(rows)]
won = Solution().canMouseWin(grid, cat_jump, mouse_jump)
harness_answer("true" if won else "false")
