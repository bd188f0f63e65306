package coerce

import "strconv"

// Value is a JSON value in a handler's result. It is built with [String], [Int], [Bool], [Object]
// and [List] rather than by reflection, so a result's key order is the order the handler wrote.
type Value struct {
	kind byte  // 's', 'i', 'b', 'o', 'l', or 'j' for JSON text the package coerced itself
	num  int64 // an Int, or a Bool as 0 or 1
	str  string
	// kids are an Object's members, or a List's elements with empty keys: one slice for both
	// keeps a Value at 56 bytes, which is most of what an ok call allocates.
	kids []Member
}

// Member is one key of a result object.
type Member struct {
	Key   string
	Value Value
}

// Result is the body of an ok observation, after "ok": true. Its keys must be unique in every
// object and, at the top, must not be the observation's own members (ok, error, field, hint, got,
// retry_after, required_permission, correlation_id); it may nest 64 levels deep and must fit the
// tool's cap. Any other result is the tool's bug, answered as internal_error.
type Result []Member

func String(s string) Value          { return Value{kind: 's', str: s} }
func Int(n int64) Value              { return Value{kind: 'i', num: n} }
func Object(members ...Member) Value { return Value{kind: 'o', kids: members} }

func Bool(b bool) Value {
	v := Value{kind: 'b'}
	if b {
		v.num = 1
	}
	return v
}

func List(values ...Value) Value {
	kids := make([]Member, len(values))
	for i, v := range values {
		kids[i].Value = v
	}
	return Value{kind: 'l', kids: kids}
}

// M is shorthand for a Member.
func M(key string, v Value) Member { return Member{Key: key, Value: v} }

// AppendJSON appends v as compact JSON: for a runtime that passes a value on, such as the
// coerced arguments [Args.Value] returns. A value no observation could hold (a key repeated in
// one object, more than 64 levels) is written only up to it; coerced arguments never are one.
func (v Value) AppendJSON(dst []byte) []byte {
	w := resultWriter{dst: dst, limit: int(^uint(0) >> 1)}
	w.value(&v, 0)
	return w.dst
}

// What can make a handler's result something other than one ok observation within the cap: the
// tool's bug, answered as internal_error.
const (
	faultOverCap   = "the handler's result is over the tool's cap"
	faultReserved  = "the handler's result has a key the observation reserves for its own members (ok, error, field, hint, got, retry_after, required_permission, correlation_id)"
	faultRepeated  = "the handler's result repeats a key in one object"
	faultTooDeep   = "the handler's result nests more than 64 levels deep"
	maxResultDepth = 64
)

// resultWriter writes a handler's result, refusing what would not be one well-formed object with
// unique keys within limit bytes. It stops at the first problem, before copying a string that
// cannot fit, so its work is bounded by the limit (and linear in it), not by the result's size:
// a 10 MB key, a million members or a cycle built through Object's slice cost no more than a
// result at the cap.
type resultWriter struct {
	dst   []byte
	limit int
	fault string
}

// room reports whether n more bytes fit, noting the fault when they do not.
func (w *resultWriter) room(n int) bool {
	if len(w.dst)+n > w.limit {
		if w.fault == "" {
			w.fault = faultOverCap
		}
		return false
	}
	return true
}

// members writes an object's members after its opening brace (top: after {"ok":true, with the
// reserved keys refused).
func (w *resultWriter) members(kids []Member, depth int, top bool) bool {
	var seen map[string]struct{} // built once an object passes 8 keys; below that a scan is cheaper
	for i := range kids {
		k := kids[i].Key
		if top && isReserved(k) {
			w.fault = faultReserved
			return false
		}
		if repeated(kids, i, &seen) {
			w.fault = faultRepeated
			return false
		}
		if top || i > 0 {
			w.dst = append(w.dst, ',')
		}
		if !w.room(len(k) + 3) {
			return false
		}
		w.dst = append(appendQuoted(w.dst, k), ':')
		if !w.value(&kids[i].Value, depth) {
			return false
		}
	}
	return true
}

// isReserved reports whether k is one of the observation's own members: a result key may not be
// one, so that an ok observation never holds "ok" twice, or an "error" a loop would branch on.
func isReserved(k string) bool {
	reserved := [...]string{"ok", "error", "field", "hint", "got", "retry_after", "required_permission", "correlation_id"}
	for _, r := range reserved {
		if k == r {
			return true
		}
	}
	return false
}

// repeated reports whether kids[i]'s key is among the keys before it; past 8 keys it keeps them
// in *seen, sized for the whole object up to 1024 keys, so a wide object is checked in linear
// time without growing the set again and again.
func repeated(kids []Member, i int, seen *map[string]struct{}) bool {
	k := kids[i].Key
	if i < 8 {
		for j := 0; j < i; j++ {
			if kids[j].Key == k {
				return true
			}
		}
		return false
	}
	if *seen == nil {
		*seen = make(map[string]struct{}, min(len(kids), 1024))
		for j := 0; j < i; j++ {
			(*seen)[kids[j].Key] = struct{}{}
		}
	}
	if _, ok := (*seen)[k]; ok {
		return true
	}
	(*seen)[k] = struct{}{}
	return false
}

func (w *resultWriter) value(v *Value, depth int) bool {
	if depth >= maxResultDepth {
		w.fault = faultTooDeep
		return false
	}
	switch v.kind {
	case 'j':
		if !w.room(len(v.str)) {
			return false
		}
		w.dst = append(w.dst, v.str...)
	case 's':
		if !w.room(len(v.str) + 2) {
			return false
		}
		w.dst = appendQuoted(w.dst, v.str)
	case 'i':
		w.dst = strconv.AppendInt(w.dst, v.num, 10)
	case 'b':
		w.dst = strconv.AppendBool(w.dst, v.num != 0)
	case 'o':
		w.dst = append(w.dst, '{')
		if !w.members(v.kids, depth+1, false) {
			return false
		}
		w.dst = append(w.dst, '}')
	case 'l':
		w.dst = append(w.dst, '[')
		for i := range v.kids {
			if i > 0 {
				w.dst = append(w.dst, ',')
			}
			if !w.value(&v.kids[i].Value, depth+1) {
				return false
			}
		}
		w.dst = append(w.dst, ']')
	default:
		w.dst = append(w.dst, "null"...)
	}
	return w.room(0)
}
