# LeetCode 913's test case in the harness `../main.rb`: reads n, then each node's degree and its
# neighbours with `harness_tokens.next`, calls `cat_mouse_game(graph)`, and writes the answer
# to `harness_answers`.

graph = Array.new(harness_tokens.next.to_i) do
  Array.new(harness_tokens.next.to_i) { harness_tokens.next.to_i }
end
harness_answers.puts(cat_mouse_game(graph))
