;; LeetCode 1728's test case in the harness `../main.rkt`: takes `rows catJump mouseJump`, then
;; the rows of the grid from `tokens`, calls `(can-mouse-win grid catJump mouseJump)`, hands the
;; answer to `answer` (`true` or `false`, as LeetCode prints it), and hands on the tokens left.

(let-values ([(grid left) (split-at (drop tokens 3) (string->number (first tokens)))])
  (define jumps (map string->number (take (rest tokens) 2)))
  (answer (if (can-mouse-win grid (first jumps) (second jumps)) "true" "false"))
  left)
