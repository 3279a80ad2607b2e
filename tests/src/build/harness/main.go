// The Go harness, `main.go` beside the user's file (Go refuses unused imports, so the user's
// file keeps exactly the imports they wrote). It reads the batch on stdin and writes each answer
// to the file that CATS_CHECK_ANSWERS names, at once.
// HARNESS_CASE: the problem's test case (`lcNNN/case.go`), indented as the marker is.

package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func main() {
	harnessAnswers, err := os.OpenFile(os.Getenv("CATS_CHECK_ANSWERS"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		os.Exit(3)
	}
	harnessInput := bufio.NewScanner(os.Stdin)
	harnessInput.Buffer(make([]byte, 1<<20), 1<<20)
	harnessInput.Split(bufio.ScanWords)
	harnessWord := func() string {
		harnessInput.Scan()
		return harnessInput.Text()
	}
	harnessInt := func() int {
		value, _ := strconv.Atoi(harnessWord())
		return value
	}
	harnessAnswer := func(answer interface{}) {
		fmt.Fprintln(harnessAnswers, answer)
	}
	for harnessCases := harnessInt(); harnessCases > 0; harnessCases-- {
		// HARNESS_CASE
	}
}
