package emulator_test

import (
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// page GETs one of the page's paths without any credentials: the page needs none.
func page(t *testing.T, c *apiClient, path string) (string, http.Header) {
	t.Helper()
	resp, err := http.Get(c.srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, resp.StatusCode, b)
	}
	return string(b), resp.Header
}

var drawnRE = regexp.MustCompile(`<a href="[^"]*" class="(comp|ref)[^"]*" data-id="([^"]*)" data-status="([^"]*)"`)

// drawn returns, per kind (comp, ref), the status of every entity drawn.
func drawn(html string) map[string]map[string]string {
	out := map[string]map[string]string{"comp": {}, "ref": {}}
	for _, m := range drawnRE.FindAllStringSubmatch(html, -1) {
		out[m[1]][m[2]] = m[3]
	}
	return out
}

func TestPage_modelCountsAndHeaders(t *testing.T) {
	c := startUnchecked(t)
	html, h := page(t, c, "/")
	comps, refs := c.srv.Counts()
	d := drawn(html)
	if len(d["comp"]) != comps || len(d["ref"]) != refs {
		t.Errorf("drawn %d components and %d references, the org has %d and %d", len(d["comp"]), len(d["ref"]), comps, refs)
	}
	if !strings.Contains(html, fmt.Sprintf(`<span data-count="%d">%d components</span>`, comps, comps)) {
		t.Errorf("the summary does not count %d components", comps)
	}
	csp := h.Get("Content-Security-Policy")
	if !strings.Contains(csp, "default-src 'none'") || strings.Contains(csp, "script-src") || strings.Contains(csp, "unsafe") {
		t.Errorf("Content-Security-Policy: %q", csp)
	}
	if h.Get("X-Content-Type-Options") != "nosniff" || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		t.Errorf("headers: %v", h)
	}
	for _, ws := range c.srv.Workspaces() {
		if !strings.Contains(html, ">"+ws.Name+" <small>") {
			t.Errorf("workspace %q not drawn", ws.Name)
		}
	}
}

// A click shows an entity's fields: the panel its box links to holds them all, custom fields included, and
// the parent as a link to its own panel.
func TestPage_fields(t *testing.T) {
	c := startUnchecked(t)
	parent := c.app("Platform")["_id"].(string)
	child := c.app("Billing <API>", "parent", parent, "description", "Bills & invoices",
		"customFields", map[string]any{"owner": "team-<b>", "cost": 1200, "critical": true})
	html, _ := page(t, c, "/")
	id := child["_id"].(string)
	i := strings.Index(html, `<aside class="info" id="e-`+id+`"`)
	if i < 0 || !strings.Contains(html, `<a href="#e-`+id+`" class="comp"`) {
		t.Fatalf("no panel for %s, or no box linking to it", id)
	}
	panel := html[i : i+strings.Index(html[i:], "</aside>")]
	for _, want := range []string{"Billing &lt;API&gt;", child["componentKey"].(string), "Application", id, "<dt>version</dt><dd>1</dd>",
		`<a href="#e-` + parent + `">Platform</a>`, "Bills &amp; invoices", "<dt>Owner <small>customFields.owner</small></dt><dd>team-&lt;b&gt;</dd>",
		"<dt>Yearly cost <small>customFields.cost</small></dt><dd>1200</dd>", "<dt>Business critical <small>customFields.critical</small></dt><dd>true</dd>"} {
		if !strings.Contains(panel, want) {
			t.Errorf("the panel lacks %q:\n%s", want, panel)
		}
	}
}

// Nothing on the page comes from anywhere else: no URL with a scheme or host, no script.
func TestPage_noExternalURLs(t *testing.T) {
	c := startUnchecked(t)
	for _, path := range []string{"/", "/changes", "/page.css"} {
		body, _ := page(t, c, path)
		for _, bad := range []string{"http:", "https:", "//", "<script", "@import", "url(http"} {
			if i := strings.Index(body, bad); i >= 0 {
				t.Errorf("%s has %q: ...%s...", path, bad, body[max(i-40, 0):min(i+40, len(body))])
			}
		}
		for _, attr := range regexp.MustCompile(`(?:href|src|action)="([^"]*)"`).FindAllStringSubmatch(body, -1) {
			if !strings.HasPrefix(attr[1], "/") && !strings.HasPrefix(attr[1], "#") {
				t.Errorf("%s links to %q", path, attr[1])
			}
		}
	}
}

// Users' names are data: they show as text, never as markup.
func TestPage_escapesNames(t *testing.T) {
	c := startUnchecked(t)
	names := []string{`<script>alert(1)</script>`, `"><img src=x onerror=alert(1)>`, `javascript:alert(1)`}
	for _, n := range names {
		c.app(n, "description", n, "color", `red" onmouseover="alert(1)`)
	}
	html, _ := page(t, c, "/")
	for _, bad := range []string{"<script>", "<img", `onmouseover="`, `href="javascript`} {
		if strings.Contains(html, bad) {
			t.Errorf("the page has %q unescaped", bad)
		}
	}
	for _, want := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", "&#34;&gt;&lt;img src=x onerror=alert(1)&gt;"} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

// The change view tells created, updated, deleted and deleted-by-cascade apart, counts from the mark,
// and draws deleted entities as they were.
func TestPage_changes(t *testing.T) {
	c := startUnchecked(t)
	c.srv.Mark()
	parent := c.app("Parent")["_id"].(string)
	child := c.app("Child", "parent", parent)["_id"].(string)
	other := c.app("Other")["_id"].(string)
	ref := c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": other, "target": child, "type": 1})).body["_id"].(string)
	gone := c.app("Gone")["_id"].(string)
	c.srv.Mark()
	if html, _ := page(t, c, "/changes"); !strings.Contains(html, "Nothing changed.") {
		t.Errorf("just after the mark something changed: %v", drawn(html))
	}
	fresh := c.app("Fresh")["_id"].(string)
	c.must(200, c.do("PATCH", "/api/v2/components/"+other+"?ifVersionMatch=latest", map[string]any{"name": "Other renamed"}))
	c.must(204, c.do("DELETE", "/api/v2/components/"+parent, nil))
	c.must(200, c.do("POST", "/api/v2/batch", map[string]any{"components": map[string]any{"delete": []any{map[string]any{"id": gone}}}}))

	html, _ := page(t, c, "/changes")
	d := drawn(html)
	for id, want := range map[string]string{fresh: "created", other: "updated", parent: "deleted", gone: "deleted", child: "cascade"} {
		if d["comp"][id] != want {
			t.Errorf("component %s drawn as %q, want %q", id, d["comp"][id], want)
		}
	}
	if d["ref"][ref] != "cascade" {
		t.Errorf("reference drawn as %q, want cascade", d["ref"][ref])
	}
	for _, want := range []string{`data-status="created" data-count="1"`, `data-status="updated" data-count="1"`,
		`data-status="deleted" data-count="2"`, `data-status="cascade" data-count="2"`, "× CASCADE-DELETED", "with the delete of Parent", ">Child</tspan>"} {
		if !strings.Contains(html, want) {
			t.Errorf("the change view lacks %q", want)
		}
	}
	if all, _ := page(t, c, "/changes?since=start"); drawn(all)["comp"][gone] != "deleted" || !strings.Contains(all, `data-status="created" data-count="2"`) {
		t.Errorf("since the start: %v", drawn(all)["comp"])
	}
}

// A delete the request asked for is a delete, also when an earlier delete of the same batch already took
// the entity along (as ardoq_batch sends a parent before its child): only what nobody named is a cascade.
func TestPage_requestedDeleteIsNoCascade(t *testing.T) {
	c := startUnchecked(t)
	crm := c.app("CRM")["_id"].(string)
	contacts := c.app("CRM Contacts", "parent", crm)["_id"].(string)
	notes := c.app("CRM Notes", "parent", crm)["_id"].(string)
	c.srv.Mark()
	c.must(200, c.do("POST", "/api/v2/batch", map[string]any{"components": map[string]any{"delete": []any{
		map[string]any{"id": crm}, map[string]any{"id": contacts}}}}))
	html, _ := page(t, c, "/changes")
	d := drawn(html)
	for id, want := range map[string]string{crm: "deleted", contacts: "deleted", notes: "cascade"} {
		if d["comp"][id] != want {
			t.Errorf("component %s drawn as %q, want %q", id, d["comp"][id], want)
		}
	}
	for _, want := range []string{`data-status="deleted" data-count="2"`, `data-status="cascade" data-count="1"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the change view lacks %q", want)
		}
	}
	rows := regexp.MustCompile(`<tr class="st-[a-z]+" data-status="[a-z]+"><td><b>[^<]*</b></td><td>component</td><td><a href="[^"]*">(.*?)</a>`).FindAllStringSubmatch(html, -1)
	var names []string
	for _, r := range rows {
		names = append(names, r[1])
	}
	if want := []string{"CRM", `<span class="path">CRM › </span>CRM Contacts`, `<span class="path">CRM › </span>CRM Notes`}; strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("the deleted components are listed as %q, want each with its parent, the parent first: %q", names, want)
	}
	if strings.Count(html, "with the delete of CRM") != 2 { // CRM Notes: its row and its panel
		t.Errorf("the change view names CRM as the cause %d times, want 2 (CRM Notes only)", strings.Count(html, "with the delete of CRM"))
	}
}

// What a reader needs: an arrow says its display text (its type when it has none), and a long name is
// drawn whole, on as many lines as it needs.
func TestPage_displayTextAndLongNames(t *testing.T) {
	c := startUnchecked(t)
	long := "Customer Relationship Management Platform for the Northern European Retail Division"
	a := c.app(long)["_id"].(string)
	b := c.app("Billing")["_id"].(string)
	c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": a, "target": b, "type": 1, "displayText": "sends invoices to"}))
	c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": b, "target": a, "type": 1}))
	html, _ := page(t, c, "/")
	for _, want := range []string{`>sends invoices to</text>`, `>Depends on</text>`, long + " → Billing", "Billing → " + long,
		`: sends invoices to (Depends on)`} {
		if !strings.Contains(html, want) {
			t.Errorf("the model view lacks %q", want)
		}
	}
	m := regexp.MustCompile(`data-id="` + a + `"[^>]*><title>[^<]*</title><rect[^>]*/><path[^>]*/><text class="n">(.*?)</text>`).FindStringSubmatch(html)
	if m == nil {
		t.Fatalf("no box for %q", long)
	}
	lines := regexp.MustCompile(`<tspan[^>]*>([^<]*)</tspan>`).FindAllStringSubmatch(m[1], -1)
	var whole string
	for _, l := range lines {
		whole += l[1]
	}
	if len(lines) < 2 || whole != long {
		t.Errorf("the long name is drawn as %q, want it whole on several lines", lines)
	}
}

// The mark is set by a POST from the page itself (or Mark), never from another site.
func TestPage_markForm(t *testing.T) {
	c := startUnchecked(t)
	c.app("Before")
	post := func(origin string, header ...string) int {
		req, _ := http.NewRequest(http.MethodPost, c.srv.URL+"/mark", nil)
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		return resp.StatusCode
	}
	if got := post("http://evil.example"); got != http.StatusForbidden {
		t.Errorf("from another origin: %d, want 403", got)
	}
	if got := post("", "Sec-Fetch-Site", "cross-site"); got != http.StatusForbidden {
		t.Errorf("from another site: %d, want 403", got)
	}
	if html, _ := page(t, c, "/changes"); strings.Contains(html, "Nothing changed.") {
		t.Error("a refused mark reset the baseline")
	}
	if got := post(c.srv.URL); got != http.StatusSeeOther {
		t.Errorf("from the page: %d, want 303", got)
	}
	if html, _ := page(t, c, "/changes"); !strings.Contains(html, "Nothing changed.") {
		t.Error("the mark did not reset the baseline")
	}
	if r := c.do("GET", "/mark", nil); r.status != http.StatusMethodNotAllowed {
		t.Errorf("GET /mark: %d", r.status)
	}
}

// portfolio seeds a workspace as a team's: 300 applications of 4 modules each (modules named alike in
// every application, as in life) and 1,500 references, most between modules of two applications, the
// rest between applications. It returns the applications' and the modules' ids.
func portfolio(t *testing.T, srv *emulator.Server) (apps, modules []string) {
	t.Helper()
	for i := range 300 {
		app, err := srv.SeedComponent(emulator.ComponentSeed{Name: fmt.Sprintf("Application %03d", i), RootWorkspace: wsApps, TypeID: tApp})
		if err != nil {
			t.Fatal(err)
		}
		apps = append(apps, app.ID)
		for _, name := range []string{"API", "Web", "Jobs", "Data"} {
			m, err := srv.SeedComponent(emulator.ComponentSeed{Name: name, RootWorkspace: wsApps, TypeID: tModule, Parent: &app.ID})
			if err != nil {
				t.Fatal(err)
			}
			modules = append(modules, m.ID)
		}
	}
	for i := range 1500 {
		var src, tgt string
		if i >= 1200 {
			src, tgt = apps[i-1200], apps[(i-1200+1)%300]
		} else {
			j := (i*7 + 37) % 1200
			if j/4 == i/4 {
				j = (j + 4) % 1200
			}
			src, tgt = modules[i], modules[j]
		}
		if _, err := srv.SeedReference(emulator.ReferenceSeed{Source: src, Target: tgt, Type: 1 + int64(i%3)}); err != nil {
			t.Fatal(err)
		}
	}
	return apps, modules
}

// At the size of a real workspace (1,500 components and 1,500 references) the model view draws the
// applications collapsed with their references bundled, at most 100 arrows, quickly and in a page of
// bounded size; selecting an application draws it expanded with every reference of it and its modules.
func TestPage_largeWorkspace(t *testing.T) {
	c := startUnchecked(t)
	srv := c.srv.Server
	apps, modules := portfolio(t, srv)
	start := time.Now()
	html, _ := page(t, c, "/")
	took := time.Since(start)
	section := wsSection(t, html, wsApps)
	t.Logf("1,500 + 1,500: %d bytes of HTML in %v; the workspace: %d boxes, %d arrows", len(html), took,
		strings.Count(section, `class="comp`), strings.Count(section, `<a href=`)-strings.Count(section, `class="comp`))
	if took > 5*time.Second || len(html) > 2<<20 {
		t.Errorf("%d bytes in %v: too slow or too big", len(html), took)
	}
	if n := strings.Count(section, `class="comp`); n != 300 {
		t.Errorf("the collapsed workspace draws %d boxes, want its 300 applications", n)
	}
	if n := strings.Count(section, `class="agg`) + strings.Count(section, `class="ref`); n == 0 || n > 100 {
		t.Errorf("the collapsed workspace draws %d arrows, want 1 to 100", n)
	}
	for _, want := range []string{`▸ 4 below`, `data-count="`, "Drawn collapsed", "1500 components and 1500 references are too many"} {
		if !strings.Contains(section, want) {
			t.Errorf("the collapsed workspace lacks %q", want)
		}
	}
	if comps, refs := srv.Counts(); !strings.Contains(html, fmt.Sprintf(`<span data-count="%d">%d components</span> and <span data-count="%d">`, comps, comps, refs)) {
		t.Errorf("the summary does not count the org's %d components and %d references", comps, refs)
	}
	for _, wh := range regexp.MustCompile(`<svg width="(\d+)" height="(\d+)"`).FindAllStringSubmatch(html, -1) {
		var w int
		_, _ = fmt.Sscan(wh[1], &w)
		if w > 2000 {
			t.Errorf("a drawing %s wide", wh[1])
		}
	}

	// Selecting application 7 draws its modules and each reference of it or them, to the other end.
	app := apps[7]
	html, _ = page(t, c, "/?select="+app)
	section = wsSection(t, html, wsApps)
	want := map[string]bool{}
	for _, id := range append([]string{app}, modules[28:32]...) {
		var refs []map[string]any
		for _, dir := range []string{"source", "target"} {
			r := c.must(200, c.do("GET", "/api/v2/references?"+dir+"="+id, nil))
			for _, v := range r.body["values"].([]any) {
				refs = append(refs, v.(map[string]any))
			}
		}
		for _, r := range refs {
			want[r["_id"].(string)] = true
		}
	}
	d := drawn(section)
	for _, m := range modules[28:32] {
		if _, ok := d["comp"][m]; !ok {
			t.Errorf("the selected application's module %s is not drawn", m)
		}
	}
	if len(d["ref"]) != len(want) || strings.Contains(section, `class="agg`) {
		t.Errorf("the selection draws %d references and %d bundles, want its %d references one by one", len(d["ref"]), strings.Count(section, `class="agg`), len(want))
	}
	for id := range want {
		if _, ok := d["ref"][id]; !ok || !strings.Contains(html, `<aside class="info" id="e-`+id+`"`) {
			t.Errorf("reference %s of the selection is not drawn with its fields", id)
		}
	}
	if !strings.Contains(section, `class="comp sel" data-id="`+app+`"`) || !strings.Contains(section, "with <b>Application 007</b> expanded") {
		t.Error("the selected application is not marked as selected")
	}

	// An adoption writes every component, and the same run deletes an application: the change view
	// stays bounded, lists the deletions first, and draws the deleted application with its modules.
	c.srv.Mark()
	for _, id := range append(append([]string{}, apps...), modules...) {
		if err := srv.MutateComponent(id, func(*emulator.Component) {}); err != nil {
			t.Fatal(err)
		}
	}
	srv.Remove(apps[10])
	start = time.Now()
	html, _ = page(t, c, "/changes")
	took = time.Since(start)
	section = wsSection(t, html, wsApps)
	t.Logf("/changes after 1,500 updates and a delete: %d bytes of HTML in %v", len(html), took)
	if took > 5*time.Second || len(html) > 8<<20 {
		t.Errorf("%d bytes in %v: too slow or too big", len(html), took)
	}
	if n := strings.Count(section, `class="agg`) + strings.Count(section, `class="ref`); n > 100 {
		t.Errorf("the change view draws %d arrows", n)
	}
	d = drawn(section)
	for _, id := range append([]string{apps[10]}, modules[40:44]...) {
		if d["comp"][id] == "" || d["comp"][id] == "updated" {
			t.Errorf("the deleted %s is drawn as %q", id, d["comp"][id])
		}
	}
	if i, j := strings.Index(html, `id="changes-deleted"`), strings.Index(html, `id="changes-unchanged" data-rows="1495">`); i < 0 || j < i {
		t.Errorf("the deletions (at %d) do not come before the 1,495 writes that changed nothing, collapsed (at %d)", i, j)
	}
}

// wsSection returns a workspace's section of the page.
func wsSection(t *testing.T, html, wsID string) string {
	t.Helper()
	i := strings.Index(html, `<section class="ws" id="ws-`+wsID+`"`)
	if i < 0 {
		t.Fatalf("no section of workspace %s", wsID)
	}
	return html[i : i+strings.Index(html[i:], "</section>")]
}

// The page reads the org while the API writes it (run with -race), and stays outside the API's controls:
// no latency, fault or request log applies to it.
func TestPage_concurrentWritesAndControls(t *testing.T) {
	c := startUnchecked(t)
	// Ten page requests that took the API's latency would take ten minutes.
	c.srv.SetLatency(time.Minute)
	c.srv.Inject(emulator.Fault{Method: http.MethodGet, Status: http.StatusInternalServerError, Times: 100}) // every GET of the API
	c.srv.ResetRequests()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 20 {
			if _, err := c.srv.SeedComponent(emulator.ComponentSeed{Name: fmt.Sprint("c", i), RootWorkspace: wsApps, TypeID: tApp}); err != nil {
				t.Error(err)
			}
		}
	}()
	start := time.Now()
	for range 5 {
		page(t, c, "/")
		page(t, c, "/changes")
	}
	<-done
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("the page took the API's latency: %v", d)
	}
	if n := len(c.srv.Requests()); n != 0 {
		t.Errorf("the request log holds %d page requests", n)
	}
}

// An update says what it changed (old → new, custom fields by label), also one a batch wrote; a deleted
// module is named with its application; the deletions come first, then the updates, and the writes that
// changed nothing last, collapsed under a line that counts them.
func TestPage_changesSayWhatChanged(t *testing.T) {
	c := startUnchecked(t)
	crm := c.app("CRM")["_id"].(string)
	billing := c.app("Billing")["_id"].(string)
	api := c.createComponent(map[string]any{"name": "API", "rootWorkspace": wsApps, "typeId": tModule, "parent": crm,
		"customFields": map[string]any{"owner": "team-a"}})["_id"].(string)
	billingAPI := c.createComponent(map[string]any{"name": "API", "rootWorkspace": wsApps, "typeId": tModule, "parent": billing})["_id"].(string)
	ref := c.must(201, c.do("POST", "/api/v2/references", map[string]any{"source": api, "target": billing, "type": 1})).body["_id"].(string)
	var many []string
	for i := range 60 { // more than a group shows open (50)
		many = append(many, c.app(fmt.Sprintf("App %02d", i))["_id"].(string))
	}
	c.srv.Mark()
	c.must(200, c.do("PATCH", "/api/v2/components/"+api+"?ifVersionMatch=latest", map[string]any{"description": "Public API",
		"customFields": map[string]any{"owner": "team-b", "lifecycle": "build"}}))
	c.must(200, c.do("PATCH", "/api/v2/references/"+ref+"?ifVersionMatch=latest", map[string]any{"displayText": "calls"}))
	for _, id := range many {
		c.must(200, c.do("PATCH", "/api/v2/components/"+id+"?ifVersionMatch=latest", map[string]any{}))
	}
	c.must(204, c.do("DELETE", "/api/v2/components/"+billingAPI, nil))
	c.must(200, c.do("POST", "/api/v2/batch", map[string]any{"components": map[string]any{"update": []any{
		map[string]any{"id": billing, "ifVersionMatch": "latest", "body": map[string]any{"description": "Invoices"}}}}}))

	html, _ := page(t, c, "/changes")
	for _, want := range []string{
		`<li data-field="Owner">Owner <small>customFields.owner</small>: <del>team-a</del> → <ins>team-b</ins></li>`,
		`<li data-field="Lifecycle">Lifecycle <small>customFields.lifecycle</small>: <i>empty</i> → <ins>build</ins></li>`,
		`<li data-field="description">description: <i>empty</i> → <ins>Public API</ins></li>`,
		`<span class="note">version 1 → 2</span>`,
		`<span class="note">no field changed (version 1 → 2)</span>`,
		`<span class="path">Billing › </span>API</a>`, // the deleted module, with its application
		`CRM › API → Billing (Depends on)`,
		`<li data-field="display text">display text: <i>empty</i> → <ins>calls</ins></li>`,
		`60 entities written with no field changed: only their versions moved`,
		`3 entities updated; changed: description on 2, display text on 1, Lifecycle on 1, Owner on 1`,
		`<li data-field="description">description: <i>empty</i> → <ins>Invoices</ins></li>`, // written by a batch
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the change view lacks %q", want)
		}
	}
	groups := regexp.MustCompile(`<details[^>]*>`).FindAllString(html, -1)
	if want := []string{`id="changes-deleted" data-rows="1" open>`, `id="changes-updated" data-rows="3" open>`, `id="changes-unchanged" data-rows="60">`}; len(groups) != len(want) ||
		!strings.HasSuffix(groups[0], want[0]) || !strings.HasSuffix(groups[1], want[1]) || !strings.HasSuffix(groups[2], want[2]) {
		t.Errorf("the groups are %q, want the deletions first and open, the updates open, the 60 writes that changed nothing collapsed", groups)
	}
}
