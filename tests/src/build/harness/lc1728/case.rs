// LeetCode 1728's test case in the harness `../main.rs`: reads `rows catJump mouseJump`, then
// the rows of the grid with `harness_token()`, calls `Solution::can_mouse_win(grid, cat_jump,
// mouse_jump)`, and hands the answer to `harness_answer`.

let rows: usize = harness_token().parse().unwrap();
let cat_jump: i32 = harness_token().parse().unwrap();
let mouse_jump: i32 = harness_token().parse().unwrap();
let grid: Vec<String> = (0..rows).map(|_| harness_token()).collect();
harness_answer(Solution::can_mouse_win(grid, cat_jump, mouse_jump));
