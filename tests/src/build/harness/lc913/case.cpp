// LeetCode 913's test case in the harness `../main.cpp`: reads n, then each node's degree and
// its neighbours with `cin`, calls `catMouseGame(graph)` on a fresh `Solution`, and hands the
// answer to `harness_answers <<`.

int nodes;
cin >> nodes;
vector<vector<int>> graph(nodes);
for (auto &neighbours : graph) {
    int degree;
    cin >> degree;
    neighbours.resize(degree);
    for (auto &node : neighbours) cin >> node;
}
// As LeetCode's driver: a value-initialised temporary per test case.
harness_answers << Solution().catMouseGame(graph) << endl;
