// Does not compile: go build's messages, in its order.
package main

import (
	"fmt"
	"os"
)

func main() {
	x := 1
	fmt.Println("hi" + 1)
	var s string = 2
}
