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

// ResultOf is an Object's members as a Result: how a test turns a parsed object into what a
// handler returns.
func ResultOf(v Value) Result { return Result(v.kids) }
