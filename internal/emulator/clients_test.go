package emulator_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// What production clients send that Ardoq accepts (README.md, "Where the emulator is lenient").

// List endpoints ignore query parameters they do not know, as Ardoq does: a production client sends
// rootWorkspaceId and targetWorkspaceId, and repeats its filters on next links.
func TestUnknownQueryParametersIgnored(t *testing.T) {
	c := startUnchecked(t, emulator.WithPageSize(2))
	var apps []string
	for i := range 5 {
		apps = append(apps, c.app(fmt.Sprintf("App %d", i))["_id"].(string))
	}
	for _, target := range apps[1:] {
		c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": apps[0], "target": target, "type": 2}))
	}
	// Each list answers as it does without the parameters it does not know.
	for _, tc := range [][2]string{
		{"/api/v2/components?rootWorkspace=" + wsApps + "&rootWorkspaceId=" + wsInfra, "/api/v2/components?rootWorkspace=" + wsApps},
		{"/api/v2/components?nam=App+0", "/api/v2/components"}, // a misspelt filter matches everything
		{"/api/v2/references?source=" + apps[0] + "&rootWorkspace=" + wsApps + "&targetWorkspaceId=" + wsInfra, "/api/v2/references?source=" + apps[0]},
		{"/api/v2/workspaces?name=Applications&limit=1", "/api/v2/workspaces?name=Applications"},
		{"/api/v2/attachments?filename=logo.png&sort=name", "/api/v2/attachments?filename=logo.png"},
		{"/api/v2/reports?name=Server+inventory&x=y", "/api/v2/reports?name=Server+inventory"},
		{"/api/v2/reports/5eed0000000000000000e001/run/tabular?keyFormat=key", "/api/v2/reports/5eed0000000000000000e001/run/tabular"},
		{"/api/v2/reports/5eed0000000000000000e001/run/objects?keyFormat=key&extra=1", "/api/v2/reports/5eed0000000000000000e001/run/objects?keyFormat=key"},
	} {
		got, want := listAll(c, tc[0]), listAll(c, tc[1])
		if len(got) != len(want) || len(want) == 0 {
			t.Errorf("%s: %d results, want %d as without the unknown parameters", tc[0], len(got), len(want))
		}
	}
	// Like axios with params on a next href: every page request repeats the filters after the cursor.
	filters := url.Values{"source": {apps[0]}, "rootWorkspace": {wsApps}, "targetWorkspace": {wsApps}}
	seen := map[string]bool{}
	next := "/api/v2/references?" + filters.Encode()
	for next != "" {
		r := c.must(200, c.do("GET", next, nil))
		for _, v := range r.body["values"].([]any) {
			id := v.(map[string]any)["_id"].(string)
			if seen[id] {
				t.Fatalf("reference %s listed twice", id)
			}
			seen[id] = true
		}
		next = ""
		if n, ok := r.body["_links"].(map[string]any)["next"].(map[string]any); ok {
			u, _ := url.Parse(n["href"].(string))
			next = u.RequestURI() + "&" + filters.Encode()
		}
	}
	if len(seen) != 4 {
		t.Errorf("following next links with the filters repeated listed %d references, want 4", len(seen))
	}
	// Known parameters are still checked.
	for _, bad := range []string{"/api/v2/references?type=x", "/api/v2/components?customFields.nope=1", "/api/v2/reports/5eed0000000000000000e001/run/objects?keyFormat=k"} {
		if r := c.do("GET", bad, nil); r.status != 400 {
			t.Errorf("%s: %d, want 400", bad, r.status)
		}
	}
}

// A batch reference update may carry the type the reference already has; another type is refused
// with the operation's path, and nothing of the batch is applied.
func TestBatchReferenceUpdateCarryingType(t *testing.T) {
	c := start(t)
	a, b := c.app("A")["_id"].(string), c.app("B")["_id"].(string)
	ref := c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": a, "target": b, "type": 2})).body["_id"].(string)
	update := func(typ int, text string) map[string]any {
		return map[string]any{"references": map[string]any{"update": []any{map[string]any{"id": ref, "ifVersionMatch": "latest",
			"body": map[string]any{"source": a, "target": b, "type": typ, "displayText": text}}}}}
	}
	c.must(200, c.do("POST", "/api/v2/batch", update(2, "same type")))
	got := c.must(200, c.do("GET", "/api/v2/references/"+ref, nil)).body
	if got["displayText"] != "same type" || got["type"] != float64(2) || got["_version"] != float64(2) {
		t.Fatalf("after an update carrying the same type: %v", got)
	}
	r := c.do("POST", "/api/v2/batch", update(1, "other type"))
	if r.status != 400 || !strings.HasPrefix(errMessage(r), "references.update[0]: type: ") {
		t.Fatalf("an update changing the type: %d %s", r.status, r.raw)
	}
	if got := c.must(200, c.do("GET", "/api/v2/references/"+ref, nil)).body; got["displayText"] != "same type" {
		t.Fatalf("a refused batch changed the reference: %v", got)
	}
}

// The request log keeps the latest requests within its bounds, so a long run does not grow without end.
func TestRequestLogIsBounded(t *testing.T) {
	t.Run("by count", func(t *testing.T) {
		c := start(t, emulator.WithRequestLog(3, 1<<20))
		for _, p := range []string{"/api/v2/me", "/api/v2/workspaces", "/api/v2/reports", "/api/v2/attachments", "/api/v2/me"} {
			c.must(200, c.do("GET", p, nil))
		}
		var paths []string
		for _, r := range c.srv.Requests() {
			paths = append(paths, r.Path)
		}
		if strings.Join(paths, " ") != "/api/v2/reports /api/v2/attachments /api/v2/me" {
			t.Fatalf("kept %v, want the last three", paths)
		}
	})
	t.Run("by body bytes", func(t *testing.T) {
		c := start(t, emulator.WithRequestLog(100, 200))
		for i := range 4 {
			c.app(fmt.Sprintf("App with a name long enough to count %d", i)) // bodies of about 110 bytes
		}
		reqs := c.srv.Requests()
		if len(reqs) != 1 || !strings.Contains(string(reqs[0].Body), "count 3") {
			t.Fatalf("kept %d requests, want only the newest within 200 bytes of bodies", len(reqs))
		}
		c.must(200, c.do("GET", "/api/v2/me", nil))
		if reqs := c.srv.Requests(); len(reqs) != 2 {
			t.Fatalf("a bodiless request after: kept %d, want 2", len(reqs))
		}
	})
	t.Run("off", func(t *testing.T) {
		c := start(t, emulator.WithRequestLog(0, 0))
		c.must(200, c.do("GET", "/api/v2/me", nil))
		if n := len(c.srv.Requests()); n != 0 {
			t.Fatalf("kept %d requests with the log off", n)
		}
	})
}
