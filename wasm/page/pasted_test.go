package page

import (
	"strings"
	"testing"

	"coerceplayground/lesson"
)

func TestPasted(t *testing.T) {
	good := "table=" + lesson.EncodeShare(lesson.Table{Rows: []lesson.Row{{Input: "41", Want: "ok"}}})
	if st, load := Pasted(good); !load || len(st.Table.Rows) != 1 || st.Table.Rows[0].Input != "41" || st.Notice != "Loaded the table from the link." {
		t.Errorf("a good link: %+v, %v", st, load)
	}
	predict := "table=" + lesson.EncodeShare(lesson.Table{Mode: lesson.PredictMode, Rows: []lesson.Row{{Input: "41", Want: "ok"}}})
	if st, load := Pasted(predict); !load || st.Table.Rows[0].Want != "" || !strings.HasSuffix(st.Notice, PredictNotice) {
		t.Errorf("a predict link: %+v, %v", st, load)
	}
	st, load := Pasted("table=%%%")
	if load || !strings.Contains(st.Notice, "your current table was kept") || strings.Contains(st.Notice, "lesson") {
		t.Errorf("a bad link: %+v, %v", st, load)
	}
	if st, load := Pasted("theme=dark"); load || st.Notice != "" {
		t.Errorf("a fragment without a table: %+v, %v", st, load)
	}
}
