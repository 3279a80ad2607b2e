// LeetCode 913's test case in the harness `../main.c`: reads n, then each node's degree and its
// neighbours with `scanf`, calls `catMouseGame`, and hands the answer to
// `fprintf(harness_answers, ...)`.

int nodes;
if (scanf("%d", &nodes) != 1) return 3;
int **graph = malloc(sizeof(int *) * (nodes > 0 ? nodes : 1));
int *graphColSize = malloc(sizeof(int) * (nodes > 0 ? nodes : 1));
for (int node = 0; node < nodes; node++) {
    if (scanf("%d", &graphColSize[node]) != 1) return 3;
    graph[node] = malloc(sizeof(int) * (graphColSize[node] > 0 ? graphColSize[node] : 1));
    for (int i = 0; i < graphColSize[node]; i++)
        if (scanf("%d", &graph[node][i]) != 1) return 3;
}
fprintf(harness_answers, "%d\n", catMouseGame(graph, nodes, graphColSize));
for (int node = 0; node < nodes; node++) free(graph[node]);
free(graph);
free(graphColSize);
