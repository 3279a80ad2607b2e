# Python's `main.py`, first part: loads the user's `solution.py` into a namespace of its own,
# compiled under the user's file name (so tracebacks and syntax errors name it and its lines),
# after LeetCode's imports. `--compile-only` (the build step) stops after loading. A LeetCode
# solution's harness (`main.py`) follows; a whole judge program runs as `__main__`.
# HARNESS_PRELUDE_TEXT: the imports (`prelude.py`), or nothing. HARNESS_MODULE: the namespace's
# `__name__`. HARNESS_WHOLE_PROGRAM: True or False. HARNESS_LOAD_FAILED: the exit status of a
# file that compiled and then stopped while loading. HARNESS_PATH: the user's path, quoted.

import os, sys, traceback

_HARNESS_PRELUDE = """HARNESS_PRELUDE_TEXT"""


def _harness_load():
    namespace = {"__name__": "HARNESS_MODULE"}
    exec(_HARNESS_PRELUDE, namespace)
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "solution.py"), "rb") as file:
        source = file.read()
    try:
        text = source.decode("utf-8-sig")
    except UnicodeDecodeError:
        # Comments in GBK or Latin-1: each byte as a character, as the bytes are kept.
        text = source.decode("latin-1")
    try:
        code = compile(text, HARNESS_PATH, "exec")
    except SyntaxError as error:
        sys.stderr.write("".join(traceback.format_exception_only(type(error), error)))
        sys.exit(1)
    if "--compile-only" in sys.argv and HARNESS_WHOLE_PROGRAM:
        sys.exit(0)
    try:
        exec(code, namespace)
    except BaseException as error:
        # It compiled, and stopped while loading: LeetCode's Runtime Error, not a compile error.
        if "--compile-only" in sys.argv:
            if isinstance(error, SystemExit):
                sys.stderr.write("it called exit(%r) while loading\n" % (error.code,))
            else:
                traceback.print_exc()
            sys.exit(HARNESS_LOAD_FAILED)
        raise
    if "--compile-only" in sys.argv:
        if "Solution" not in namespace:
            sys.stderr.write("%s defines no class Solution\n" % HARNESS_PATH)
            sys.exit(1)
        sys.exit(0)
    return namespace

_harness_namespace = _harness_load()
