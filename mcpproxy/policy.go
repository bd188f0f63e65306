package mcpproxy

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strconv"

	"coerceplayground/coerce"

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

// ReadPolicy reads a policy file's text. It is strict: broken JSON, duplicate names, a member
// it does not know (at the top or in a tool's entry) and a value of the wrong kind are errors,
// each said in one sentence naming the tool and the member. Whether an x-coerce object fits its
// tool (a records field among its properties) is known only once the upstream lists the tool.
func ReadPolicy(data []byte) (Policy, error) {
	if len(data) > maxPolicyBytes {
		return Policy{}, errors.New("the policy is " + strconv.Itoa(len(data)) + " bytes, over the limit of " + strconv.Itoa(maxPolicyBytes))
	}
	// jsontext refuses what encoding/json lets through: duplicate names, invalid UTF-8.
	if !jsontext.Value(data).IsValid() {
		return Policy{}, errors.New("the policy is not one strict JSON object: broken JSON, a duplicate name or invalid UTF-8")
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(data, &top) != nil || top == nil {
		return Policy{}, errors.New("the policy cannot be read: it is one JSON object whose members are tools and passThrough")
	}
	var p Policy
	for k, v := range top {
		var err error
		switch k {
		case "tools":
			p.Tools, err = readPolicyTools(v)
		case "passThrough":
			if json.Unmarshal(v, &p.PassThrough) != nil {
				err = errors.New("the policy's passThrough cannot be read: it is an array of tool names")
			}
		default:
			err = errors.New("the policy has no member " + quoteName(k) + "; its members are tools and passThrough")
		}
		if err != nil {
			return Policy{}, err
		}
	}
	return p, nil
}

// readPolicyTools reads the policy's tools: each entry an x-coerce object whose members are
// known and of the right kind, so a mistake in one stops the proxy rather than leaving the tool
// unchecked.
func readPolicyTools(v json.RawMessage) (map[string]json.RawMessage, error) {
	var tools map[string]json.RawMessage
	if json.Unmarshal(v, &tools) != nil || tools == nil {
		return nil, errors.New("the policy's tools cannot be read: it is an object of tool names and their x-coerce objects")
	}
	for name, x := range tools {
		at := "the policy's tools." + quoteName(name)
		var members map[string]json.RawMessage
		if json.Unmarshal(x, &members) != nil || members == nil {
			return nil, errors.New(at + " is not an x-coerce object")
		}
		for k, m := range members {
			first, word, ok := xCoerceKind(k)
			switch {
			case !ok:
				return nil, errors.New(at + " has no member " + quoteName(k) + "; its members are records, boolStrings and permission")
			case len(m) == 0 || m[0] != first:
				return nil, errors.New(at + "." + k + " is not " + word)
			}
		}
	}
	return tools, nil
}

// xCoerceKind is the JSON kind a member of a policy's x-coerce object takes (the first byte
// of its value, and a phrase for it); ok is false for a member x-coerce does not have.
func xCoerceKind(member string) (first byte, word string, ok bool) {
	switch member {
	case "records":
		return '{', `an object of fields and their ids: {"job_id": [17, 42]}`, true
	case "boolStrings":
		return '[', "an array of field names", true
	case "permission":
		return '"', "a string naming the permission", true
	}
	return 0, "", false
}

// quoteName quotes a name from the policy for a sentence, cut to 64 bytes.
func quoteName(s string) string { return strconv.Quote(coerce.Cut(s, 64)) }

// unmatched returns the tool names the policy gives (tools and passThrough) that routes has
// not, sorted: a misspelt name leaves the real tool without the policy.
func (p Policy) unmatched(routes map[string]route) []string {
	var out []string
	for _, n := range append(slices.Collect(maps.Keys(p.Tools)), p.PassThrough...) {
		if _, ok := routes[n]; !ok && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

func (p Policy) passes(tool string) bool { return slices.Contains(p.PassThrough, tool) }
