package main

import (
	"context"
	"strings"
	"testing"

	"coerceplayground/coerce/mcpwire"
)

const orderDef = "../../coerce/tooldef/testdata/get_order.json"

// TestDeclaredTool: -tool serves the declared tool over MCP: tools/list shows it, an ok call
// answers the coerced arguments, a call without the permission is denied, and a record that is
// not there is not_found.
func TestDeclaredTool(t *testing.T) {
	for _, c := range []struct {
		grant      []string
		args, code string
		obs        string
	}{
		{[]string{"orders.read"}, `{"order_id":" ord_3f9a2b1c ","include_items":"true"}`, "ok", `{"ok":true,"arguments":{"order_id":"ord_3f9a2b1c","include_items":true}}`},
		{nil, `{"order_id":"ord_3f9a2b1c"}`, "denied", `"required_permission":"orders.read"`},
		{[]string{"orders.read"}, `{"order_id":"ord_00000000"}`, "not_found", `order ids look like ord_3f9a2b1c and ord_77aa01de`},
		{nil, `{"order_id":17}`, "invalid_args", `"field":"order_id"`},
	} {
		d, err := declaredDispatcher([]string{orderDef}, c.grant, func(...any) {})
		if err != nil {
			t.Fatal(err)
		}
		cs := inMemory(t, config{Declared: d, NewID: fixedID})
		list, err := cs.ListTools(context.Background(), nil)
		if err != nil || len(list.Tools) != 1 || list.Tools[0].Name != "get_order" {
			t.Fatalf("tools/list: %v %+v", err, list)
		}
		res, obs := callTool(t, cs, "get_order", []byte(c.args))
		if res.Meta[mcpwire.MetaCode] != c.code || !strings.Contains(obs, c.obs) {
			t.Errorf("%s: code %v, observation %s; want %s with %s", c.args, res.Meta[mcpwire.MetaCode], obs, c.code, c.obs)
		}
	}
}

// TestDeclaredToolErrors: a file that cannot be read is refused in a sentence; a tool of a
// tools/list result that cannot be read is left out and logged, the others served.
func TestDeclaredToolErrors(t *testing.T) {
	if _, err := declaredDispatcher([]string{"testdata/none.json"}, nil, func(...any) {}); err == nil || err.Error() != "testdata/none.json cannot be read" {
		t.Errorf("missing file: %v", err)
	}
	_, err := declaredDispatcher([]string{"../../coerce/tooldef/testdata/servers/fetch.json"}, nil, func(...any) {})
	if err == nil || !strings.Contains(err.Error(), "line 11, at /tools/0/inputSchema/properties/url/format: format is not supported") {
		t.Errorf("refused tool: %v", err)
	}
	var logged []string
	d, err := declaredDispatcher([]string{"../../coerce/tooldef/testdata/servers/server-everything-2026.8.31.json"}, nil, func(a ...any) { logged = append(logged, a[0].(string)) })
	if err != nil || len(d.Tools()) != 12 || len(logged) != 1 || !strings.Contains(logged[0], "the tool gzip-file-as-resource is left out") {
		t.Errorf("server-everything: %v, %d tools, logged %q", err, len(d.Tools()), logged)
	}
}
