package embed

import (
	"strings"
	"testing"
)

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

// Copy embed code warns about an address no course site can frame, and names ALLOWED_EMBEDDERS.
func TestAddressWarning(t *testing.T) {
	for _, c := range []struct {
		href, want string
	}{
		{"http://127.0.0.1:8080/", "this computer"},
		{"http://localhost:8080/index.html#table=x", "this computer"},
		{"http://[::1]:8000/", "this computer"},
		{"http://play.example.edu/", "plain http"},
		{"https://play.example.edu/", ""},
		{"not a url", ""},
	} {
		got := AddressWarning(c.href)
		if c.want == "" && got != "" || c.want != "" && (!strings.Contains(got, c.want) || !strings.Contains(got, "ALLOWED_EMBEDDERS")) {
			t.Errorf("AddressWarning(%q) = %q, want it to say %q", c.href, got, c.want)
		}
	}
}
