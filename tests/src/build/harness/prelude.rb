# What Ruby 3.2, LeetCode's, has without a `require` that Ruby 3.1 (Debian's) needs one for:
# `Set`. One line, which goes on the user's first line (followed by a space) so that their lines
# keep their numbers.

require 'set';
