package page

import "testing"

func TestWindow(t *testing.T) {
	const n = 10000
	tests := []struct {
		name             string
		n                int
		rowH, top, viewH float64
		drawn            [2]int
		first, last      int
		redraw           bool
	}{
		{"small table drawn whole", 6, 40, -5000, 800, [2]int{}, 0, 6, true},
		{"small table already drawn", 6, 40, 0, 800, [2]int{0, 6}, 0, 6, false},
		{"at FullRows still whole", FullRows, 40, 0, 800, [2]int{}, 0, FullRows, true},
		{"top of a long table", n, 40, 100, 800, [2]int{}, 0, 18 + windowExtra, true},
		{"scrolled to row 5000", n, 40, -200000, 800, [2]int{}, 5000 - windowExtra, 5020 + windowExtra, true},
		{"small scroll inside what is drawn", n, 40, -200400, 800, [2]int{5000 - windowExtra, 5020 + windowExtra}, 5000 - windowExtra, 5020 + windowExtra, false},
		{"scroll past what is drawn", n, 40, -201000, 800, [2]int{5000 - windowExtra, 5020 + windowExtra}, 5025 - windowExtra, 5045 + windowExtra, true},
		{"bottom", n, 40, -(n*40 - 400), 800, [2]int{}, n - 10 - windowExtra, n, true},
		{"far below the rows", n, 40, -(n*40 + 5000), 800, [2]int{}, n - 1 - windowExtra, n, true},
		{"rows below the screen", n, 40, 3000, 800, [2]int{}, 0, 1 + windowExtra, true},
		{"no height yet (hidden page)", n, 0, 0, 0, [2]int{}, 0, 1 + windowExtra, true},
		{"drawn range beyond a shrunk table", n, 40, 0, 800, [2]int{0, n + 5}, 0, 20 + windowExtra, true},
	}
	for _, tc := range tests {
		first, last, redraw := Window(tc.n, tc.rowH, tc.top, tc.viewH, tc.drawn)
		if first != tc.first || last != tc.last || redraw != tc.redraw {
			t.Errorf("%s: Window = %d, %d, %v; want %d, %d, %v", tc.name, first, last, redraw, tc.first, tc.last, tc.redraw)
		}
	}
}
