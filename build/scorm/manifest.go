package scorm

import (
	"strings"

	"coerceplayground/lms"
)

// Manifest is imsmanifest.xml for a package of files whose table id is id: SCORM 1.2 (the IMS
// CP 1.1.2 and ADL CP 1.2 namespaces, adlcp:scormtype) or 2004 4th Edition (IMS CP 1.1.4, ADL
// CP 1.3, adlcp:scormType). Identifiers are xs:ID, so they start with a letter.
func Manifest(v lms.Version, id, title string, files []string) []byte {
	ns, adlcp, version, typeAttr := "http://www.imsproject.org/xsd/imscp_rootv1p1p2",
		"http://www.adlnet.org/xsd/adlcp_rootv1p2", "1.2", "adlcp:scormtype"
	if v == lms.SCORM2004 {
		ns, adlcp, version, typeAttr = "http://www.imsglobal.org/xsd/imscp_v1p1",
			"http://www.adlnet.org/xsd/adlcp_v1p3", "2004 4th Edition", "adlcp:scormType"
	}
	t := escape(title)
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<manifest identifier="coerce_` + id + `" version="1" xmlns="` + ns + `" xmlns:adlcp="` + adlcp + `">` + "\n")
	b.WriteString("  <metadata><schema>ADL SCORM</schema><schemaversion>" + version + "</schemaversion></metadata>\n")
	b.WriteString(`  <organizations default="org"><organization identifier="org"><title>` + t + "</title>\n")
	b.WriteString(`    <item identifier="item" identifierref="sco"><title>` + t + "</title></item>\n")
	b.WriteString("  </organization></organizations>\n")
	b.WriteString(`  <resources><resource identifier="sco" type="webcontent" ` + typeAttr + `="sco" href="index.html">` + "\n")
	for _, f := range files {
		b.WriteString(`    <file href="` + escape(f) + `"/>` + "\n")
	}
	b.WriteString("  </resource></resources>\n</manifest>\n")
	return []byte(b.String())
}

// escape writes s as XML (and HTML) text or attribute value.
func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(s)
}
