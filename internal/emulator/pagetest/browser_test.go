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

// TestBrowser_modelAndChanges applies testdata/main.tf with the Terraform CLI to a fresh emulator and
// looks at the page in Chromium: the names (as text, also those that are markup), as many components and
// references as the org holds, an entity's fields on a click. Then it sets the mark with the page's own
// button, deletes the parent component Web Shop through the API (its modules go by cascade, with every
// reference touching them), creates a component with a reference and updates another, and looks at the
// change view. Throughout, no JavaScript dialog may open and no
// request may leave the emulator. Screenshots go to $ARDOQ_SCREENSHOT_DIR, or the test's temporary
// directory.
//
// It needs ARDOQ_BROWSER (a Chromium) and TF_ACC_TERRAFORM_PATH: make test-browser sets both.
func TestBrowser_modelAndChanges(t *testing.T) {
	browser, tf := os.Getenv("ARDOQ_BROWSER"), os.Getenv("TF_ACC_TERRAFORM_PATH")
	if browser == "" || tf == "" {
		t.Skip("needs ARDOQ_BROWSER (a Chromium) and TF_ACC_TERRAFORM_PATH: make test-browser sets both")
	}
	srv, err := emulator.New(emulator.WithToken("browser-test-token"), emulator.WithRequestLog(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	shots := os.Getenv("ARDOQ_SCREENSHOT_DIR")
	if shots == "" {
		shots = t.TempDir()
	}

	out := apply(t, tf, hs.URL, srv)
	b := startBrowser(t, browser)

	// The model view.
	b.do(chromedp.Navigate(hs.URL+"/"), chromedp.WaitVisible(chromedp.CSS("section.ws")))
	comps, refs := srv.Counts()
	if got := b.number(`document.querySelectorAll("section.ws a.comp:not(.ext)").length`); got != comps {
		t.Errorf("the model view draws %d components, the org holds %d", got, comps)
	}
	if got := b.number(`new Set([...document.querySelectorAll("a.ref")].map(a => a.dataset.id)).size`); got != refs {
		t.Errorf("the model view draws %d references, the org holds %d", got, refs)
	}
	text := b.text(`document.body.innerText`) // what is shown; boxes shorten long names, and tooltips (title) hold them whole
	for _, name := range []string{"Web Shop", "Checkout", "Catalog", "Payments", "Orders DB", "web-01", "Infrastructure › web-01",
		"<script>alert(1)</script>", `"><img src=x onerror=`, "Runs on", "Stores data in", "Depends on"} {
		if !strings.Contains(text, name) {
			t.Errorf("the model view does not show %q", name)
		}
	}
	titles := b.text(`[...document.querySelectorAll("a.comp > title")].map(t => t.textContent).join("\n")`)
	for _, name := range []string{"<script>alert(1)</script> (Application)", `"><img src=x onerror=alert(1)> (Application Module)`} {
		if !strings.Contains(titles, name) {
			t.Errorf("no box is titled %q:\n%s", name, titles)
		}
	}
	if got := b.number(`document.querySelectorAll("script, img, b").length`); got != 0 {
		t.Errorf("users' names became %d elements", got)
	}
	b.do(chromedp.Click(chromedp.CSS(`a.comp[data-id="`+out["web_shop"]+`"]`)), chromedp.WaitVisible(chromedp.CSS("aside.info:target")))
	if panel := b.text(`document.querySelector("aside.info:target").innerText`); !strings.Contains(panel, "Customer-facing storefront") ||
		!strings.Contains(panel, out["web_shop"]) || !strings.Contains(panel, "APP-") {
		t.Errorf("Web Shop's fields: %q", panel)
	}
	b.screenshot(filepath.Join(shots, "model.png"))

	// The mark, then the delete, then the change view.
	b.do(chromedp.Click(chromedp.CSS("nav form button")), chromedp.WaitVisible(chromedp.CSS("p.none")))
	if got := b.text(`location.pathname + " " + document.querySelector("p.none").innerText`); got != "/changes Nothing changed." {
		t.Errorf("after the mark: %q", got)
	}
	// As users in Ardoq's app would: a component deleted with what hangs on it, one created with a
	// reference, one updated.
	api(t, hs.URL, srv, http.MethodDelete, "/components/"+out["web_shop"], nil, http.StatusNoContent)
	fraud := api(t, hs.URL, srv, http.MethodPost, "/components", map[string]any{"name": "Fraud Check", "rootWorkspace": "5eed0000000000000000b001",
		"typeId": "p1700000000002", "parent": out["payments"]}, http.StatusCreated)
	fraudRef := api(t, hs.URL, srv, http.MethodPost, "/references", map[string]any{"source": fraud, "target": out["orders_db"], "type": 3}, http.StatusCreated)
	api(t, hs.URL, srv, http.MethodPatch, "/components/"+out["payments"]+"?ifVersionMatch=latest", map[string]any{"description": "now PCI scoped"}, http.StatusOK)
	b.do(chromedp.Navigate(hs.URL+"/changes"), chromedp.WaitVisible(chromedp.CSS("table.changes")))
	states := evaluate[map[string]string](b, `Object.fromEntries([...document.querySelectorAll("a.comp, a.ref")].filter(a => a.dataset.status).map(a => [a.dataset.id, a.dataset.status]))`)
	for _, want := range []struct{ id, state string }{{out["web_shop"], "deleted"}, {out["checkout"], "cascade"},
		{fraud, "created"}, {fraudRef, "created"}, {out["payments"], "updated"}} {
		if states[want.id] != want.state {
			t.Errorf("%s is drawn as %q, want %q", want.id, states[want.id], want.state)
		}
	}
	cascaded := 0
	for _, s := range states {
		if s == "cascade" {
			cascaded++
		}
	}
	// Web Shop; by cascade Checkout, Catalog and the 4 references touching the three; Fraud Check, its
	// reference, Payments.
	if len(states) != 1+6+3 || cascaded != 6 {
		t.Errorf("changed entities drawn: %v", states)
	}
	text = b.text(`document.body.innerText`)
	for _, want := range []string{"− DELETED", "× CASCADE-DELETED", "with the delete of Web Shop", "+ NEW", "~ UPDATED",
		"2 created", "1 updated", "1 deleted", "6 deleted by cascade"} {
		if !strings.Contains(text, want) {
			t.Errorf("the change view does not show %q", want)
		}
	}
	b.do(chromedp.Click(chromedp.CSS(`a.comp[data-id="`+out["checkout"]+`"]`)), chromedp.WaitVisible(chromedp.CSS("aside.info:target")))
	if panel := b.text(`document.querySelector("aside.info:target").innerText`); !strings.Contains(panel, "CASCADE-DELETED") || !strings.Contains(panel, "Checkout") {
		t.Errorf("Checkout's fields: %q", panel)
	}
	b.do(chromedp.Navigate(hs.URL+"/changes#_"), chromedp.WaitVisible(chromedp.CSS("table.changes")))
	b.screenshot(filepath.Join(shots, "changes.png"))
	b.check(hs.URL)
}

// apply runs terraform apply on testdata/main.tf against the emulator, with the provider built from this
// checkout through dev_overrides, and returns the outputs.
func apply(t *testing.T, tf, baseURL string, srv *emulator.Server) map[string]string {
	t.Helper()
	bin, dir := t.TempDir(), t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "terraform-provider-ardoq"), "../../..")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the provider: %v\n%s", err, b)
	}
	rc := filepath.Join(dir, ".terraformrc")
	config, err := os.ReadFile("testdata/main.tf")
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		rc:        "provider_installation {\n  dev_overrides {\n    \"seed762a2f0c/ardoq\" = \"" + bin + "\"\n  }\n  direct {}\n}\n",
		"main.tf": string(config),
	} {
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(name)), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	env := append(os.Environ(), "TF_CLI_CONFIG_FILE="+rc, "TF_IN_AUTOMATION=1",
		"ARDOQ_BASE_URL="+baseURL, "ARDOQ_API_TOKEN="+srv.Token(), "ARDOQ_ORG="+srv.OrgLabel())
	terraform := func(args ...string) []byte {
		cmd := exec.Command(tf, args...)
		cmd.Dir, cmd.Env = dir, env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("terraform %s: %v\n%s%s", strings.Join(args, " "), err, stdout.Bytes(), stderr.Bytes())
		}
		return stdout.Bytes()
	}
	terraform("apply", "-auto-approve", "-input=false", "-no-color")
	var outputs map[string]struct{ Value string }
	if err := json.Unmarshal(terraform("output", "-json"), &outputs); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for k, v := range outputs {
		out[k] = v.Value
	}
	return out
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
