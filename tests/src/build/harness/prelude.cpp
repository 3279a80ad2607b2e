// What LeetCode puts before a C++ solution.

#include <bits/stdc++.h>
using namespace std;
