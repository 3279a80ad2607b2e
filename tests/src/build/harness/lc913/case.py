# LeetCode 913's test case in the harness `../main.py`: reads n, then each node's degree and its
# neighbours with `next(tokens)`, calls `catMouseGame(graph)` on a fresh `Solution`, and hands
# the answer to `harness_answer`.

graph = []
for _ in range(int(next(tokens))):
    graph.append([int(next(tokens)) for _ in range(int(next(tokens)))])
harness_answer(Solution().catMouseGame(graph))
