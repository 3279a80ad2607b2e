// LeetCode 913's test case in the harness `../Main.cs`: reads n, then each node's degree and its
// neighbours with `next()`, calls `CatMouseGame(graph)` on a fresh `Solution`, and hands the
// answer to `answers.WriteLine`.

int[][] graph = new int[int.Parse(next())][];
for (int node = 0; node < graph.Length; node++)
{
    graph[node] = new int[int.Parse(next())];
    for (int i = 0; i < graph[node].Length; i++) graph[node][i] = int.Parse(next());
}
answers.WriteLine(new Solution().CatMouseGame(graph));
