package lesson

// Fields are the names of tool's arguments in the order its schema declares them (nil for a
// tool the Lab does not have): what a question about the tool writes as its signature,
// get_job(job_id).
func (l *Lab) Fields(tool string) []string {
	d, _ := l.dispatcherFor(tool)
	for _, t := range d.Tools() {
		if t.Name != tool {
			continue
		}
		out := make([]string, len(t.Schema.Fields))
		for i, f := range t.Schema.Fields {
			out[i] = f.Name
		}
		return out
	}
	return nil
}

// Fields are the argument names of the tool t's rows call, its own tool's (Table.ToolDef) when
// it declares one, for callers without a Lab: the embed's height counts the question that
// names them.
func (t Table) Fields() []string {
	l := NewLab(LabConfig{})
	if l.Declare(t.ToolDef) != nil {
		return nil
	}
	return l.Fields(t.ToolName())
}
