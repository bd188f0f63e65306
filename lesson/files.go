package lesson

import (
	"embed"
)

// Each tool's JSON Schema and error catalog sit beside it as files (get_job.schema.json,
// get_job.catalog.json, …) so the page can show them and a reviewer can read them without Go;
// tests check they match what the code renders.
var (
	//go:embed *.schema.json *.catalog.json
	toolFiles embed.FS
	//go:embed classroom.table
	classroomTable string
)

func toolFile(name string) []byte {
	b, err := toolFiles.ReadFile(name)
	if err != nil {
		return nil
	}
	return b
}

// SchemaJSON returns get_job's JSON Schema: what the model is shown.
func SchemaJSON() []byte { return SchemaJSONFor("get_job") }

// CatalogJSON returns get_job's error catalog.
func CatalogJSON() []byte { return CatalogJSONFor("get_job") }

// SchemaJSONFor returns a classroom tool's JSON Schema, or nil for an unknown tool.
func SchemaJSONFor(tool string) []byte { return toolFile(tool + ".schema.json") }

// CatalogJSONFor returns a classroom tool's error catalog, or nil for an unknown tool.
func CatalogJSONFor(tool string) []byte { return toolFile(tool + ".catalog.json") }
