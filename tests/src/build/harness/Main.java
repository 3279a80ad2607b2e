// The Java harness, `Main.java` beside the user's `Solution.java` (each class in a file of its
// own name, so that a `public class Solution` compiles). It reads the batch on stdin and writes
// each answer to the file that CATS_CHECK_ANSWERS names, flushed at once.
// HARNESS_CASE: the problem's test case (`lcNNN/case.java`), indented as the marker is.

import java.io.*;
import java.util.*;

public class Main {
    static String[] tokens;
    static int at = 0;
    static PrintStream answers;

    static String next() {
        return tokens[at++];
    }

    public static void main(String[] args) throws IOException {
        answers = new PrintStream(new FileOutputStream(System.getenv("CATS_CHECK_ANSWERS"), true), true);
        tokens = new String(System.in.readAllBytes()).trim().split("\\s+");
        int cases = Integer.parseInt(next());
        for (int t = 0; t < cases; t++) {
            // HARNESS_CASE
        }
    }
}
