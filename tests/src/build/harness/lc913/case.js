// LeetCode 913's test case in the harness `../main.js` (TypeScript's too, which type-checks
// it): reads n, then each node's degree and its neighbours with `harnessNext()`, calls
// `catMouseGame`, and hands the answer to `harnessAnswer`.

const graph = [];
for (let node = Number(harnessNext()); node > 0; node--) {
    const neighbours = [];
    for (let degree = Number(harnessNext()); degree > 0; degree--) neighbours.push(Number(harnessNext()));
    graph.push(neighbours);
}
harnessAnswer(catMouseGame(graph));
