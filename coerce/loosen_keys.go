package coerce

// The loosened readings of a call's keys: an unknown argument dropped, a name matched without
// regard to case, a repeated argument let through, a missing one read as 0 (loosen.go).

// looseKey reports whether an unknown argument name is dropped (LooseDropUnknown) or matches a
// field case-insensitively (LooseFoldKeys, returning its index), and traces what it did.
func (r *argReader) looseKey(key []byte) (i int, dropped bool) {
	switch r.d.rules.Loose {
	case LooseNone:
		if r.tr != nil {
			r.tr.reach = r.tr.reach.with(LooseDropUnknown)
			if r.foldMatch(key) >= 0 {
				r.tr.reach = r.tr.reach.with(LooseFoldKeys)
			}
		}
	case LooseDropUnknown:
		if r.tr != nil {
			r.tr.loosened(stepKeys, fieldLabel(string(key)), "an unknown argument dropped without a word", "", "")
		}
		return -1, true
	case LooseFoldKeys:
		if j := r.foldMatch(key); j >= 0 {
			if r.tr != nil {
				name := r.t.Schema.Fields[j].Name
				r.tr.loosened(stepKeys, name, "an argument name matched without regard to case", traceString(name, key), traceString(name, []byte(name)))
			}
			return j, false
		}
	}
	return -1, false
}

// foldMatch is the index of the field whose name equals key without regard to ASCII case, or -1.
func (r *argReader) foldMatch(key []byte) int {
	for j := range r.t.Schema.Fields {
		if name := r.t.Schema.Fields[j].Name; len(name) == len(key) && foldEqual(name, key) {
			return j
		}
	}
	return -1
}

func foldEqual(a string, b []byte) bool {
	for i := range len(a) {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// looseRepeat is called for a key seen before (only a LooseLastDuplicate dispatcher's decoder
// lets one through): the last value wins, so an error of the earlier one is forgotten.
func (r *argReader) looseRepeat(i int) {
	f := &r.t.Schema.Fields[i]
	if r.first != nil && r.first.Field == f.Name {
		r.first = nil
	}
	r.vals[i].set = false
	if r.tr != nil {
		r.tr.loosened(stepParse, f.Name, "a repeated argument let through, its last value replacing the first", gotJSON(f.Name, r.raws[i]), "")
	}
}

// looseMissing reads a missing Integer argument as 0 (LooseMissingAsZero); ok says it did.
func (r *argReader) looseMissing(i int) bool {
	f := &r.t.Schema.Fields[i]
	if f.Kind != Integer {
		return false
	}
	if r.d.rules.Loose == LooseNone && r.tr != nil {
		r.tr.reach = r.tr.reach.with(LooseMissingAsZero)
	}
	if r.d.rules.Loose != LooseMissingAsZero {
		return false
	}
	r.vals[i].num, r.vals[i].set = 0, true
	if r.tr != nil {
		r.tr.loosened(stepKeys, f.Name, "a missing argument read as 0", "", "0")
	}
	return true
}
