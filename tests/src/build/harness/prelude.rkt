;; What LeetCode puts around Racket definitions: `#lang racket`, and here a `provide` of them all
;; for the harness. One line, which goes on the user's first line (followed by a space) so that
;; their lines keep their numbers.

#lang racket (provide (all-defined-out))
