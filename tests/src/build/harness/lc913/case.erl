%% LeetCode 913's test case in the harness `../main.erl`: takes n, then each node's degree and
%% its neighbours from `Tokens0`, calls `cat_mouse_game(Graph)`, writes the answer to `Answers`,
%% and hands on the tokens left.

[NodesToken | AfterNodes] = Tokens0,
{Graph, Rest} = lists:mapfoldl(
    fun(_, [Degree | Left]) ->
        {Neighbours, After} = lists:split(binary_to_integer(Degree), Left),
        {[binary_to_integer(Neighbour) || Neighbour <- Neighbours], After}
    end, AfterNodes, lists:seq(1, binary_to_integer(NodesToken))),
io:format(Answers, "~p~n", [solution:cat_mouse_game(Graph)]),
Rest
