package page

// ClassroomClock is lesson.ClassroomNow as the vendor-responses panel shows it: the moment a
// Retry-After date is read against. It is written out here so the page does not link time's
// formatting code; a test keeps it equal to the lesson's clock.
const ClassroomClock = "Mon, 02 Mar 2026 09:00 UTC"
