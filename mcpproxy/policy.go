package mcpproxy

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"
)

// Policy is what the operator adds to the upstream's own tool definitions, read from the
// -policy file:
//
//	{"tools": {"<tool>": {<x-coerce>}}, "passThrough": ["<tool>", …]}
//
// Each tools member is the x-coerce object of coerce/tooldef (records, boolStrings,
// permission), added to that tool's definition as it is listed. A tool named in passThrough is
// forwarded untouched, its arguments unchecked.
type Policy struct {
	Tools       map[string]json.RawMessage `json:"tools"`
	PassThrough []string                   `json:"passThrough"`
}

// maxPolicyBytes bounds a policy file: records for thousands of ids fit.
const maxPolicyBytes = 1 << 20

// ReadPolicy reads a policy file's text. It is strict: broken JSON, duplicate names, unknown
// members and a tools value that is not an object are errors, said in a sentence; whether an
// x-coerce object fits its tool is known only once the upstream lists the tool.
func ReadPolicy(data []byte) (Policy, error) {
	var p Policy
	if len(data) > maxPolicyBytes {
		return p, errors.New("the policy is " + strconv.Itoa(len(data)) + " bytes, over the limit of " + strconv.Itoa(maxPolicyBytes))
	}
	// jsontext refuses what encoding/json lets through: duplicate names, invalid UTF-8.
	if !jsontext.Value(data).IsValid() {
		return p, errors.New("the policy is not one strict JSON object: broken JSON, a duplicate name or invalid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return Policy{}, errors.New("the policy cannot be read (its members are tools and passThrough): " + err.Error())
	}
	for name, x := range p.Tools {
		if len(x) == 0 || x[0] != '{' {
			return Policy{}, errors.New("the policy's tools." + strconv.Quote(name) + " is not an x-coerce object")
		}
	}
	return p, nil
}

func (p Policy) passes(tool string) bool {
	for _, n := range p.PassThrough {
		if n == tool {
			return true
		}
	}
	return false
}
