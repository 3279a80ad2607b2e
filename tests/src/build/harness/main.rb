# The Ruby harness, `main.rb` beside the user's `solution.rb`: loads it (LeetCode's top-level
# `def`), then for each test case of the batch on stdin calls the method and writes the answer
# to the file that CATS_CHECK_ANSWERS names, flushed at once.
# HARNESS_CASE: the problem's test case (`lcNNN/case.rb`), indented as the marker is.

# Ruby 3.2, LeetCode's, has `Set` without a `require`; 3.1 needs one, made here rather than on
# the user's first line (which may be `=begin` or a magic comment).
require 'set'
require_relative 'solution'

harness_answers = File.open(ENV.fetch('CATS_CHECK_ANSWERS'), 'a')
harness_answers.sync = true
harness_tokens = $stdin.read.split.each
harness_tokens.next.to_i.times do
  # HARNESS_CASE
end
