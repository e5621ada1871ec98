package pagetest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// TestBrowser_modelAndChanges applies the demo model (examples/demo) with the Terraform CLI to a fresh
// emulator and looks at the page in Chromium, as an architect would: as many components and references
// as the org holds, every name whole inside its box, arrows labelled with their display text, custom
// fields by their labels. Then it sets the mark with the page's own button and applies a change of the
// demo (testdata/change.tf and testdata/main_override.tf: a module with a long name and a reference,
// an update, and items dropped from the ardoq_batch), and looks at the change view: what the run deleted is
// deleted, nothing is a cascade. These two views are the screenshots the README shows. After them: an
// ardoq_batch run deleting a parent and its child (the parent goes first, taking the child along) shows
// both as deleted; a delete in Ardoq's app of Web Shop shows its modules and their references deleted by
// cascade; names that are markup show as text. Throughout, no JavaScript dialog may open and no request
// may leave the emulator. Screenshots go to $ARDOQ_SCREENSHOT_DIR, or the test's temporary directory.
//
// It needs ARDOQ_BROWSER (a Chromium) and TF_ACC_TERRAFORM_PATH: make test-browser sets both.
func TestBrowser_modelAndChanges(t *testing.T) {
	browser, tf := os.Getenv("ARDOQ_BROWSER"), os.Getenv("TF_ACC_TERRAFORM_PATH")
	if browser == "" || tf == "" {
		t.Skip("needs ARDOQ_BROWSER (a Chromium) and TF_ACC_TERRAFORM_PATH: make test-browser sets both")
	}
	srv, err := emulator.New(emulator.WithToken("browser-test-token"), emulator.WithOrg("demo"), emulator.WithRequestLog(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	shots := os.Getenv("ARDOQ_SCREENSHOT_DIR")
	if shots == "" {
		shots = t.TempDir()
	}

	tfw := newWorkdir(t, tf, hs.URL, srv)
	demo, err := filepath.Glob("../../../examples/demo/*.tf")
	if err != nil || len(demo) == 0 {
		t.Fatalf("no examples/demo/*.tf: %v", err)
	}
	for _, f := range demo {
		tfw.copy(f, filepath.Base(f))
	}
	ids := tfw.apply()
	b := startBrowser(t, browser)

	// The model view: the demo as applied.
	b.do(chromedp.Navigate(hs.URL+"/"), chromedp.WaitVisible(chromedp.CSS("section.ws")))
	comps, refs := srv.Counts()
	if got := b.number(`document.querySelectorAll("section.ws a.comp:not(.ext)").length`); got != comps {
		t.Errorf("the model view draws %d components, the org holds %d", got, comps)
	}
	if got := b.number(`new Set([...document.querySelectorAll("a.ref")].map(a => a.dataset.id)).size`); got != refs {
		t.Errorf("the model view draws %d references, the org holds %d", got, refs)
	}
	text := b.text(`document.body.innerText`)
	for _, name := range []string{"Web Shop", "Checkout", "Catalog", "Payments", "Orders DB", "web-01", "Loyalty service", "Runs on", "Stores data in"} {
		if !strings.Contains(text, name) {
			t.Errorf("the model view does not show %q", name)
		}
	}
	b.wholeNames()
	charges := ids["ardoq_reference.web_shop_depends_on_payments"]
	if got := b.text(`document.querySelector('a.ref[data-id="` + charges + `"] text.lbl').textContent`); got != "charges cards" {
		t.Errorf("the arrow Web Shop → Payments is labelled %q, want its display text %q", got, "charges cards")
	}
	b.do(chromedp.Click(chromedp.CSS(`a.comp[data-id="`+ids["ardoq_component.web_shop"]+`"]`)), chromedp.WaitVisible(chromedp.CSS("aside.info:target")))
	fields := evaluate[map[string]string](b, `Object.fromEntries([...document.querySelectorAll("aside.info:target dt")].map(dt => [dt.innerText.replace(/\s+/g, " "), dt.nextElementSibling.innerText]))`)
	for label, value := range map[string]string{"Owner customFields.owner": "team-storefront", "Yearly cost customFields.cost": "84000",
		"Business critical customFields.critical": "true", "description": "Customer-facing storefront"} {
		if fields[label] != value {
			t.Errorf("Web Shop's panel: %q is %q, want %q (all: %v)", label, fields[label], value, fields)
		}
	}
	b.do(chromedp.Navigate(hs.URL+"/#_"), chromedp.WaitVisible(chromedp.CSS("section.ws")))
	b.screenshot(filepath.Join(shots, "model.png"))

	// The mark, then a change of the demo applied by Terraform, then the change view.
	b.do(chromedp.Click(chromedp.CSS("nav form button")), chromedp.WaitVisible(chromedp.CSS("p.none")))
	if got := b.text(`location.pathname + " " + document.querySelector("p.none").innerText`); got != "/changes Nothing changed." {
		t.Errorf("after the mark: %q", got)
	}
	tfw.copy("testdata/change.tf", "change.tf")
	tfw.copy("testdata/main_override.tf", "main_override.tf")
	ids = tfw.apply()
	b.do(chromedp.Navigate(hs.URL+"/changes"), chromedp.WaitVisible(chromedp.CSS("table.changes")))
	fraud := ids["ardoq_component.fraud"]
	want := map[string]string{fraud: "created", ids["ardoq_reference.fraud_reads_orders"]: "created", ids["ardoq_component.payments"]: "updated"}
	for _, gone := range []string{"ardoq_batch.inventory/loyalty", "ardoq_batch.inventory/loyalty_db", "ardoq_batch.inventory/references/loyalty_uses_db"} {
		want[tfw.prior[gone]] = "deleted"
	}
	b.states(want)
	b.wholeNames()
	const long = "Fraud Detection and Chargeback Handling for Card Payments"
	if got := b.text(`document.querySelector('a.comp[data-id="` + fraud + `"] text.n').textContent`); got != long {
		t.Errorf("the new module is drawn as %q, want its whole name %q", got, long)
	}
	if got := b.text(`document.querySelector('a.ref[data-id="` + ids["ardoq_reference.fraud_reads_orders"] + `"] text.lbl').textContent`); got != "+ reads order history" {
		t.Errorf("the new reference is labelled %q, want its display text", got)
	}
	text = b.text(`document.body.innerText`)
	for _, want := range []string{"+ NEW", "~ UPDATED", "− DELETED", "2 created", "1 updated", "3 deleted", "0 deleted by cascade", long} {
		if !strings.Contains(text, want) {
			t.Errorf("the change view does not show %q", want)
		}
	}
	if strings.Contains(text, "with the delete of") {
		t.Error("the change view calls a delete the run asked for a cascade")
	}
	b.screenshot(filepath.Join(shots, "changes.png"))

	// ardoq_batch deletes a parent and its child in one batch, the parent first: both were asked for.
	tfw.copy("testdata/crm.tf", "crm.tf")
	ids = tfw.apply()
	srv.Mark()
	tfw.copy("testdata/crm_after.tf", "crm.tf")
	tfw.apply()
	b.do(chromedp.Navigate(hs.URL+"/changes"), chromedp.WaitVisible(chromedp.CSS("table.changes")))
	b.states(map[string]string{tfw.prior["ardoq_batch.crm/crm"]: "deleted", tfw.prior["ardoq_batch.crm/crm_contacts"]: "deleted"})
	if text := b.text(`document.body.innerText`); strings.Contains(text, "CASCADE-DELETED with") || strings.Contains(text, "with the delete of CRM") {
		t.Errorf("the child the run deleted is called a cascade:\n%s", text)
	}

	// As users in Ardoq's app would: a component deleted with what hangs on it; components named as markup.
	srv.Mark()
	api(t, hs.URL, srv, http.MethodDelete, "/components/"+ids["ardoq_component.web_shop"], nil, http.StatusNoContent)
	script := api(t, hs.URL, srv, http.MethodPost, "/components", map[string]any{"name": "<script>alert(1)</script>", "rootWorkspace": "5eed0000000000000000b001",
		"typeId": "p1700000000001", "description": "<b>not bold</b>"}, http.StatusCreated)
	img := api(t, hs.URL, srv, http.MethodPost, "/components", map[string]any{"name": `"><img src=x onerror=alert(1)>`, "rootWorkspace": "5eed0000000000000000b001",
		"typeId": "p1700000000002", "parent": script}, http.StatusCreated)
	b.do(chromedp.Navigate(hs.URL+"/changes"), chromedp.WaitVisible(chromedp.CSS("table.changes")))
	cascaded := map[string]string{script: "created", img: "created", ids["ardoq_component.web_shop"]: "deleted", ids["ardoq_component.checkout"]: "cascade", ids["ardoq_component.catalog"]: "cascade"}
	for _, r := range []string{"ardoq_reference.web_shop_depends_on_payments", "ardoq_reference.checkout_stores_orders",
		`ardoq_reference.web_shop_runs_on["web-01"]`, `ardoq_reference.web_shop_runs_on["web-02"]`} {
		cascaded[ids[r]] = "cascade"
	}
	b.states(cascaded)
	text = b.text(`document.body.innerText`)
	for _, want := range []string{"× CASCADE-DELETED", "with the delete of Web Shop", "6 deleted by cascade", "<script>alert(1)</script>", `"><img src=x onerror=`} {
		if !strings.Contains(text, want) {
			t.Errorf("the change view does not show %q", want)
		}
	}
	if got := b.number(`document.querySelectorAll("script, img").length + [...document.querySelectorAll("b")].filter(e => e.textContent == "not bold").length`); got != 0 {
		t.Errorf("users' names became %d elements", got)
	}
	b.do(chromedp.Click(chromedp.CSS(`a.comp[data-id="`+ids["ardoq_component.checkout"]+`"]`)), chromedp.WaitVisible(chromedp.CSS("aside.info:target")))
	if panel := b.text(`document.querySelector("aside.info:target").innerText`); !strings.Contains(panel, "CASCADE-DELETED") || !strings.Contains(panel, "Checkout") {
		t.Errorf("Checkout's fields: %q", panel)
	}
	b.check(hs.URL)
}

// states fails the test unless the change view draws exactly these entities with a change, in these
// states.
func (b *browserRun) states(want map[string]string) {
	b.t.Helper()
	got := evaluate[map[string]string](b, `Object.fromEntries([...document.querySelectorAll("a.comp, a.ref")].filter(a => a.dataset.status).map(a => [a.dataset.id, a.dataset.status]))`)
	for id, state := range want {
		if id == "" {
			b.t.Errorf("an entity of %v has no id in the state", want)
		} else if got[id] != state {
			b.t.Errorf("%s is drawn as %q, want %q", id, got[id], state)
		}
	}
	if len(got) != len(want) {
		b.t.Errorf("changed entities drawn: %v, want %v", got, want)
	}
}

// wholeNames fails the test unless every box shows its component's whole name (its title without the
// type) inside the box, as the browser lays the text out.
func (b *browserRun) wholeNames() {
	b.t.Helper()
	bad := evaluate[[]string](b, `[...document.querySelectorAll("a.comp")].flatMap(a => {
		const title = a.querySelector("title").textContent, text = a.querySelector("text.n"), box = a.querySelector("rect.b").getBBox(), t = text.getBBox();
		const whole = title.startsWith(text.textContent + " (");
		const inside = t.x >= box.x && t.y >= box.y && t.x + t.width <= box.x + box.width && t.y + t.height <= box.y + box.height;
		return whole && inside ? [] : [title + ": drawn as " + JSON.stringify(text.textContent) + (inside ? "" : " outside its box")];
	})`)
	for _, m := range bad {
		b.t.Errorf("a name is not whole in its box: %s", m)
	}
}

// workdir is a Terraform working directory pointed at the emulator, with the provider built from this
// checkout through dev_overrides.
type workdir struct {
	t        *testing.T
	tf, dir  string
	env      []string
	prior    map[string]string // the ids of the last apply but one (see apply)
	previous map[string]string
}

func newWorkdir(t *testing.T, tf, baseURL string, srv *emulator.Server) *workdir {
	t.Helper()
	bin, dir := t.TempDir(), t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "terraform-provider-ardoq"), "../../..")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the provider: %v\n%s", err, b)
	}
	rc := filepath.Join(dir, ".terraformrc")
	if err := os.WriteFile(rc, []byte("provider_installation {\n  dev_overrides {\n    \"seed762a2f0c/ardoq\" = \""+bin+"\"\n  }\n  direct {}\n}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "TF_CLI_CONFIG_FILE="+rc, "TF_IN_AUTOMATION=1",
		"ARDOQ_BASE_URL="+baseURL, "ARDOQ_API_TOKEN="+srv.Token(), "ARDOQ_ORG="+srv.OrgLabel())
	return &workdir{t: t, tf: tf, dir: dir, env: env}
}

func (w *workdir) copy(from, to string) {
	w.t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w.dir, to), b, 0o600); err != nil {
		w.t.Fatal(err)
	}
}

func (w *workdir) run(args ...string) []byte {
	w.t.Helper()
	cmd := exec.Command(w.tf, args...)
	cmd.Dir, cmd.Env = w.dir, w.env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		w.t.Fatalf("terraform %s: %v\n%s%s", strings.Join(args, " "), err, stdout.Bytes(), stderr.Bytes())
	}
	return stdout.Bytes()
}

// apply runs terraform apply and returns the ids of what the state then holds, by address: a resource's
// id, and an ardoq_batch item's as "<address>/<key>" (components) or "<address>/references/<key>". The
// ids before the apply are kept in prior, for what the apply deleted.
func (w *workdir) apply() map[string]string {
	w.t.Helper()
	w.run("apply", "-auto-approve", "-input=false", "-no-color")
	var state struct {
		Values struct {
			RootModule struct {
				Resources []struct {
					Address string
					Values  struct {
						ID                 string
						ComputedComponents map[string]struct{ ID string } `json:"computed_components"`
						ComputedReferences map[string]struct{ ID string } `json:"computed_references"`
					}
				} `json:"resources"`
			} `json:"root_module"`
		}
	}
	if err := json.Unmarshal(w.run("show", "-json"), &state); err != nil {
		w.t.Fatal(err)
	}
	ids := map[string]string{}
	for _, r := range state.Values.RootModule.Resources {
		ids[r.Address] = r.Values.ID
		for k, c := range r.Values.ComputedComponents {
			ids[r.Address+"/"+k] = c.ID
		}
		for k, c := range r.Values.ComputedReferences {
			ids[r.Address+"/references/"+k] = c.ID
		}
	}
	w.prior, w.previous = w.previous, ids
	return ids
}

// api sends a request to the emulator's API, as a user in Ardoq's app would, and returns the _id of the
// entity it answers with, if any.
func api(t *testing.T, baseURL string, srv *emulator.Server, method, path string, body any, want int) string {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(t.Context(), method, baseURL+"/api/v2"+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+srv.Token())
	req.Header.Set("X-org", srv.OrgLabel())
	req.Header.Set("User-Agent", "pagetest")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		t.Fatalf("%s %s: %d, want %d: %s", method, path, resp.StatusCode, want, answer)
	}
	var entity struct {
		ID string `json:"_id"`
	}
	_ = json.Unmarshal(answer, &entity)
	return entity.ID
}

// browserRun is a headless Chromium with a fresh profile that records every request, dialog and error
// the page logs (a refusal by the Content-Security-Policy is one).
type browserRun struct {
	t        *testing.T
	ctx      context.Context
	mu       sync.Mutex
	requests []string
	dialogs  []string
	errors   []string
}

func startBrowser(t *testing.T, path string) *browserRun {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelCtx(); cancelAlloc() })
	b := &browserRun{t: t, ctx: ctx}
	err := chromedp.Listen(ctx, func(ev any) {
		b.mu.Lock()
		defer b.mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			b.requests = append(b.requests, e.Request.URL)
		case *page.EventJavascriptDialogOpening:
			b.dialogs = append(b.dialogs, string(e.Type)+": "+e.Message)
			go func() {
				_, _ = chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
			}()
		case *cdplog.EventEntryAdded:
			if e.Entry.Level == cdplog.EntryLevelError {
				b.errors = append(b.errors, e.Entry.Text+" "+e.Entry.URL)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	return b
}

// do runs the actions, each within a minute.
func (b *browserRun) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatal(err)
	}
}

func evaluate[T any](b *browserRun, js string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		b.t.Fatalf("%s: %v", js, err)
	}
	return v
}

func (b *browserRun) number(js string) int  { b.t.Helper(); return evaluate[int](b, js) }
func (b *browserRun) text(js string) string { b.t.Helper(); return evaluate[string](b, js) }

// screenshot saves the whole page as a PNG.
func (b *browserRun) screenshot(path string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o600); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s (%d bytes)", path, len(png))
}

// check fails the test on any dialog or logged error, or any request to another origin than the
// emulator's.
func (b *browserRun) check(origin string) {
	b.t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.dialogs) > 0 {
		b.t.Errorf("JavaScript dialogs opened: %v", b.dialogs)
	}
	if len(b.errors) > 0 {
		b.t.Errorf("the page logged errors: %v", b.errors)
	}
	if len(b.requests) == 0 {
		b.t.Error("no request seen: are network events reported?")
	}
	for _, u := range b.requests {
		if u != origin && !strings.HasPrefix(u, origin+"/") {
			b.t.Errorf("a request left the emulator: %s", u)
		}
	}
	b.t.Logf("%d requests, all to %s: %v", len(b.requests), origin, slices.Compact(slices.Sorted(slices.Values(b.requests))))
}
