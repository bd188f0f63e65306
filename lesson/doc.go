// Package lesson is the classroom: the get_job tool over a fixture where jobs 17 and 42 exist and
// have failed, its JSON Schema and error catalog (files beside this one, embedded), the classroom
// table of raw inputs and the codes they must give, and the plain-text table format instructors
// edit and commit.
//
// A table row's input is raw text as the lesson writes it: JSON, plus the bare Python spellings
// True, False and None. A bare value is the tool's first argument (job_id); an object is the whole
// argument object, so {"job_id": 17, "x": 1} tests an extra key.
package lesson
