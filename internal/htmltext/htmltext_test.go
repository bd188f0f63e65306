package htmltext

import "testing"

func TestEscape(t *testing.T) {
	for _, c := range []struct {
		in   string
		attr bool
		want string
	}{
		{`a<b>&"c"`, false, `a&lt;b&gt;&amp;"c"`},
		{`a<b>&"c"`, true, `a&lt;b&gt;&amp;&quot;c&quot;`},
		{"ünï 'q'", true, "ünï 'q'"},
	} {
		if got := Escape(c.in, c.attr); got != c.want {
			t.Errorf("Escape(%q, %v) = %q, want %q", c.in, c.attr, got, c.want)
		}
	}
}
