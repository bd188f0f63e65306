package coerce

import "strconv"

// Value is a JSON value in a handler's result. It is built with [String], [Int], [Bool], [Object]
// and [List] rather than by reflection, so a result's key order is the order the handler wrote.
type Value struct {
	kind byte  // 's', 'i', 'b', 'o', 'l'
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

// Result is the body of an ok observation, after "ok": true.
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

func (v *Value) appendJSON(dst []byte) []byte {
	switch v.kind {
	case 's':
		return appendQuoted(dst, v.str)
	case 'i':
		return strconv.AppendInt(dst, v.num, 10)
	case 'b':
		return strconv.AppendBool(dst, v.num != 0)
	case 'o':
		dst = append(dst, '{')
		for i := range v.kids {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendQuoted(dst, v.kids[i].Key)
			dst = append(dst, ':')
			dst = v.kids[i].Value.appendJSON(dst)
		}
		return append(dst, '}')
	case 'l':
		dst = append(dst, '[')
		for i := range v.kids {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = v.kids[i].Value.appendJSON(dst)
		}
		return append(dst, ']')
	}
	return append(dst, "null"...)
}
