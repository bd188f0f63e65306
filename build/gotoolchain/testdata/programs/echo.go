// Reads argument objects, one a line, and writes what it read back as JSON: encoding/json,
// bufio, strconv and fmt, the packages an exercise uses.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	for n := 1; in.Scan(); n++ {
		var args map[string]any
		if err := json.Unmarshal(in.Bytes(), &args); err != nil {
			fmt.Println(strconv.Quote(err.Error()))
			continue
		}
		out, _ := json.Marshal(map[string]any{"line": n, "args": args})
		fmt.Println(string(out))
	}
}
