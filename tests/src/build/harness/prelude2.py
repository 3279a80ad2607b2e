# What LeetCode imports for a Python 2 solution ("Python" there), run in the solution's namespace
# before it loads: Python 3's list (`prelude.py`) without what Python 2 lacks (`typing`,
# `math.inf`).

import sys, math, heapq, bisect, itertools, functools, collections, string, re
from collections import *
from functools import *
from itertools import *
from heapq import *
from bisect import *
sys.setrecursionlimit(1 << 20)
