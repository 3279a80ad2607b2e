// LeetCode 913's test case in the harness `../Main.scala`: reads n, then each node's degree and
// its neighbours with `next()`, calls `Solution.catMouseGame(graph)`, and hands the answer to
// `answers.println`.

val graph = Array.fill(next().toInt)(Array.fill(next().toInt)(next().toInt))
answers.println(Solution.catMouseGame(graph))
