# Python's `main.py`, first part: loads the user's `solution.py` into a namespace of its own,
# compiled under the user's file name (so tracebacks and syntax errors name it and its lines),
# after LeetCode's imports. The same file runs under Python 3 and Python 2.7 (LeetCode's
# "Python"), so it keeps to what both have. `--compile-only` (the build step) reads the file as
# data and never runs it: it compiles it and, for a LeetCode solution, looks in its syntax tree
# for the class and the method LeetCode calls, then stops. A LeetCode solution's harness
# (`main.py`) follows; a whole judge program runs as `__main__`.
# HARNESS_PRELUDE_TEXT: the imports (`prelude.py`, Python 2's `prelude2.py`), or nothing.
# HARNESS_MODULE: the namespace's `__name__`. HARNESS_WHOLE_PROGRAM: True or False.
# HARNESS_FUNCTION: the method LeetCode calls, or nothing for a whole program. HARNESS_PATH: the
# user's path, quoted. The coding line lets Python 2 read a path that is not ASCII.

# -*- coding: utf-8 -*-
import os, sys, traceback

_HARNESS_PRELUDE = """HARNESS_PRELUDE_TEXT"""


def _harness_compiled():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "solution.py"), "rb") as file:
        source = file.read()
    if sys.version_info[0] < 3:
        # Python 2 reads the bytes as its own `python2 solution.py` would: ASCII unless a coding
        # line says otherwise (a decoded text with a coding line is a SyntaxError there).
        text = source
    else:
        try:
            text = source.decode("utf-8-sig")
        except UnicodeDecodeError:
            # Comments in GBK or Latin-1: each byte as a character, as the bytes are kept.
            text = source.decode("latin-1")
    try:
        return text, compile(text, HARNESS_PATH, "exec")
    # A NUL byte is a ValueError before Python 3.12 and a TypeError in Python 2; nesting too
    # deep for the parser, a RecursionError (a RuntimeError) or a MemoryError.
    except (SyntaxError, ValueError, TypeError, RuntimeError, MemoryError) as error:
        sys.stderr.write("".join(traceback.format_exception_only(type(error), error)))
        sys.exit(1)


def _harness_lacks(text, method):
    """What the parsed file surely lacks of what LeetCode calls, or None. Only a name that occurs
    nowhere in the code counts as missing (not as a name, an attribute, a definition, an import
    or in a string): whatever else binds it (an assignment, a base class, `setattr`, `exec`)
    is left to the judged run to find."""
    import ast

    # Python 2's strings are `str` or `unicode`, and its string literals `ast.Str` nodes.
    texts = (str, type(u""))
    names = set()
    strings = []
    for node in ast.walk(ast.parse(text, HARNESS_PATH)):
        for field in ("id", "attr", "name", "asname", "arg"):
            value = getattr(node, field, None)
            if isinstance(value, texts):
                names.add(value)
        kind = type(node).__name__
        literal = getattr(node, "value" if kind == "Constant" else "s", None)
        if kind in ("Constant", "Str") and isinstance(literal, texts):
            strings.append(literal)
    occurs = lambda name: name in names or any(name in string for string in strings)
    if not occurs("Solution"):
        return "defines no class Solution, which LeetCode calls"
    # A class that answers any attribute may answer this one.
    if not occurs(method) and not occurs("__getattr__") and not occurs("__getattribute__"):
        return "defines no method %s in class Solution, which LeetCode calls" % method
    return None


def _harness_load():
    text, code = _harness_compiled()
    if "--compile-only" in sys.argv:
        lacks = None if HARNESS_WHOLE_PROGRAM else _harness_lacks(text, "HARNESS_FUNCTION")
        if lacks is not None:
            sys.stderr.write("%s %s\n" % (HARNESS_PATH, lacks))
            sys.exit(1)
        sys.exit(0)
    # A traceback's lines, read from the text: the user's path does not exist in the sandbox.
    import linecache
    linecache.cache[HARNESS_PATH] = (len(text), None, text.splitlines(True), HARNESS_PATH)
    namespace = {"__name__": "HARNESS_MODULE"}
    exec(_HARNESS_PRELUDE, namespace)
    try:
        exec(code, namespace)
    except Exception as error:
        # The traceback from the user's file down, without this loader's frames, in one write
        # (a program stopped for its output may have little time left); `exit` and Ctrl-C go
        # on as they came.
        told = traceback.format_exception(type(error), error, sys.exc_info()[2].tb_next)
        if not HARNESS_WHOLE_PROGRAM:
            told.insert(0, "%s raised while loading, before LeetCode's first call:\n" % HARNESS_PATH)
        sys.stderr.write("".join(told))
        sys.stderr.flush()
        sys.exit(1)
    if not HARNESS_WHOLE_PROGRAM and "Solution" not in namespace:
        sys.stderr.write(
            "%s defines no class Solution once it has run, and LeetCode calls Solution().%s\n"
            % (HARNESS_PATH, "HARNESS_FUNCTION")
        )
        sys.exit(1)
    return namespace

_harness_namespace = _harness_load()
