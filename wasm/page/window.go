package page

import "math"

// FullRows is the size up to which the editor draws every row. A longer table
// draws only the rows near the screen, between two spacer rows sized to the
// rest, and redraws as the page scrolls: drawing 10,000 editor rows took
// about 11 s, most of it in the DOM.
const FullRows = 200

// windowExtra is how many rows beyond those on screen the editor draws on
// each side, so scrolling a little or tabbing to the next row finds it drawn.
const windowExtra = 24

// Window says which rows [first, last) of an n-row editor to draw, given
// each row's height, the top of the rows' body relative to the top of the
// viewport (negative once scrolled past) and the viewport's height. drawn
// is what is drawn now; redraw is false while it still covers every row
// on screen, so small scrolls cost nothing.
func Window(n int, rowH, top, viewH float64, drawn [2]int) (first, last int, redraw bool) {
	if n <= FullRows {
		return 0, n, drawn != [2]int{0, n}
	}
	if rowH <= 0 || math.IsNaN(rowH) {
		rowH = 1
	}
	if viewH <= 0 {
		viewH = 1
	}
	y0, y1 := -top, -top+viewH
	v0 := clamp(int(math.Floor(y0/rowH)), 0, n)
	v1 := clamp(int(math.Ceil(y1/rowH)), 0, n)
	if v1 <= v0 { // the rows are all above or all below the screen: keep the nearest end drawn
		v0, v1 = clamp(v0, 0, n-1), clamp(v0, 0, n-1)+1
	}
	if drawn[0] <= v0 && v1 <= drawn[1] && drawn[0] < drawn[1] && drawn[1] <= n {
		return drawn[0], drawn[1], false
	}
	return max(0, v0-windowExtra), min(n, v1+windowExtra), true
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }
