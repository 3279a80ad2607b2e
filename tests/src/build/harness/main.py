# The Python harness, the second part of `main.py` after `runner.py`: calls a fresh Solution per
# test case of the batch on stdin and writes each answer to the file that CATS_CHECK_ANSWERS
# names, flushed at once.
# HARNESS_CASE: the problem's test case (`lcNNN/case.py`), indented as the marker is.

Solution = _harness_namespace["Solution"]
_harness_answers = open(os.environ["CATS_CHECK_ANSWERS"], "a")


def harness_answer(answer):
    # As `print` writes it, in words both Pythons have.
    _harness_answers.write("%s\n" % (answer,))
    _harness_answers.flush()


def _harness_main():
    tokens = iter(sys.stdin.read().split())
    for _ in range(int(next(tokens))):
        # HARNESS_CASE

_harness_main()
