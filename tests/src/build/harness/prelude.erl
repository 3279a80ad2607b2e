%% What LeetCode puts around Erlang functions: a module that exports them all. One line, which
%% goes on the user's first line (followed by a space) so that their lines keep their numbers.

-module(solution). -compile([export_all, nowarn_export_all]).
