package page

import (
	"testing"

	"coerceplayground/lesson"
)

func TestClassroomClockIsTheLessonsClock(t *testing.T) {
	if got := lesson.ClassroomNow().Format("Mon, 02 Jan 2006 15:04 MST"); got != ClassroomClock {
		t.Errorf("ClassroomClock is %q, the lesson's clock says %q", ClassroomClock, got)
	}
}
