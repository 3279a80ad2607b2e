// LeetCode 1728's test case in the harness `../main.js` (TypeScript's too, which type-checks
// it): reads `rows catJump mouseJump`, then the rows of the grid with `harnessNext()`, calls
// `canMouseWin`, and hands the answer to `harnessAnswer`.

const rows = Number(harnessNext());
const catJump = Number(harnessNext());
const mouseJump = Number(harnessNext());
const grid = [];
for (let row = 0; row < rows; row++) grid.push(harnessNext());
harnessAnswer(canMouseWin(grid, catJump, mouseJump));
