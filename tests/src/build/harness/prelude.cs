// What LeetCode's C# has in scope without a `using` line (.NET's implicit usings and the
// collections solutions use): one line, which goes on the user's first line (followed by a
// space) so that their lines keep their numbers.

using System; using System.Collections.Generic; using System.Linq; using System.Text;
