// The JavaScript and TypeScript harness, appended to the user's text as LeetCode appends its
// driver, in a function of its own so that its names cannot clash with the user's. LeetCode's
// npm packages become globals where they are installed. With `--compile-only` (the build step)
// it stops once the user's code has loaded, after checking that the function is defined and that
// the packages it uses were found; otherwise it runs the batch on stdin and writes each answer to
// the file that CATS_CHECK_ANSWERS names, at once.
// HARNESS_FUNCTION: the function the problem's solution defines. HARNESS_PACKAGES: [package,
// [globals]] pairs. HARNESS_USES: the globals the user's text uses. `/*: any*/`: TypeScript's
// annotations, uncommented for TypeScript. HARNESS_CASE: the problem's test case
// (`lcNNN/case.js`), indented as the marker is.

;(function harnessMain() {
    const harnessFs = require("fs");
    const harnessGlobal/*: any*/ = globalThis;
    const harnessMissing = new Map();
    for (const [harnessPackage, harnessNames] of HARNESS_PACKAGES) {
        let harnessExported;
        try {
            harnessExported = require(harnessPackage);
        } catch (error) {
            for (const harnessName of harnessNames) harnessMissing.set(harnessName, harnessPackage);
            continue;
        }
        for (const harnessName of harnessNames) {
            if (!(harnessName in harnessGlobal)) {
                harnessGlobal[harnessName] = harnessName === "_" ? harnessExported : harnessExported[harnessName];
            }
        }
    }
    if (process.argv.includes("--compile-only")) {
        if (typeof HARNESS_FUNCTION !== "function") {
            process.stderr.write("your solution defines no function HARNESS_FUNCTION\n");
            process.exit(1);
        }
        for (const harnessName of HARNESS_USES) {
            if (harnessMissing.has(harnessName) && eval("typeof " + harnessName) === "undefined") {
                const harnessPackage = harnessMissing.get(harnessName);
                process.stderr.write(`your solution uses ${harnessName}, which LeetCode provides from the npm package ${harnessPackage}; it is not installed here (npm install ${harnessPackage}, beside your file or on NODE_PATH)\n`);
                process.exit(1);
            }
        }
        process.exit(0);
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
