package e2e

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// rowOptions are the codes row 1's select offers.
const rowOptions = `[...document.querySelectorAll("#row-0-want option")].map(o => o.value)`

// selectsCut lists the editor's selects narrower than their longest option: each is measured
// against a copy of itself at its own width (width: auto), laid out in the same cell.
const selectsCut = `[...document.querySelectorAll("#rows select[data-field=want]")].flatMap(s => {
  const c = s.cloneNode(true); c.removeAttribute("id"); c.style.width = "auto"; c.style.position = "absolute"; c.style.visibility = "hidden";
  s.parentElement.appendChild(c); const need = c.getBoundingClientRect().width; c.remove();
  const has = s.getBoundingClientRect().width;
  return need > has + 0.5 ? [s.id + " is " + Math.round(has) + " px of the " + Math.round(need) + " its options need"] : []; })`

// The prediction select offers the blank and what the table's tool can answer ("ok" and its
// catalog's codes), follows the tool when it changes, and shows its longest option whole at
// 1280 and 360 px, with the instructor tools folded and open.
func TestPredictionSelectFollowsTheTool(t *testing.T) {
	eachView(t, 740, func(t *testing.T, tb *tab, width int64, scheme string) {
		tb.open("/")
		getJob := []string{"", "ok", "invalid_args", "not_found", "timeout", "internal_error"}
		if got := eval[[]string](tb, rowOptions); !slices.Equal(got, getJob) {
			t.Errorf("get_job's table offers %q, want %q", got, getJob)
		}
		if cut := eval[[]string](tb, selectsCut); len(cut) > 0 {
			t.Errorf("instructor tools folded: %q", cut)
		}
		tb.instructor()
		if cut := eval[[]string](tb, selectsCut); len(cut) > 0 {
			t.Errorf("instructor tools open: %q", cut)
		}
		tb.screenshot("predict-select-"+scheme+"-"+strconv.FormatInt(width, 10)+".png", chromedp.CaptureScreenshot())
		tb.unfold("tools")
		tb.do(chromedp.SetValue(chromedp.ID("tool-picker"), "refund"),
			chromedp.Evaluate[chromedp.Void](`document.getElementById("tool-picker").dispatchEvent(new Event("change", {bubbles: true}))`))
		refund := []string{"", "ok", "invalid_args", "not_found", "denied", "timeout", "internal_error"}
		if _, err := poll[bool](tb, `JSON.stringify(`+rowOptions+`) === `+strconv.Quote(`["`+strings.Join(refund, `","`)+`"]`)); err != nil {
			t.Errorf("refund's table offers %q, want %q", eval[[]string](tb, rowOptions), refund)
		}
	})
}
