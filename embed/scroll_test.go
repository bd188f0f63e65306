package embed

import "testing"

// The scroll request names the offset to show and the frame's height; a negative offset (an
// element above the frame's top) asks for the top.
func TestScrollMessage(t *testing.T) {
	m := ScrollMessage(412, 2300)
	if m["type"] != "coerce-playground:scroll" || m["top"] != 412 || m["height"] != 2300 {
		t.Errorf("ScrollMessage = %v", m)
	}
	if m := ScrollMessage(-8, 900); m["top"] != 0 {
		t.Errorf("a negative offset is sent as %v", m["top"])
	}
}
