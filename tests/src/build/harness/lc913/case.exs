# LeetCode 913's test case in the harness `../main.exs`: takes n, then each node's degree and its
# neighbours from `harness_tokens`, calls `Solution.cat_mouse_game(graph)`, writes the answer to
# `harness_answers`, and hands on the tokens left.

[nodes | harness_tokens] = harness_tokens

{graph, harness_tokens} =
  Enum.map_reduce(1..String.to_integer(nodes)//1, harness_tokens, fn _, [degree | rest] ->
    {neighbours, rest} = Enum.split(rest, String.to_integer(degree))
    {Enum.map(neighbours, &String.to_integer/1), rest}
  end)

IO.puts(harness_answers, Solution.cat_mouse_game(graph))
harness_tokens
