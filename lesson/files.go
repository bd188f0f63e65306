package lesson

import _ "embed"

// The tool's JSON Schema and error catalog sit beside it as files so the page can show them and a
// reviewer can read them without Go; tests check they match what the code renders.
var (
	//go:embed get_job.schema.json
	getJobSchema []byte
	//go:embed get_job.catalog.json
	getJobCatalog []byte
	//go:embed classroom.table
	classroomTable string
)

// SchemaJSON returns get_job's JSON Schema: what the model is shown.
func SchemaJSON() []byte { return append([]byte(nil), getJobSchema...) }

// CatalogJSON returns get_job's error catalog.
func CatalogJSON() []byte { return append([]byte(nil), getJobCatalog...) }
