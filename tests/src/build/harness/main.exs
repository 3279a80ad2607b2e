# The Elixir harness, `main.exs` beside the user's `solution.ex`: loads it (LeetCode's
# `defmodule Solution`; compiling it is its first run's work, as the build only parses it), then
# for each test case of the batch on stdin calls the function and writes the answer to the file
# that CATS_CHECK_ANSWERS names, at once. Each test case takes its tokens from the list and hands
# on the rest.
# HARNESS_CASE: the problem's test case (`lcNNN/case.exs`), indented as the marker is.

Code.require_file("solution.ex", __DIR__)
harness_answers = File.open!(System.fetch_env!("CATS_CHECK_ANSWERS"), [:append])
[harness_cases | harness_tokens] = String.split(IO.binread(:stdio, :eof))

Enum.reduce(1..String.to_integer(harness_cases)//1, harness_tokens, fn _, harness_tokens ->
  # HARNESS_CASE
end)
