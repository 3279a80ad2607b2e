# What LeetCode imports for a Python solution, run in the solution's namespace before it loads.

import sys, math, heapq, bisect, itertools, functools, collections, string, re
from typing import *
from collections import *
from functools import *
from itertools import *
from heapq import *
from bisect import *
from math import inf
sys.setrecursionlimit(1 << 20)
