// What LeetCode's Kotlin has in scope without an `import` line: `java.util`'s collections
// (`PriorityQueue`, `LinkedList`, `ArrayDeque` with `push`), as its solutions use them. One
// line, which goes on the user's first line (followed by a space) so that their lines keep
// their numbers.

import java.util.*;
