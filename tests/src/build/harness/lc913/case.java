// LeetCode 913's test case in the harness `../Main.java`: reads n, then each node's degree and
// its neighbours with `next()`, calls `catMouseGame(graph)` on a fresh `Solution`, and hands
// the answer to `answers.println`.

int[][] graph = new int[Integer.parseInt(next())][];
for (int node = 0; node < graph.length; node++) {
    graph[node] = new int[Integer.parseInt(next())];
    for (int i = 0; i < graph[node].length; i++) graph[node][i] = Integer.parseInt(next());
}
answers.println(new Solution().catMouseGame(graph));
