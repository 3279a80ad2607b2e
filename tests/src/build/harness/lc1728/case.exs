# LeetCode 1728's test case in the harness `../main.exs`: takes `rows catJump mouseJump`, then the
# rows of the grid from `harness_tokens`, calls `Solution.can_mouse_win(grid, cat_jump,
# mouse_jump)`, writes the answer to `harness_answers`, and hands on the tokens left.

[rows, cat_jump, mouse_jump | harness_tokens] = harness_tokens
{grid, harness_tokens} = Enum.split(harness_tokens, String.to_integer(rows))
jumps = {String.to_integer(cat_jump), String.to_integer(mouse_jump)}
won = Solution.can_mouse_win(grid, elem(jumps, 0), elem(jumps, 1))
IO.puts(harness_answers, if(won, do: "true", else: "false"))
harness_tokens
