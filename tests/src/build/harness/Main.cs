// The C# harness, `Main.cs` beside the user's `Solution.cs`: reads the batch on stdin and, for
// each test case, calls a fresh `Solution` and writes the answer to the file that
// CATS_CHECK_ANSWERS names, flushed at once.
// HARNESS_CASE: the problem's test case (`lcNNN/case.cs`), indented as the marker is.

public static class HarnessMain
{
    public static void Main()
    {
        var path = System.Environment.GetEnvironmentVariable("CATS_CHECK_ANSWERS");
        var file = new System.IO.FileStream(path, System.IO.FileMode.Append, System.IO.FileAccess.Write);
        var answers = new System.IO.StreamWriter(file) { AutoFlush = true };
        var tokens = System.Console.In.ReadToEnd()
            .Split((char[])null, System.StringSplitOptions.RemoveEmptyEntries);
        int at = 0;
        System.Func<string> next = () => tokens[at++];
        for (int cases = int.Parse(next()); cases > 0; cases--)
        {
            // HARNESS_CASE
        }
    }
}
