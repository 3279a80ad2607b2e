%% The Erlang harness, `main.erl` beside the user's `solution.erl` (LeetCode's functions, in a
%% module `solution` that exports them all): reads the batch on stdin and, for each test case,
%% calls the function and writes the answer to the file that CATS_CHECK_ANSWERS names, at once.
%% Each test case takes its tokens from the list and hands on the rest.
%% HARNESS_CASE: the problem's test case (`lcNNN/case.erl`), indented as the marker is.

-module(main).
-export([main/0]).

main() ->
    {ok, Answers} = file:open(os:getenv("CATS_CHECK_ANSWERS"), [append]),
    ok = io:setopts(standard_io, [binary]),
    [CasesToken | Tokens] = binary:split(read_all(<<>>), [<<" ">>, <<"\n">>, <<"\t">>, <<"\r">>],
                                         [global, trim_all]),
    lists:foldl(
        fun(_, Tokens0) ->
            %% HARNESS_CASE
        end, Tokens, lists:seq(1, binary_to_integer(CasesToken))),
    ok = file:close(Answers),
    erlang:halt(0).

read_all(Read) ->
    case io:get_chars(standard_io, '', 65536) of
        eof -> Read;
        More -> read_all(<<Read/binary, More/binary>>)
    end.
