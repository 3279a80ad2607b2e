// LeetCode 913's test case in the harness `../main.php`: reads n, then each node's degree and
// its neighbours with `harness_next()`, calls `catMouseGame($graph)` on a fresh `Solution`, and
// hands the answer to `harness_answer`.

$graph = [];
for ($nodes = (int) harness_next(); $nodes > 0; $nodes--) {
    $neighbours = [];
    for ($degree = (int) harness_next(); $degree > 0; $degree--) {
        $neighbours[] = (int) harness_next();
    }
    $graph[] = $neighbours;
}
harness_answer((new Solution())->catMouseGame($graph));
