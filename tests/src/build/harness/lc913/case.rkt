;; LeetCode 913's test case in the harness `../main.rkt`: takes n, then each node's degree and
;; its neighbours from `tokens`, calls `(cat-mouse-game graph)`, hands the answer to `answer`,
;; and hands on the tokens left.

(let read-nodes ([nodes (string->number (first tokens))] [left (rest tokens)] [graph '()])
  (if (= nodes 0)
      (begin (answer (cat-mouse-game (reverse graph))) left)
      (let-values ([(neighbours after)
                    (split-at (rest left) (string->number (first left)))])
        (read-nodes (- nodes 1) after (cons (map string->number neighbours) graph)))))
