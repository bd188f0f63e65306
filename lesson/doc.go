// Package lesson is the classroom, with nothing about how a page shows it:
//
//   - tools: get_job, get_user and refund, each declared once as a ToolSpec in its own file
//     (get_job.go, …) with its JSON Schema and error catalog beside it as files; specs lists
//     them, and names, permissions and the Lab's dispatcher derive from that list;
//   - fixtures: the jobs (17 and 42 exist and have failed) and users the tools answer from;
//   - formats: the plain-text table instructors edit and commit, share links, loop scripts and
//     vendor-response rows, each with its parser;
//   - notes: the lesson's cards, whose Try it claims the tests run.
//
// A table row's input is raw text as the lesson writes it: JSON, plus the bare Python spellings
// True, False and None. A bare value is the tool's first argument (job_id); an object is the whole
// argument object, so {"job_id": 17, "x": 1} tests an extra key. Bare text that is not JSON (0017,
// four thousand) is the first argument's string value, as a model that quoted it would send it
// (ReadInput).
package lesson
