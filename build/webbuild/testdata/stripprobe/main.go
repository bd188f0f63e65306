// Command stripprobe exercises what the runtime still reads in a module whose traceback tables
// are blanked (webbuild.StripTraceback): a value method called through a nil pointer (its
// message comes from the wrapper's name), reflect's function and method stubs under garbage
// collection and stack growth (their arguments' pointer maps are found by name), recovered
// runtime errors, goroutines with deep stacks, and runtime.Callers. It prints what it finds
// on stdout, which must be the same stripped or not; where runtime.Caller says it is goes to
// stderr, which differs. With the argument "crash" it panics without recovering.
package main

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strings"
	"sync"
)

type T struct{ x int }

func (t T) M() int { return t.x }

// deep recurses n frames with a pointer in each, so stack growth and the GC walk them.
func deep(n int, p *int) int {
	if n == 0 {
		runtime.GC()
		return *p
	}
	q := *p + 1
	return deep(n-1, &q) + 0*len(strings.Repeat("x", n%3))
}

func recovered(f func()) (msg string) {
	defer func() {
		if p := recover(); p != nil {
			if err, ok := p.(error); ok {
				msg = err.Error()
			} else {
				msg = fmt.Sprint(p)
			}
		}
	}()
	f()
	return "no panic"
}

type Adder struct{ base int }

func (a Adder) Add(p *int, s []string) string {
	v := 1
	return fmt.Sprint(a.base+*p+deep(2000, &v), len(s))
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "crash" {
		var v int
		deep(50, &v)
		panic(errors.New("boom"))
	}
	wrapper := (*T).M
	fmt.Println("nil value method:", recovered(func() { wrapper(nil) }))
	s := []int{1, 2, 3}
	n := 5
	fmt.Println("index:", recovered(func() { _ = s[n] }))
	var m map[string]int
	fmt.Println("nil map:", recovered(func() { m["a"] = 1 }))
	fmt.Println("nil deref:", recovered(func() { _ = *(*int)(nil) }))

	var swap func(*int, *int) (*int, *int)
	reflect.ValueOf(&swap).Elem().Set(reflect.MakeFunc(reflect.TypeOf(swap), func(in []reflect.Value) []reflect.Value {
		v := 7
		deep(3000, &v)
		return []reflect.Value{in[1], in[0]}
	}))
	a, b := 1, 2
	x, y := swap(&a, &b)
	fmt.Println("MakeFunc:", *x, *y)
	add := reflect.ValueOf(Adder{base: 40}).MethodByName("Add").Interface().(func(*int, []string) string)
	fmt.Println("method value:", add(&a, []string{"a", "b"}))

	var wg sync.WaitGroup
	sums := make([]int, 8)
	for g := range sums {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := g
			sums[g] = deep(1000+100*g, &v)
		}()
	}
	wg.Wait()
	fmt.Println("goroutines:", sums)
	pcs := make([]uintptr, 64)
	fmt.Println("callers:", runtime.Callers(0, pcs) > 2)
	_, file, line, ok := runtime.Caller(0)
	fmt.Fprintf(os.Stderr, "caller: %s:%d %v\n", file, line, ok)
}
