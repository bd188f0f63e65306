package page

// Keeping the table in the browser. A browser may refuse storage outright
// (site data blocked, a course page on another site framing the playground,
// some private modes) or run out of room (quota). Neither is an error of the
// page: the table lives in State for the whole session whatever the browser
// does with the saved copy, so the page says so once, quietly, and keeps
// working. A full store is told and tried again on the next change, never
// given up on.

// StoreResult is what the browser did with a read or write of the saved table.
type StoreResult int

const (
	// Stored: the browser read or kept the table.
	Stored StoreResult = iota
	// Refused: the browser will not keep anything for this page (no
	// localStorage, or reading it throws a SecurityError).
	Refused
	// Full: the write threw a QuotaExceededError.
	Full
)

// StoreResultOf classifies the name of the exception a storage access threw.
func StoreResultOf(errName string) StoreResult {
	switch errName {
	case "QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED":
		return Full
	}
	return Refused
}

// The lines the page shows about keeping the table (one at a time).
const (
	StorageRefused = "This browser does not keep the table for this page, so it lasts until you close the page. Copy link or Export keeps it."
	StorageFull    = "This browser's storage is full, so your last change is not saved in it. Nothing on the page is lost; the page tries again on your next change, and Export keeps a copy."
	StorageAgain   = "The table is saved in this browser again."
)

// StorageStatus decides the storage line (id="storage-status"): what the page says about
// keeping the table. The zero value is ready before the first read.
type StorageStatus struct {
	refused bool // told that the browser refuses storage
	full    bool // the last write failed for lack of room
}

// Loaded takes the result of reading the saved table at start-up and returns
// the line to show, or "" for none.
func (k *StorageStatus) Loaded(r StoreResult) string {
	if r == Refused {
		k.refused = true
		return StorageRefused
	}
	return ""
}

// Saved takes the result of a write after a change. It returns the line to
// show and whether the line changed: a refusal is told once for the session,
// a full store on each failure until a write succeeds, then the recovery.
func (k *StorageStatus) Saved(r StoreResult) (line string, changed bool) {
	switch r {
	case Full:
		k.full = true
		return StorageFull, true
	case Refused:
		if k.refused {
			return "", false
		}
		k.refused = true
		return StorageRefused, true
	}
	if k.full {
		k.full = false
		return StorageAgain, true
	}
	return "", false
}
