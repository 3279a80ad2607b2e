%% LeetCode 1728's test case in the harness `../main.erl`: takes `rows catJump mouseJump`, then
%% the rows of the grid (binaries, as LeetCode passes strings) from `Tokens0`, calls
%% `can_mouse_win(Grid, CatJump, MouseJump)`, writes the answer to `Answers`, and hands on the
%% tokens left.

[RowsToken, CatJump, MouseJump | AfterJumps] = Tokens0,
{Grid, Rest} = lists:split(binary_to_integer(RowsToken), AfterJumps),
Won = solution:can_mouse_win(Grid, binary_to_integer(CatJump), binary_to_integer(MouseJump)),
io:format(Answers, "~s~n", [case Won of true -> "true"; _ -> "false" end]),
Rest
