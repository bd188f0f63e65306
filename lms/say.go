package lms

import "strconv"

// What the launch page's status line (id="lms-status") says.
const (
	// NotConnected is said once when no LMS API was found within the page's patience.
	NotConnected = "Not connected to a course site: nothing is recorded."
	// Connected is said when the API was found and initialized.
	Connected = "Connected to the course site: each Run records your predictions and score."
)

// Recorded is said after a run was recorded and committed.
func Recorded(sc Score) string {
	return "Recorded in the course site: " + strconv.Itoa(sc.Percent()) + " % (" + strconv.Itoa(sc.Right) + " of " +
		strconv.Itoa(sc.Rows) + " right)."
}

// Restored is said when a second launch brought back the predictions of the last one.
func Restored(sc Score) string {
	if sc.Shown == 0 {
		return "Your predictions from last time are back. " + Connected
	}
	return "Your predictions from last time are back; your last recorded score is " + strconv.Itoa(sc.Percent()) + " % (" +
		strconv.Itoa(sc.Right) + " of " + strconv.Itoa(sc.Rows) + " right)."
}

// Refused is said when the LMS answered "false": what was asked (a SetValue's element and
// value, or a call such as Commit), its error code and the LMS's text for it. The page goes on
// working; the next Run tries again.
func Refused(what, code, text string) string {
	s := "The course site refused " + what + ": error " + code
	if text != "" {
		s += " (" + text + ")"
	}
	return s + ". The page still works; the next Run tries again."
}
