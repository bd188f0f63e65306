package lesson

import _ "embed"

// Each tool's JSON Schema and error catalog sit beside it as files (get_job.schema.json,
// get_job.catalog.json, …) so the page can show them and a reviewer can read them without Go;
// tests check they match what the code renders. Each is embedded as a string: embed.FS would
// link io/fs into the page for nothing.
var (
	//go:embed get_job.schema.json
	getJobSchema string
	//go:embed get_job.catalog.json
	getJobCatalog string
	//go:embed get_user.schema.json
	getUserSchema string
	//go:embed get_user.catalog.json
	getUserCatalog string
	//go:embed refund.schema.json
	refundSchema string
	//go:embed refund.catalog.json
	refundCatalog string
	//go:embed classroom.table
	classroomTable string
)

func toolFile(name string) []byte {
	var s string
	switch name {
	case "get_job.schema.json":
		s = getJobSchema
	case "get_job.catalog.json":
		s = getJobCatalog
	case "get_user.schema.json":
		s = getUserSchema
	case "get_user.catalog.json":
		s = getUserCatalog
	case "refund.schema.json":
		s = refundSchema
	case "refund.catalog.json":
		s = refundCatalog
	default:
		return nil
	}
	return []byte(s)
}

// SchemaJSON returns get_job's JSON Schema: what the model is shown.
func SchemaJSON() []byte { return SchemaJSONFor("get_job") }

// CatalogJSON returns get_job's error catalog.
func CatalogJSON() []byte { return CatalogJSONFor("get_job") }

// SchemaJSONFor returns a classroom tool's JSON Schema, or nil for an unknown tool.
func SchemaJSONFor(tool string) []byte { return toolFile(tool + ".schema.json") }

// CatalogJSONFor returns a classroom tool's error catalog, or nil for an unknown tool.
func CatalogJSONFor(tool string) []byte { return toolFile(tool + ".catalog.json") }
