// What LeetCode puts before a C solution: these headers, and uthash where it is installed.

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__has_include)
#if __has_include(<uthash.h>)
#include <uthash.h>
#endif
#endif
