<?php
// The PHP harness, `main.php` beside the user's `solution.php`: loads it (LeetCode's `class
// Solution`), then for each test case of the batch on stdin calls a fresh `Solution` and writes
// the answer to the file that CATS_CHECK_ANSWERS names, flushed at once. The wrapping puts
// `<?php` back in front of what follows the blank line below.
// HARNESS_CASE: the problem's test case (`lcNNN/case.php`), indented as the marker is.

require __DIR__ . '/solution.php';

// PHP resolves a path's links before opening it, and `/proc/self/fd/N` (the sandbox's answers
// channel) links to a pipe's name, which cannot be opened: the descriptor is opened instead.
$harness_path = getenv('CATS_CHECK_ANSWERS');
if (preg_match('#^/proc/self/fd/([0-9]+)$#', $harness_path, $harness_fd)) {
    $harness_path = 'php://fd/' . $harness_fd[1];
}
$harness_answers = fopen($harness_path, 'a');
$harness_tokens = preg_split('/\s+/', trim(stream_get_contents(STDIN)));
$harness_at = 0;

function harness_next()
{
    global $harness_tokens, $harness_at;
    return $harness_tokens[$harness_at++];
}

function harness_answer($answer)
{
    global $harness_answers;
    fwrite($harness_answers, $answer . "\n");
    fflush($harness_answers);
}

for ($harness_cases = (int) harness_next(); $harness_cases > 0; $harness_cases--) {
    // HARNESS_CASE
}
