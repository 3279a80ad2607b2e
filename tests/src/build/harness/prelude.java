// What LeetCode imports for a Java solution: one line, which goes on the user's first line
// (followed by a space) so that their lines keep their numbers.

import java.util.*; import java.util.function.*; import java.util.stream.*;
