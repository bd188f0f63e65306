package coerce

// Names the tests reach that are not part of the API.
var (
	IsSecretField       = isSecretField
	LooksLikeCredential = looksLikeCredential
)

const (
	Redacted    = redacted
	CutMark     = cutMark
	MaxGotBytes = maxGotBytes
)

// Known reports whether code is "ok" or in the catalog, as the tests check outcomes.
func Known(code Code) bool {
	_, ok := Lookup(code)
	return code == OK || ok
}
