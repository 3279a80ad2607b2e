// LeetCode 913's test case in the harness `../main.go`: reads n, then each node's degree and
// its neighbours with `harnessInt()` and `harnessWord()`, calls `catMouseGame`, and hands the
// answer to `harnessAnswer`.

graph := make([][]int, harnessInt())
for node := range graph {
	graph[node] = make([]int, harnessInt())
	for i := range graph[node] {
		graph[node][i] = harnessInt()
	}
}
harnessAnswer(catMouseGame(graph))
