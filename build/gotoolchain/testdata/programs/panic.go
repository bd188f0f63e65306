// Panics after writing one line: the exit code and the panic's first line.
package main

import "fmt"

func main() {
	fmt.Println("before")
	var rows []int
	fmt.Println(rows[3])
}
