package pagetest

import (
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

const (
	wsApps  = "5eed0000000000000000b001"
	tApp    = "p1700000000001"
	tModule = "p1700000000002"
)

// portfolio is a team's workspace, seeded through the emulator's controls (Terraform would only make
// the test slower): 300 applications of 4 modules each, the modules named alike in every application,
// and 1,500 references, most between modules of two applications, the rest between applications. It
// returns the ids of the applications, of the modules (4 per application, in order), and of the
// references of each component.
func portfolio(t *testing.T, srv *emulator.Server) (apps, modules []string, refsOf map[string][]string) {
	t.Helper()
	refsOf = map[string][]string{}
	for i := range 300 {
		app, err := srv.SeedComponent(emulator.ComponentSeed{Name: fmt.Sprintf("Application %03d", i), RootWorkspace: wsApps, TypeID: tApp})
		if err != nil {
			t.Fatal(err)
		}
		apps = append(apps, app.ID)
		for _, name := range []string{"API", "Web", "Jobs", "Data"} {
			m, err := srv.SeedComponent(emulator.ComponentSeed{Name: name, RootWorkspace: wsApps, TypeID: tModule, Parent: &app.ID,
				CustomFields: map[string]any{"owner": "team-a"}})
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
		r, err := srv.SeedReference(emulator.ReferenceSeed{Source: src, Target: tgt, Type: 1 + int64(i%3)})
		if err != nil {
			t.Fatal(err)
		}
		refsOf[src], refsOf[tgt] = append(refsOf[src], r.ID), append(refsOf[tgt], r.ID)
	}
	return apps, modules, refsOf
}

// TestBrowser_largeWorkspace looks at the page in Chromium at the size of a real workspace, 1,500
// components and 1,500 references: the model view draws the applications collapsed with a bounded
// number of arrows and every name whole in its box; a click on an application draws it expanded with
// each of its and its modules' references, and shows its fields. Then an adoption-sized run (every
// component written, ten with a changed owner) that also deletes an application with its modules and one
// module alone: the change view lists the deletions first and open, the module with its application,
// then the ten updates, each saying what it changed, and the writes that changed nothing collapsed under
// a line that counts them. It needs only ARDOQ_BROWSER, and takes seconds.
func TestBrowser_largeWorkspace(t *testing.T) {
	browser := os.Getenv("ARDOQ_BROWSER")
	if browser == "" {
		t.Skip("needs ARDOQ_BROWSER (a Chromium): make test-browser sets it")
	}
	srv, err := emulator.New(emulator.WithOrg("portfolio"), emulator.WithRequestLog(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	shots := os.Getenv("ARDOQ_SCREENSHOT_DIR")
	if shots == "" {
		shots = t.TempDir()
	}
	apps, modules, refsOf := portfolio(t, srv)
	b := startBrowser(t, browser)
	section := `section#ws-` + wsApps

	b.do(chromedp.Navigate(hs.URL+"/"), chromedp.WaitVisible(chromedp.CSS(section)))
	if got := b.number(`document.querySelectorAll("` + section + ` a.comp").length`); got != 300 {
		t.Errorf("the collapsed workspace draws %d boxes, want its 300 applications", got)
	}
	if got := b.number(`document.querySelectorAll("` + section + ` a.ref, ` + section + ` a.agg").length`); got == 0 || got > 100 {
		t.Errorf("the collapsed workspace draws %d arrows, want 1 to 100", got)
	}
	if got := b.number(`document.querySelector("` + section + ` svg").getBoundingClientRect().width`); got > 1280 {
		t.Errorf("the drawing is %d pixels wide, more than the window", got)
	}
	if text := b.text(`document.querySelector("` + section + `").innerText`); !strings.Contains(text, "Drawn collapsed") {
		t.Errorf("the workspace does not say it is drawn collapsed:\n%.500s", text)
	}
	if got := b.text(`document.querySelector('a.comp[data-id="` + apps[7] + `"] text.t').textContent`); !strings.Contains(got, "▸ 4 below") {
		t.Errorf("Application 007's box says %q, not how many components are below it", got)
	}
	b.wholeNames()
	b.screenshotView(filepath.Join(shots, "model-large.png"))

	// A click on Application 007: expanded, with every reference of it and its modules, and its fields.
	b.do(chromedp.Click(chromedp.CSS(`a.comp[data-id="`+apps[7]+`"]`)), chromedp.WaitVisible(chromedp.CSS("aside.info:target")))
	want := map[string]bool{}
	for _, id := range append([]string{apps[7]}, modules[28:32]...) {
		for _, r := range refsOf[id] {
			want[r] = true
		}
	}
	drawn := evaluate[[]string](b, `[...document.querySelectorAll("`+section+` a.ref")].map(a => a.dataset.id)`)
	for _, id := range drawn {
		if !want[id] {
			t.Errorf("the selection draws reference %s, not one of Application 007 or its modules", id)
		}
		delete(want, id)
	}
	if len(want) > 0 || b.number(`document.querySelectorAll("`+section+` a.agg").length`) != 0 {
		t.Errorf("the selection leaves out %d of its references, or draws bundles", len(want))
	}
	for _, m := range modules[28:32] {
		if b.number(`document.querySelectorAll('a.comp[data-id="`+m+`"]').length`) != 1 {
			t.Errorf("module %s of the selected application is not drawn", m)
		}
	}
	if panel := b.text(`document.querySelector("aside.info:target").innerText`); !strings.Contains(panel, "Application 007") {
		t.Errorf("the click shows %q, not Application 007's fields", panel)
	}
	b.wholeNames()
	b.screenshotView(filepath.Join(shots, "model-selected.png"))

	// An adoption-sized run: every component written, ten owners changed, an application deleted with
	// its modules, one module (Application 020's API) deleted alone.
	srv.Mark()
	for i, id := range append(append([]string{}, apps...), modules...) {
		if err := srv.MutateComponent(id, func(c *emulator.Component) {
			if i >= 300 && i < 310 {
				c.CustomFields["owner"] = "team-b"
			}
		}); err != nil {
			t.Fatal(err)
		}
	}
	srv.Remove(apps[10])
	srv.Remove(modules[80])
	b.do(chromedp.Navigate(hs.URL+"/changes"), chromedp.WaitVisible(chromedp.CSS("details#changes-deleted")))
	groups := evaluate[[]string](b, `[...document.querySelectorAll("details.group")].map(d => d.id + (d.open ? " open" : " closed"))`)
	if strings.Join(groups, ", ") != "changes-deleted open, changes-updated open, changes-unchanged closed" {
		t.Errorf("the change groups are %v, want the deletions first and open, then the ten updates, the writes that changed nothing collapsed", groups)
	}
	deleted := b.text(`document.querySelector("details#changes-deleted").innerText`)
	for _, want := range []string{"Application 020 › API", "Application 010 › Data", "with the delete of Application 010"} {
		if !strings.Contains(deleted, want) {
			t.Errorf("the deletions do not show %q:\n%.2000s", want, deleted)
		}
	}
	if summary := b.text(`document.querySelector("details#changes-updated summary").innerText`); summary != "Updated 10 entities updated; changed: Owner on 10" {
		t.Errorf("the updates' summary reads %q", summary)
	}
	if summary := b.text(`document.querySelector("details#changes-unchanged summary").innerText`); !strings.Contains(summary, "1484 entities written with no field changed") {
		t.Errorf("the summary of the writes that changed nothing reads %q", summary)
	}
	if got := b.number(`document.querySelectorAll("` + section + ` a.ref, ` + section + ` a.agg").length`); got > 100+40 {
		t.Errorf("the change view draws %d arrows", got)
	}
	b.screenshotView(filepath.Join(shots, "changes-large.png"))
	owner := b.text(`document.querySelector('details#changes-updated li[data-field="Owner"]').innerText`)
	if owner != "Owner customFields.owner: team-a → team-b" {
		t.Errorf("an update's owner change reads %q", owner)
	}
	b.do(chromedp.Click(chromedp.CSS("details#changes-unchanged summary")), chromedp.WaitVisible(chromedp.CSS("details#changes-unchanged table")))
	if got := b.number(`document.querySelectorAll("details#changes-unchanged tbody tr").length`); got != 1484 {
		t.Errorf("opened, the writes that changed nothing list %d rows, want 1484", got)
	}
	b.check(hs.URL)
}

// screenshotView saves what the window shows as a PNG.
func (b *browserRun) screenshotView(path string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o600); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s (%d bytes)", path, len(png))
}
