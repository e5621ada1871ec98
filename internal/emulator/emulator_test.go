package emulator_test

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

var oid = regexp.MustCompile(`^[0-9a-f]{24}$`)

func TestAuth(t *testing.T) {
	c := start(t)
	cases := []struct {
		name    string
		headers []string
		status  int
		message string
	}{
		{"ok", nil, 200, ""},
		{"missing token", []string{"Authorization", ""}, 401, "missing Authorization"},
		{"wrong token", []string{"Authorization", "Bearer nope"}, 401, "invalid or expired"},
		{"not bearer", []string{"Authorization", "Token token=emulator-token"}, 401, "invalid or expired"},
		{"missing org", []string{"X-org", ""}, 401, "missing X-org"},
		{"wrong org", []string{"X-org", "other"}, 403, `organization "other"`},
		{"missing user agent", []string{"User-Agent", ""}, 403, "User-Agent"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := c.do("GET", "/api/v2/me", nil, tc.headers...)
			if r.status != tc.status {
				t.Fatalf("status %d, want %d", r.status, tc.status)
			}
			if tc.status != 200 {
				if !strings.Contains(errMessage(r), tc.message) || r.body["status"] != float64(tc.status) || r.body["code"] == nil {
					t.Fatalf("error body %s does not name %q", r.raw, tc.message)
				}
			}
		})
	}
	t.Run("org optional", func(t *testing.T) {
		c := start(t, emulator.WithOrgOptional())
		c.must(200, c.do("GET", "/api/v2/me", nil, "X-org", ""))
	})
}

func TestMe(t *testing.T) {
	c := start(t, emulator.WithOrg("acme"))
	r := c.must(200, c.do("GET", "/api/v2/me", nil))
	if r.body["org"].(map[string]any)["label"] != "acme" || r.body["user"].(map[string]any)["email"] != "architect@example.com" {
		t.Fatalf("me: %s", r.raw)
	}
}

func TestComponentCRUD(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 6e6, time.UTC)
	c := start(t, emulator.WithClock(func() time.Time { return now }))
	created := c.app("Payments", "description", "Takes money", "customFields", map[string]any{"cost": 12})
	id := created["_id"].(string)
	if !oid.MatchString(id) || created["_version"] != float64(1) || created["componentKey"] != "APP-1" || created["type"] != "Application" {
		t.Fatalf("created: %v", created)
	}
	for _, k := range []string{"parent", "color", "shape", "icon", "image"} {
		if v, ok := created[k]; !ok || v != nil {
			t.Fatalf("%s should be present as null, got %v (present %v)", k, v, ok)
		}
	}
	meta := created["_meta"].(map[string]any)
	if len(meta) != 8 || meta["created"] != "2026-01-02T03:04:05.006Z" {
		t.Fatalf("_meta: %v", meta)
	}
	got := c.must(200, c.do("GET", "/api/v2/components/"+id, nil)).body
	if got["name"] != "Payments" || got["customFields"].(map[string]any)["cost"] != float64(12) {
		t.Fatalf("get: %v", got)
	}
	second := c.app("Billing")
	if second["componentKey"] != "APP-2" {
		t.Fatalf("componentKey %v", second["componentKey"])
	}
	upd := c.must(200, c.do("PATCH", "/api/v2/components/"+id+"?ifVersionMatch=1", map[string]any{"name": "Payments API", "description": nil, "customFields": map[string]any{"owner": "team-a"}})).body
	if upd["_version"] != float64(2) || upd["name"] != "Payments API" || upd["description"] != nil {
		t.Fatalf("update: %v", upd)
	}
	if cf := upd["customFields"].(map[string]any); cf["cost"] != float64(12) || cf["owner"] != "team-a" {
		t.Fatalf("customFields must merge per key: %v", cf)
	}
	upd = c.must(200, c.do("PATCH", "/api/v2/components/"+id+"?ifVersionMatch=latest", map[string]any{"customFields": map[string]any{"cost": nil}})).body
	if _, ok := upd["customFields"].(map[string]any)["cost"]; ok || upd["_version"] != float64(3) {
		t.Fatalf("null must clear a key and latest must apply: %v", upd)
	}
	c.must(204, c.do("DELETE", "/api/v2/components/"+id, nil))
	c.must(404, c.do("GET", "/api/v2/components/"+id, nil))
	c.must(404, c.do("DELETE", "/api/v2/components/"+id, nil))
}

func TestVersions(t *testing.T) {
	c := start(t)
	id := c.app("A")["_id"].(string)
	ref := c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": id, "target": c.app("T")["_id"], "type": 1})).body["_id"].(string)
	const missing = "ifVersionMatch is a required query parameter: add ?ifVersionMatch=<_version> (or latest) to the URL"
	const inBody = "ifVersionMatch is a query parameter, not a field of the body: remove it from the body and add ?ifVersionMatch=<_version> (or latest) to the URL"
	cases := []struct {
		query  string
		body   map[string]any
		status int
		msg    string
	}{
		{"", map[string]any{"name": "B"}, 400, missing},
		{"?ifVersionMatch=", map[string]any{"name": "B"}, 400, missing},
		{"", map[string]any{"name": "B", "ifVersionMatch": "latest"}, 400, inBody},
		{"?ifVersionMatch=latest", map[string]any{"name": "B", "ifVersionMatch": "latest"}, 400, inBody},
		{"?ifVersionMatch=abc", map[string]any{"name": "B"}, 400, "positive integer or latest"},
		{"?ifVersionMatch=0", map[string]any{"name": "B"}, 400, "positive integer or latest"},
		{"?ifVersionMatch=7", map[string]any{"name": "B"}, 409, "stored _version is 1"},
	}
	for _, tc := range cases {
		r := c.do("PATCH", "/api/v2/components/"+id+tc.query, tc.body)
		if r.status != tc.status || !strings.Contains(errMessage(r), tc.msg) {
			t.Errorf("component %q %v: %d %s", tc.query, tc.body, r.status, r.raw)
		}
		if tc.msg == missing && !strings.Contains(string(r.raw), "?ifVersionMatch=<_version>") {
			t.Errorf("component %q: the hint is escaped: %s", tc.query, r.raw)
		}
		if r.status == 400 && (r.body["status"] != float64(400) || r.body["code"] == nil) {
			t.Errorf("component %q %v: not the API's error shape: %s", tc.query, tc.body, r.raw)
		}
		if tc.status == 400 {
			rb := map[string]any{"description": "x"}
			if _, ok := tc.body["ifVersionMatch"]; ok {
				rb["ifVersionMatch"] = "latest"
			}
			if r := c.do("PATCH", "/api/v2/references/"+ref+tc.query, rb); r.status != 400 || !strings.Contains(errMessage(r), tc.msg) {
				t.Errorf("reference %q %v: %d %s", tc.query, rb, r.status, r.raw)
			}
		}
	}
	if got, _ := c.srv.Component(id); got.Name != "A" || got.Version != 1 {
		t.Fatalf("a refused update changed the component: %+v", got)
	}
	if err := c.srv.MutateComponent(id, func(x *emulator.Component) { x.Name = "app" }); err != nil {
		t.Fatal(err)
	}
	c.must(409, c.do("PATCH", "/api/v2/components/"+id+"?ifVersionMatch=1", map[string]any{"name": "B"}))
	c.must(200, c.do("PATCH", "/api/v2/components/"+id+"?ifVersionMatch=2", map[string]any{"name": "B"}))
}

func TestComponentValidation(t *testing.T) {
	c := start(t)
	parentInOtherWS := c.createComponent(map[string]any{"name": "S", "rootWorkspace": wsInfra, "typeId": tServer})["_id"]
	cf := func(k string, v any) map[string]any {
		return map[string]any{"name": "X", "rootWorkspace": wsApps, "typeId": tApp, "customFields": map[string]any{k: v}}
	}
	cases := []struct {
		name string
		body map[string]any
		msg  string
	}{
		{"missing name", map[string]any{"rootWorkspace": wsApps, "typeId": tApp}, "name is required"},
		{"empty name", map[string]any{"name": "", "rootWorkspace": wsApps, "typeId": tApp}, "name must not be empty"},
		{"missing workspace", map[string]any{"name": "X", "typeId": tApp}, "rootWorkspace is required"},
		{"missing type", map[string]any{"name": "X", "rootWorkspace": wsApps}, "typeId is required"},
		{"unknown workspace", map[string]any{"name": "X", "rootWorkspace": "000000000000000000000bad", "typeId": tApp}, "rootWorkspace: workspace"},
		{"type of other model", map[string]any{"name": "X", "rootWorkspace": wsApps, "typeId": tCap}, "typeId: component type"},
		{"unknown parent", map[string]any{"name": "X", "rootWorkspace": wsApps, "typeId": tApp, "parent": "000000000000000000000bad"}, "parent: component"},
		{"parent in other workspace", map[string]any{"name": "X", "rootWorkspace": wsApps, "typeId": tApp, "parent": parentInOtherWS}, "another workspace"},
		{"read-only body field", map[string]any{"name": "X", "rootWorkspace": wsApps, "typeId": tApp, "componentKey": "APP-9"}, `"componentKey"`},
		{"name not string", map[string]any{"name": 5, "rootWorkspace": wsApps, "typeId": tApp}, "name must be a string"},
		{"customFields not object", map[string]any{"name": "X", "rootWorkspace": wsApps, "typeId": tApp, "customFields": []any{}}, "customFields must be an object"},
		{"unknown field", cf("nope", "x"), "customFields.nope: unknown custom field"},
		{"field not on type", cf("hostname", "x"), `not allowed on type "Application"`},
		{"calculated", cf("risk_score", 3), "calculated"},
		{"read-only", cf("legacy_id", "L1"), "read-only"},
		{"Text", cf("owner", 1), "Text field needs a string"},
		{"TextArea", cf("notes", true), "TextArea field needs a string"},
		{"Number", cf("cost", "12"), "Number field needs a number"},
		{"Checkbox", cf("critical", "yes"), "Checkbox field needs a boolean"},
		{"DateTime", cf("go_live", "tomorrow"), "DateTime field"},
		{"Email", cf("contact", "not-an-email"), "Email field"},
		{"Url", cf("docs_url", "has space"), "Url field"},
		{"User", cf("steward", "bob"), "User field"},
		{"List", cf("lifecycle", "dead"), `List field needs one of ["plan", "build", "live", "retire"]`},
		{"SelectMultipleList element", cf("regions", []any{"eu", "mars"}), "SelectMultipleList field needs values among"},
		{"SelectMultipleList scalar", cf("regions", "eu"), "needs an array"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := c.do("POST", "/api/v2/components", tc.body)
			if r.status != 400 || !strings.Contains(errMessage(r), tc.msg) {
				t.Fatalf("got %d %s, want 400 with %q", r.status, r.raw, tc.msg)
			}
		})
	}
	t.Run("valid values of every type", func(t *testing.T) {
		c.app("All", "customFields", map[string]any{"owner": "a", "notes": "b\nc", "cost": 12.5, "critical": true,
			"go_live": "2026-01-01T00:00:00Z", "contact": "a@example.com", "docs_url": "ardoq.com", "steward": "5eed00000000000000000001",
			"lifecycle": "live", "regions": []any{"eu", "us"}, "external_id": "x"})
	})
	t.Run("not JSON", func(t *testing.T) {
		r := c.do("POST", "/api/v2/components", "not json")
		if r.status != 400 {
			t.Fatalf("%d", r.status)
		}
	})
	t.Run("update cannot move workspace", func(t *testing.T) {
		id := c.app("M")["_id"].(string)
		r := c.do("PATCH", "/api/v2/components/"+id+"?ifVersionMatch=1", map[string]any{"rootWorkspace": wsInfra})
		if r.status != 400 || !strings.Contains(errMessage(r), `"rootWorkspace"`) {
			t.Fatalf("%d %s", r.status, r.raw)
		}
	})
	t.Run("parent cycle", func(t *testing.T) {
		a := c.app("P")["_id"].(string)
		b := c.app("Q", "parent", a)["_id"].(string)
		r := c.do("PATCH", "/api/v2/components/"+a+"?ifVersionMatch=1", map[string]any{"parent": b})
		if r.status != 400 || !strings.Contains(errMessage(r), "descendants") {
			t.Fatalf("%d %s", r.status, r.raw)
		}
	})
}

func TestReferences(t *testing.T) {
	c := start(t)
	a := c.app("A")["_id"].(string)
	b := c.app("B")["_id"].(string)
	s := c.createComponent(map[string]any{"name": "S", "rootWorkspace": wsInfra, "typeId": tServer})["_id"].(string)
	capID := "5eed0000000000000000c001"
	ref := c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": a, "target": s, "type": 2})).body
	if ref["rootWorkspace"] != wsApps || ref["targetWorkspace"] != wsInfra || ref["displayText"] != nil || ref["_version"] != float64(1) {
		t.Fatalf("reference: %v", ref)
	}
	id := ref["_id"].(string)
	upd := c.must(200, c.do("PATCH", "/api/v2/references/"+id+"?ifVersionMatch=1", map[string]any{"target": b, "displayText": "calls"})).body
	if upd["targetWorkspace"] != wsApps || upd["displayText"] != "calls" || upd["_version"] != float64(2) {
		t.Fatalf("update: %v", upd)
	}
	cases := []struct {
		name string
		body map[string]any
		msg  string
	}{
		{"missing type", map[string]any{"source": a, "target": b}, "type is required"},
		{"unknown source", map[string]any{"source": "000000000000000000000bad", "target": b, "type": 1}, "source: component"},
		{"unknown target", map[string]any{"source": a, "target": "000000000000000000000bad", "type": 1}, "target: component"},
		{"type not in source model", map[string]any{"source": a, "target": b, "type": 10}, "type: reference type 10"},
		{"type from source model only", map[string]any{"source": capID, "target": a, "type": 1}, "type: reference type 1"},
		{"fractional type", map[string]any{"source": a, "target": b, "type": 1.5}, "type must be an integer"},
		{"field not on type", map[string]any{"source": a, "target": b, "type": 2, "customFields": map[string]any{"criticality": "low"}}, "not allowed"},
		{"bad option", map[string]any{"source": a, "target": b, "type": 1, "customFields": map[string]any{"criticality": "extreme"}}, "List field"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := c.do("POST", "/api/v2/references", tc.body)
			if r.status != 400 || !strings.Contains(errMessage(r), tc.msg) {
				t.Fatalf("got %d %s, want 400 with %q", r.status, r.raw, tc.msg)
			}
		})
	}
	c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": capID, "target": a, "type": 10}))
	// An update may carry the type the reference has (production clients send it): it changes nothing.
	// Another type is refused: the update schemas leave type out, so nothing says an update can change it.
	r := c.do("PATCH", "/api/v2/references/"+id+"?ifVersionMatch=2", map[string]any{"type": 1})
	if r.status != 400 || !strings.HasPrefix(errMessage(r), "type: ") {
		t.Fatalf("a different type must be refused: %d %s", r.status, r.raw)
	}
	same := c.must(200, c.do("PATCH", "/api/v2/references/"+id+"?ifVersionMatch=2", map[string]any{"type": 2, "displayText": "calls too"})).body
	if same["type"] != float64(2) || same["displayText"] != "calls too" || same["_version"] != float64(3) {
		t.Fatalf("an update carrying the same type: %v", same)
	}
	c.must(409, c.do("PATCH", "/api/v2/references/"+id+"?ifVersionMatch=1", map[string]any{"displayText": "x"}))
	c.must(204, c.do("DELETE", "/api/v2/references/"+id, nil))
	c.must(404, c.do("GET", "/api/v2/references/"+id, nil))
}

func TestCascadeDelete(t *testing.T) {
	c := start(t)
	root := c.app("Root")["_id"].(string)
	child := c.createComponent(map[string]any{"name": "Child", "rootWorkspace": wsApps, "typeId": tModule, "parent": root})["_id"].(string)
	grandchild := c.createComponent(map[string]any{"name": "GC", "rootWorkspace": wsApps, "typeId": tModule, "parent": child})["_id"].(string)
	other := c.app("Other")["_id"].(string)
	r1 := c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": other, "target": grandchild, "type": 1})).body["_id"].(string)
	r2 := c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": child, "target": other, "type": 1})).body["_id"].(string)
	keep := c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": other, "target": other, "type": 1})).body["_id"].(string)
	c.must(204, c.do("DELETE", "/api/v2/components/"+root, nil))
	for _, id := range []string{child, grandchild} {
		c.must(404, c.do("GET", "/api/v2/components/"+id, nil))
	}
	for _, id := range []string{r1, r2} {
		c.must(404, c.do("GET", "/api/v2/references/"+id, nil))
	}
	c.must(200, c.do("GET", "/api/v2/references/"+keep, nil))
	c.must(200, c.do("GET", "/api/v2/components/"+other, nil))
}

func listAll(c *apiClient, path string) []any {
	c.t.Helper()
	var all []any
	next := c.srv.URL + path
	for pages := 0; next != ""; pages++ {
		u, err := url.Parse(next)
		if err != nil || !u.IsAbs() {
			c.t.Fatalf("next href must be absolute: %q", next)
		}
		r := c.must(200, c.do("GET", u.RequestURI(), nil))
		all = append(all, r.body["values"].([]any)...)
		links := r.body["_links"].(map[string]any)
		next = ""
		if n, ok := links["next"].(map[string]any); ok {
			next = n["href"].(string)
		}
		if _, ok := r.body["_meta"]; !ok {
			c.t.Fatal("list without _meta")
		}
	}
	return all
}

func TestListFiltersAndPaging(t *testing.T) {
	c := start(t, emulator.WithPageSize(2))
	var apps []string
	for i := range 5 {
		apps = append(apps, c.app(fmt.Sprintf("App %d", i), "customFields", map[string]any{"cost": float64(10 + i%2), "critical": i%2 == 0, "regions": []any{"eu"}})["_id"].(string))
	}
	mod := c.createComponent(map[string]any{"name": "App 0", "rootWorkspace": wsApps, "typeId": tModule, "parent": apps[0]})["_id"].(string)
	srv := c.createComponent(map[string]any{"name": "S", "rootWorkspace": wsInfra, "typeId": tServer, "customFields": map[string]any{"cost": 10}})["_id"].(string)
	c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": apps[0], "target": srv, "type": 2, "displayText": "runs"}))
	c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": apps[1], "target": apps[2], "type": 1, "customFields": map[string]any{"criticality": "high"}}))
	cases := []struct {
		path string
		want int
	}{
		{"/api/v2/components?rootWorkspace=" + wsApps, 6},
		{"/api/v2/components?rootWorkspace=" + wsApps + "&typeId=" + tApp, 5},
		{"/api/v2/components?name=App+0", 2},
		{"/api/v2/components?name=App", 0},
		{"/api/v2/components?parent=" + apps[0], 1},
		{"/api/v2/components?componentKey=APP-1", 1},
		{"/api/v2/components?customFields.cost=10", 4},
		{"/api/v2/components?customFields.cost=10&rootWorkspace=" + wsApps, 3},
		{"/api/v2/components?customFields.critical=true", 3},
		{"/api/v2/components?customFields.regions=eu", 5},
		{"/api/v2/references?rootWorkspace=" + wsApps, 2},
		{"/api/v2/references?targetWorkspace=" + wsInfra, 1},
		{"/api/v2/references?source=" + apps[1] + "&type=1", 1},
		{"/api/v2/references?target=" + srv, 1},
		{"/api/v2/references?displayText=runs", 1},
		{"/api/v2/references?customFields.criticality=high", 1},
		{"/api/v2/workspaces?componentModel=5eed0000000000000000a001", 2},
		{"/api/v2/workspaces?name=Infrastructure", 1},
		{"/api/v2/attachments?folder=5eed0000000000000000f001", 2},
		{"/api/v2/attachments?filename=logo.png", 1},
		{"/api/v2/reports?name=Server+inventory", 1},
	}
	for _, tc := range cases {
		if got := listAll(c, tc.path); len(got) != tc.want {
			t.Errorf("%s: %d results, want %d", tc.path, len(got), tc.want)
		}
	}
	_ = mod
	for _, bad := range []string{"/api/v2/components?customFields.cost=abc", "/api/v2/components?customFields.nope=1", "/api/v2/references?type=x", "/api/v2/components?cursor=zzz"} {
		if r := c.do("GET", bad, nil); r.status != 400 {
			t.Errorf("%s: %d, want 400", bad, r.status)
		}
	}
	last := c.must(200, c.do("GET", "/api/v2/workspaces?name=Infrastructure", nil))
	if links := last.body["_links"].(map[string]any); len(links) != 0 {
		t.Fatalf("last page _links must be empty: %v", links)
	}
}

func TestReports(t *testing.T) {
	c := start(t, emulator.WithPageSize(1))
	c.app("Beta", "customFields", map[string]any{"owner": "team-b", "cost": 5})
	c.app("Alpha")
	objects := listAll(c, "/api/v2/reports/5eed0000000000000000e001/run/objects")
	if len(objects) != 2 {
		t.Fatalf("rows: %v", objects)
	}
	first := objects[0].(map[string]any)
	if first["Name"] != "Alpha" || first["Ardoq ID"] != "APP-2" {
		t.Fatalf("label rows: %v", first)
	}
	if _, ok := first["Owner"]; ok {
		t.Fatalf("missing values must be left out: %v", first)
	}
	byKey := listAll(c, "/api/v2/reports/5eed0000000000000000e001/run/objects?keyFormat=key")
	if byKey[1].(map[string]any)["owner"] != "team-b" {
		t.Fatalf("key rows: %v", byKey)
	}
	tab := listAll(c, "/api/v2/reports/5eed0000000000000000e001/run/tabular")
	if row := tab[0].([]any); len(row) != 5 || row[2] != nil || row[0] != "Alpha" {
		t.Fatalf("tabular row: %v", row)
	}
	r := c.must(200, c.do("GET", "/api/v2/reports/5eed0000000000000000e001/run/tabular", nil))
	if meta := r.body["_meta"].(map[string]any); meta["name"] != "Applications overview" || len(meta["columns"].([]any)) != 5 {
		t.Fatalf("_meta: %v", meta)
	}
	if r := c.do("GET", "/api/v2/reports/5eed0000000000000000e001/run/objects?keyFormat=upper", nil); r.status != 400 {
		t.Fatalf("keyFormat: %d", r.status)
	}
	c.must(404, c.do("GET", "/api/v2/reports/000000000000000000000bad/run/objects", nil))
}

func TestReadOnlyEndpoints(t *testing.T) {
	c := start(t)
	ws := c.must(200, c.do("GET", "/api/v2/workspaces/"+wsInfra, nil)).body
	if ws["workspaceKey"] != "INF" || ws["description"] != nil || ws["views"] != nil {
		t.Fatalf("workspace: %v", ws)
	}
	ctx := c.must(200, c.do("GET", "/api/v2/workspaces/"+wsApps+"/context", nil)).body
	if ctx["rootWorkspace"] != wsApps || len(ctx["componentTypes"].([]any)) != 4 || len(ctx["tags"].([]any)) != 2 {
		t.Fatalf("context: %v", ctx)
	}
	att := c.must(200, c.do("GET", "/api/v2/attachments/5eed0000000000000000d003", nil)).body
	if att["resource"].(map[string]any)["resource-type"] != "workspace" {
		t.Fatalf("attachment: %v", att)
	}
	rep := c.must(200, c.do("GET", "/api/v2/reports/5eed0000000000000000e002", nil)).body
	if rep["datasource"] != "graphSearch" || rep["description"] != nil {
		t.Fatalf("report: %v", rep)
	}
	for _, p := range []string{"/api/v2/workspaces/x", "/api/v2/workspaces/x/context", "/api/v2/attachments/x", "/api/v2/reports/x", "/api/v2/nothing"} {
		c.must(404, c.do("GET", p, nil))
	}
}

func TestFaultsLatencyRateLimit(t *testing.T) {
	c := start(t)
	c.srv.FailNext("GET", "/me", 503)
	c.must(503, c.do("GET", "/api/v2/me", nil))
	c.must(200, c.do("GET", "/api/v2/me", nil))
	c.srv.Inject(emulator.Fault{PathPrefix: "/workspaces", Status: 502, RawBody: "<html>bad gateway</html>", Times: 2})
	if r := c.do("GET", "/api/v2/workspaces", nil); r.status != 502 || !strings.Contains(string(r.raw), "<html>") {
		t.Fatalf("raw fault: %d %s", r.status, r.raw)
	}
	c.must(502, c.do("GET", "/api/v2/workspaces", nil))
	c.must(200, c.do("GET", "/api/v2/workspaces", nil))
	c.srv.SetRateLimit(1, 1)
	c.must(200, c.do("GET", "/api/v2/me", nil))
	r := c.do("GET", "/api/v2/me", nil)
	if r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") != "1" {
		t.Fatalf("rate limit: %d %v", r.status, r.header)
	}
	c.srv.SetRateLimit(0, 0)
	c.srv.SetLatency(30 * time.Millisecond)
	began := time.Now()
	c.must(200, c.do("GET", "/api/v2/me", nil))
	if time.Since(began) < 30*time.Millisecond {
		t.Fatal("latency not applied")
	}
	reqs := c.srv.Requests()
	if len(reqs) == 0 || reqs[len(reqs)-1].Path != "/api/v2/me" || reqs[len(reqs)-1].Header.Get("Authorization") != "" {
		t.Fatalf("request log: %+v", reqs[len(reqs)-1])
	}
}

func TestConcurrentRequests(t *testing.T) {
	c := start(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 10 {
				id := c.app(fmt.Sprintf("c%d-%d", i, j))["_id"].(string)
				c.must(200, c.do("PATCH", "/api/v2/components/"+id+"?ifVersionMatch=1", map[string]any{"name": "x"}))
				c.must(200, c.do("GET", "/api/v2/components?rootWorkspace="+wsApps, nil))
				c.must(200, c.do("POST", "/api/v2/batch", map[string]any{"components": map[string]any{"delete": []any{map[string]any{"id": id}}}}))
			}
		}()
	}
	wg.Wait()
	if n, _ := c.srv.Counts(); n != 3 {
		t.Fatalf("components left: %d", n)
	}
}

func TestStateRoundTrip(t *testing.T) {
	c := start(t)
	a := c.app("Persisted", "customFields", map[string]any{"regions": []any{"eu"}})["_id"].(string)
	path := filepath.Join(t.TempDir(), "state.json")
	if err := c.srv.SaveState(path); err != nil {
		t.Fatal(err)
	}
	seed, err := emulator.ReadSeed(path)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := emulator.New(emulator.WithSeed(seed))
	if err != nil {
		t.Fatal(err)
	}
	got, ok := srv.Component(a)
	if !ok || got.ComponentKey != "APP-1" || got.Type != "Application" {
		t.Fatalf("restored: %+v", got)
	}
	created, err := srv.SeedComponent(emulator.ComponentSeed{Name: "Next", RootWorkspace: wsApps, TypeID: tApp})
	if err != nil || created.ComponentKey != "APP-2" {
		t.Fatalf("component keys must continue after a restore: %+v %v", created, err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
}

// Deleting entities between page requests never makes a listing skip another (cursors are ids).
func TestPagingIsStableUnderDeletes(t *testing.T) {
	c := start(t, emulator.WithPageSize(2))
	var ids []string
	for i := range 6 {
		ids = append(ids, c.app(fmt.Sprint("P", i))["_id"].(string))
	}
	first := c.must(200, c.do("GET", "/api/v2/components?rootWorkspace="+wsApps, nil))
	c.must(204, c.do("DELETE", "/api/v2/components/"+ids[0], nil))
	c.must(204, c.do("DELETE", "/api/v2/components/"+ids[1], nil))
	seen := len(first.body["values"].([]any))
	u, _ := url.Parse(first.body["_links"].(map[string]any)["next"].(map[string]any)["href"].(string))
	rest := listAll(c, u.RequestURI())
	if seen+len(rest) != 6 {
		t.Fatalf("listed %d + %d of 6 components; deleting already-listed ones made the listing skip others", seen, len(rest))
	}
}

// TestListingsFollowWrites holds the list cache to what the store holds: every kind of write between two
// listings of the same query shows in the second.
func TestListingsFollowWrites(t *testing.T) {
	c := start(t, emulator.WithPageSize(2))
	path := "/api/v2/components?rootWorkspace=" + wsApps
	names := func() []string {
		var out []string
		for _, v := range listAll(c, path) {
			out = append(out, v.(map[string]any)["name"].(string))
		}
		sort.Strings(out)
		return out
	}
	base := len(names())
	id := c.app("Cached")["_id"].(string)
	if got := names(); len(got) != base+1 || !slices.Contains(got, "Cached") {
		t.Fatalf("after a create: %v", got)
	}
	c.must(200, c.do("PATCH", "/api/v2/components/"+id+"?ifVersionMatch=latest", map[string]any{"name": "Renamed"}))
	if got := names(); !slices.Contains(got, "Renamed") || slices.Contains(got, "Cached") {
		t.Fatalf("after an update: %v", got)
	}
	c.must(200, c.do("POST", "/api/v2/batch", map[string]any{"components": map[string]any{"create": []any{map[string]any{"body": comp("Batched")}}}}))
	if got := names(); len(got) != base+2 || !slices.Contains(got, "Batched") {
		t.Fatalf("after a batch: %v", got)
	}
	c.must(204, c.do("DELETE", "/api/v2/components/"+id, nil))
	if got := names(); len(got) != base+1 || slices.Contains(got, "Renamed") {
		t.Fatalf("after a delete: %v", got)
	}
	refs := "/api/v2/references?rootWorkspace=" + wsApps
	before := len(listAll(c, refs))
	other := c.app("Other")["_id"].(string)
	batched := listAll(c, path)
	c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": other, "target": batched[0].(map[string]any)["_id"], "type": 1}))
	if got := len(listAll(c, refs)); got != before+1 {
		t.Fatalf("references after a create: %d, want %d", got, before+1)
	}
}

// A JSON file that is not a seed (a Terraform state, say) is refused rather than served as an empty org.
func TestReadSeed_refusesOtherJSON(t *testing.T) {
	path := filepath.Join(t.TempDir(), "terraform.tfstate")
	if err := os.WriteFile(path, []byte(`{"version": 4, "terraform_version": "1.11.4", "resources": []}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := emulator.ReadSeed(path); err == nil || !strings.Contains(err.Error(), "is not a seed") {
		t.Fatalf("a Terraform state read as a seed: %v", err)
	}
}

// Behind a TLS-terminating proxy the next link names the proxy's scheme and host, which the provider
// requires of a next link (it refuses one to another scheme, host or port).
func TestNextLinkBehindProxy(t *testing.T) {
	c := start(t, emulator.WithPageSize(1))
	c.app("A")
	c.app("B")
	direct := c.must(200, c.do("GET", "/api/v2/components?rootWorkspace="+wsApps, nil))
	if href := nextHref(t, direct); !strings.HasPrefix(href, c.srv.URL+"/api/v2/components?") {
		t.Errorf("direct: next link %q, want one on %s", href, c.srv.URL)
	}
	proxied := c.must(200, c.do("GET", "/api/v2/components?rootWorkspace="+wsApps, nil,
		"X-Forwarded-Proto", "https", "X-Forwarded-Host", "ardoq.example.test:8443"))
	if href := nextHref(t, proxied); !strings.HasPrefix(href, "https://ardoq.example.test:8443/api/v2/components?") {
		t.Errorf("behind a proxy: next link %q, want the proxy's https address", href)
	}
}

func nextHref(t *testing.T, r reply) string {
	t.Helper()
	links, _ := r.body["_links"].(map[string]any)
	next, _ := links["next"].(map[string]any)
	href, _ := next["href"].(string)
	if href == "" {
		t.Fatalf("no next link in %s", r.raw)
	}
	return href
}
