// LeetCode 1728's test case in the harness `../main.c`: reads `rows catJump mouseJump`, then
// the rows of the grid with `scanf`, calls `canMouseWin`, and hands the answer to
// `fprintf(harness_answers, ...)`.

int rows, catJump, mouseJump;
if (scanf("%d %d %d", &rows, &catJump, &mouseJump) != 3) return 3;
char **grid = malloc(sizeof(char *) * (rows > 0 ? rows : 1));
static char harness_row[1 << 16];
for (int row = 0; row < rows; row++) {
    if (scanf("%65535s", harness_row) != 1) return 3;
    grid[row] = malloc(strlen(harness_row) + 1);
    strcpy(grid[row], harness_row);
}
bool won = canMouseWin(grid, rows, catJump, mouseJump);
fprintf(harness_answers, "%s\n", won ? "true" : "false");
for (int row = 0; row < rows; row++) free(grid[row]);
free(grid);
