// LeetCode 913's test case in the harness `../main.rs`: reads n, then each node's degree and
// its neighbours with `harness_token()`, calls `Solution::cat_mouse_game(graph)`, and hands the
// answer to `harness_answer`.

let nodes: usize = harness_token().parse().unwrap();
let mut graph: Vec<Vec<i32>> = Vec::new();
for _ in 0..nodes {
    let degree: usize = harness_token().parse().unwrap();
    graph.push((0..degree).map(|_| harness_token().parse().unwrap()).collect());
}
harness_answer(Solution::cat_mouse_game(graph));
