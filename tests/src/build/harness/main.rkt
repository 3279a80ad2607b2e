;; The Racket harness, `main.rkt` beside the user's `solution.rkt` (LeetCode's definitions in a
;; `#lang racket` module that provides them all): reads the batch on stdin and, for each test
;; case, calls the function and writes the answer to the file that CATS_CHECK_ANSWERS names,
;; flushed at once. Each test case takes its tokens from the list and hands on the rest.
;; HARNESS_CASE: the problem's test case (`lcNNN/case.rkt`), indented as the marker is.

#lang racket/base
(require racket/list racket/port racket/string "solution.rkt")

(define answers (open-output-file (getenv "CATS_CHECK_ANSWERS") #:exists 'append))
(define (answer value)
  (displayln value answers)
  (flush-output answers))
(define all-tokens (string-split (port->string (current-input-port))))
(void
 (for/fold ([tokens (rest all-tokens)]) ([_ (string->number (first all-tokens))])
   ;; HARNESS_CASE
   ))
