// The JavaScript and TypeScript harness, appended to the user's text as LeetCode appends its
// driver, in a function of its own so that its names cannot clash with the user's. LeetCode's
// npm packages become globals where they are installed (the build found those the user's text
// uses). It checks that the user's code, once run, defined the function, then runs the batch on
// stdin and writes each answer to the file that CATS_CHECK_ANSWERS names, at once. It is never
// run at build time: the build checks the syntax and reads the text.
// HARNESS_FUNCTION: the function the problem's solution defines. HARNESS_PACKAGES: [package,
// [globals]] pairs. `/*: any*/`: TypeScript's annotations, uncommented for TypeScript.
// HARNESS_CASE: the problem's test case (`lcNNN/case.js`), indented as the marker is.

;(function harnessMain() {
    const harnessFs = require("fs");
    const harnessGlobal/*: any*/ = globalThis;
    for (const [harnessPackage, harnessNames] of HARNESS_PACKAGES) {
        let harnessExported;
        try {
            harnessExported = require(harnessPackage);
        } catch (error) {
            continue;
        }
        for (const harnessName of harnessNames) {
            if (!(harnessName in harnessGlobal)) {
                harnessGlobal[harnessName] = harnessName === "_" ? harnessExported : harnessExported[harnessName];
            }
        }
    }
    if (typeof HARNESS_FUNCTION !== "function") {
        process.stderr.write("your solution defines no function HARNESS_FUNCTION once it has run, and LeetCode calls it\n");
        process.exit(1);
    }
    const harnessAnswers = harnessFs.openSync(process.env.CATS_CHECK_ANSWERS, "a");
    const harnessAnswer = (answer/*: any*/) => harnessFs.writeSync(harnessAnswers, String(answer) + "\n");
    const harnessTokens = harnessFs.readFileSync(0, "utf8").split(/\s+/).filter((token/*: any*/) => token !== "");
    let harnessAt = 0;
    const harnessNext = () => harnessTokens[harnessAt++];
    for (let harnessCases = Number(harnessNext()); harnessCases > 0; harnessCases--) {
        // HARNESS_CASE
    }
})();
