package snapshot_test

import (
	"context"
	"encoding/json"
	"net/http"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/snapshot"
)

// seeds are the orgs a snapshot must copy faithfully: the default seed, and the foreign seeds
// test-foreign-org serves as orgs this project does not control.
func seeds(t *testing.T) map[string]*emulator.Seed {
	t.Helper()
	def, err := emulator.DefaultSeed()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*emulator.Seed{"default": def}
	for _, file := range []string{"sandbox.json", "sandbox-thin.json"} {
		s, err := emulator.ReadSeed(filepath.Join("..", "emulator", "seed", file))
		if err != nil {
			t.Fatal(err)
		}
		out[file] = s
	}
	return out
}

// TestTake_copyAnswersEveryReadAsTheOriginal: emulator, snapshot (through pages of two), seed file, second
// emulator: every read of the API answers the same on both, byte for byte once decoded.
func TestTake_copyAnswersEveryReadAsTheOriginal(t *testing.T) {
	for name, seed := range seeds(t) {
		t.Run(name, func(t *testing.T) {
			original := openapitest.Start(t, emulator.WithSeed(seed), emulator.WithPageSize(2))
			if name == "default" {
				crossWorkspaceReference(t, clientOf(t, original))
			}
			copied := startFromSnapshot(t, original, snapshot.Options{})
			want, got := readEverything(t, original), readEverything(t, copied)
			if len(want) < 10 {
				t.Fatalf("read only %d answers from the original", len(want))
			}
			for path, w := range want {
				if path == "/reports/{id}/run" {
					continue
				}
				if !reflect.DeepEqual(w, got[path]) {
					t.Errorf("GET %s differs:\noriginal %s\ncopy     %s", path, compact(w), compact(got[path]))
				}
			}
			if len(got) != len(want) {
				t.Errorf("the copy answered %d reads, the original %d", len(got), len(want))
			}
		})
	}
}

// TestTake_copyTakesWritesAsTheOriginal: the same writes on the original and on the copy answer the same,
// component keys and cascades included.
func TestTake_copyTakesWritesAsTheOriginal(t *testing.T) {
	seed, err := emulator.DefaultSeed()
	if err != nil {
		t.Fatal(err)
	}
	original := openapitest.Start(t, emulator.WithSeed(seed))
	copied := startFromSnapshot(t, original, snapshot.Options{})
	type outcome struct {
		Key, Type         string
		Components, Refs  int
		DeletedWithParent bool
	}
	apply := func(srv *openapitest.TestServer) outcome {
		c := clientOf(t, srv)
		ctx := context.Background()
		billing := findComponent(t, c, "Billing")
		child, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "Invoicing", RootWorkspace: billing.RootWorkspace,
			TypeID: billing.TypeID, Parent: &billing.ID})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.DeleteComponent(ctx, billing.ID); err != nil {
			t.Fatal(err)
		}
		_, gone := c.GetComponent(ctx, child.ID)
		comps, refs := srv.Counts()
		return outcome{Key: child.ComponentKey, Type: child.Type, Components: comps, Refs: refs,
			DeletedWithParent: client.IsNotFound(gone)}
	}
	want, got := apply(original), apply(copied)
	if want != got {
		t.Fatalf("the copy took the writes differently:\noriginal %+v\ncopy     %+v", want, got)
	}
	if !want.DeletedWithParent || want.Key == "" {
		t.Fatalf("the writes did not exercise keys and cascades: %+v", want)
	}
}

// TestTake_rateLimitedOrg: a snapshot of an org that answers 429 above a few requests a second follows
// Retry-After and completes.
func TestTake_rateLimitedOrg(t *testing.T) {
	seed, err := emulator.DefaultSeed()
	if err != nil {
		t.Fatal(err)
	}
	original := openapitest.Start(t, emulator.WithSeed(seed), emulator.WithPageSize(3), emulator.WithRequestLog(1000, 0))
	original.SetRateLimit(20, 2)
	copied := startFromSnapshot(t, original, snapshot.Options{})
	limited := 0
	for _, r := range original.Requests() {
		if r.Status == http.StatusTooManyRequests {
			limited++
		}
	}
	if limited == 0 {
		t.Fatal("the org never answered 429: the test does not exercise the rate limit")
	}
	original.SetRateLimit(0, 0)
	if want, got := readEverything(t, original), readEverything(t, copied); !reflect.DeepEqual(want, got) {
		t.Fatal("the copy of the rate-limited org differs from it")
	}
}

// TestTake_someWorkspaces copies the workspaces named, by name or id, and leaves out references into
// the others, counting them.
func TestTake_someWorkspaces(t *testing.T) {
	seed, err := emulator.DefaultSeed()
	if err != nil {
		t.Fatal(err)
	}
	original := openapitest.Start(t, emulator.WithSeed(seed))
	c := clientOf(t, original)
	crossWorkspaceReference(t, c)
	res, err := snapshot.Take(context.Background(), c, snapshot.Options{Workspaces: []string{"Applications"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Seed.Workspaces) != 1 || res.Seed.Workspaces[0].Name != "Applications" {
		t.Fatalf("workspaces copied: %+v", res.Seed.Workspaces)
	}
	if res.Dropped == 0 {
		t.Fatal("the reference into Infrastructure was not left out")
	}
	for _, a := range res.Seed.Attachments {
		if a.Resource.Type == "workspace" && a.Resource.ID != res.Seed.Workspaces[0].ID {
			t.Errorf("attachment %s of another workspace copied", a.Filename)
		}
	}
	srv, err := emulator.New(emulator.WithSeed(roundTrip(t, res.Seed)))
	if err != nil {
		t.Fatalf("the emulator refuses the partial copy: %v", err)
	}
	if comps, _ := srv.Counts(); comps != len(res.Seed.Components) || comps == 0 {
		t.Fatalf("copy holds %d components, the seed %d", comps, len(res.Seed.Components))
	}

	both, err := snapshot.Take(context.Background(), c, snapshot.Options{Workspaces: []string{"5eed0000000000000000b002", "Applications"}})
	if err != nil || len(both.Seed.Workspaces) != 2 || both.Dropped != 0 {
		t.Fatalf("two workspaces by id and name: %v, %d workspaces, %d references left out", err, len(both.Seed.Workspaces), both.Dropped)
	}
	_, err = snapshot.Take(context.Background(), c, snapshot.Options{Workspaces: []string{"Nope"}})
	if err == nil || !strings.Contains(err.Error(), `"Nope"`) || !strings.Contains(err.Error(), `"Applications"`) {
		t.Fatalf("an unknown workspace gave %v, want an error naming it and the org's workspaces", err)
	}
}

// crossWorkspaceReference makes an application in Applications that runs on a server in Infrastructure.
func crossWorkspaceReference(t *testing.T, c *client.Client) {
	t.Helper()
	ctx := context.Background()
	app, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "Shop", RootWorkspace: "5eed0000000000000000b001", TypeID: "p1700000000001"})
	if err != nil {
		t.Fatal(err)
	}
	server, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "web-01", RootWorkspace: "5eed0000000000000000b002", TypeID: "p1700000000003"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateReference(ctx, client.ReferenceCreate{Source: app.ID, Target: server.ID, Type: 2}); err != nil {
		t.Fatal(err)
	}
}

// startFromSnapshot takes a snapshot of srv, writes it as a seed file, and serves a second emulator from
// that file.
func startFromSnapshot(t *testing.T, srv *openapitest.TestServer, opts snapshot.Options) *openapitest.TestServer {
	t.Helper()
	res, err := snapshot.Take(context.Background(), clientOf(t, srv), opts)
	if err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	return openapitest.Start(t, emulator.WithSeed(roundTrip(t, res.Seed)), emulator.WithOrg(srv.OrgLabel()))
}

// roundTrip writes a seed to a file and reads it back, as a user's seed file is.
func roundTrip(t *testing.T, seed *emulator.Seed) *emulator.Seed {
	t.Helper()
	path := filepath.Join(t.TempDir(), "seed.json")
	out, err := snapshot.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := out.Commit(seed); err != nil {
		t.Fatal(err)
	}
	back, err := emulator.ReadSeed(path)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func clientOf(t *testing.T, srv *openapitest.TestServer) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel()})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func findComponent(t *testing.T, c *client.Client, name string) client.Component {
	t.Helper()
	found, err := c.ListComponents(context.Background(), client.ComponentFilter{Name: name})
	if err != nil || len(found) != 1 {
		t.Fatalf("component %q: %v, %d found", name, err, len(found))
	}
	return found[0]
}

// readEverything reads every GET of the API from srv: each list (all its pages, as one list), and each
// entity by id, keyed by path with the id kept (ids are the same in a faithful copy).
func readEverything(t *testing.T, srv *openapitest.TestServer) map[string]any {
	t.Helper()
	out := map[string]any{"/me": get(t, srv, "/api/v2/me")}
	for _, list := range []string{"workspaces", "components", "references", "attachments", "reports"} {
		values := listed(t, srv, "/api/v2/"+list)
		out["/"+list] = values
		for _, v := range values {
			id, _ := v.(map[string]any)["_id"].(string)
			out["/"+list+"/"+id] = get(t, srv, "/api/v2/"+list+"/"+id)
			if list == "workspaces" {
				out["/workspaces/"+id+"/context"] = get(t, srv, "/api/v2/workspaces/"+id+"/context")
			}
		}
	}
	return out
}

func listed(t *testing.T, srv *openapitest.TestServer, path string) []any {
	t.Helper()
	var all []any
	for next := path; next != ""; {
		page, _ := get(t, srv, next).(map[string]any)
		values, _ := page["values"].([]any)
		all = append(all, values...)
		next = ""
		if links, _ := page["_links"].(map[string]any); links != nil {
			if n, _ := links["next"].(map[string]any); n != nil {
				next, _ = n["href"].(string)
				next = strings.TrimPrefix(next, srv.URL)
			}
		}
	}
	return all
}

func get(t *testing.T, srv *openapitest.TestServer, path string) any {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+srv.Token())
	req.Header.Set("X-org", srv.OrgLabel())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v any
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", path, resp.StatusCode, err)
	}
	return v
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
