# LeetCode 1728's test case in the harness `../main.rb`: reads `rows catJump mouseJump`, then
# the rows of the grid with `harness_tokens.next`, calls `can_mouse_win(grid, cat_jump,
# mouse_jump)`, and writes the answer to `harness_answers`.

rows, cat_jump, mouse_jump = Array.new(3) { harness_tokens.next.to_i }
grid = Array.new(rows) { harness_tokens.next }
harness_answers.puts(can_mouse_win(grid, cat_jump, mouse_jump) ? 'true' : 'false')
