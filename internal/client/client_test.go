package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

func TestComponentLifecycle(t *testing.T) {
	c, srv := newClient(t)
	ctx := context.Background()
	created, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "API", RootWorkspace: wsApps, TypeID: tApp,
		Description: ptr("d"), CustomFields: client.CustomFields{"cost": 12.5, "regions": []string{"eu"}}})
	if err != nil {
		t.Fatal(err)
	}
	if created.Version != 1 || created.ComponentKey != "APP-1" || created.Type != "Application" || created.Parent != nil {
		t.Fatalf("created %+v", created)
	}
	if n, ok := created.CustomFields["cost"].(json.Number); !ok || n.String() != "12.5" {
		t.Fatalf("numbers must decode as json.Number: %#v", created.CustomFields["cost"])
	}
	got, err := c.GetComponent(ctx, created.ID)
	if err != nil || got.Name != "API" {
		t.Fatalf("get %+v %v", got, err)
	}
	upd, err := c.UpdateComponent(ctx, created.ID, client.IfVersion(1), client.ComponentUpdate{
		Name: client.Set("API v2"), Description: client.Null[string](), CustomFields: client.CustomFields{"cost": nil, "owner": "team"}})
	if err != nil {
		t.Fatal(err)
	}
	if upd.Version != 2 || upd.Description != nil || upd.CustomFields["cost"] != nil || upd.CustomFields["owner"] != "team" {
		t.Fatalf("update %+v", upd)
	}
	last := srv.Requests()[len(srv.Requests())-1]
	if last.Query != "ifVersionMatch=1" || !strings.Contains(string(last.Body), `"description":null`) || strings.Contains(string(last.Body), "color") {
		t.Fatalf("PATCH sent %s %s", last.Query, last.Body)
	}
	_, err = c.UpdateComponent(ctx, created.ID, client.IfVersion(1), client.ComponentUpdate{Name: client.Set("stale")})
	if !client.IsConflict(err) {
		t.Fatalf("want conflict, got %v", err)
	}
	if _, err := c.UpdateComponent(ctx, created.ID, client.Latest, client.ComponentUpdate{Color: client.Set("red")}); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteComponent(ctx, created.ID); err != nil {
		t.Fatal(err)
	}
	_, err = c.GetComponent(ctx, created.ID)
	if !client.IsNotFound(err) {
		t.Fatalf("want not found, got %v", err)
	}
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) || apiErr.Method != "GET" || !strings.Contains(apiErr.Message, "does not exist") || !strings.Contains(apiErr.Body, `"status":404`) {
		t.Fatalf("APIError %+v", apiErr)
	}
	if !client.IsNotFound(c.DeleteComponent(ctx, created.ID)) {
		t.Fatal("delete of a missing component must be a 404")
	}
	for _, r := range srv.Requests() {
		if r.Header.Get("User-Agent") != "client-test/1" || r.Header.Get("Accept") != "application/json" || r.Header.Get("X-org") != srv.OrgLabel() {
			t.Fatalf("headers %v", r.Header)
		}
		if (r.Method == "POST" || r.Method == "PATCH") && r.Header.Get("Content-Type") != "application/json" {
			t.Fatal("missing Content-Type")
		}
	}
}

func TestReferencesAndLists(t *testing.T) {
	c, _ := newClient(t, emulator.WithPageSize(2))
	ctx := context.Background()
	var ids []string
	for i := range 5 {
		comp, err := c.CreateComponent(ctx, client.ComponentCreate{Name: fmt.Sprint("C", i), RootWorkspace: wsApps, TypeID: tApp, CustomFields: client.CustomFields{"critical": i%2 == 0}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, comp.ID)
	}
	server, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "S", RootWorkspace: wsInfra, TypeID: tServer})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := c.CreateReference(ctx, client.ReferenceCreate{Source: ids[0], Target: server.ID, Type: 2, DisplayText: ptr("runs on")})
	if err != nil || ref.TargetWorkspace != wsInfra || ref.RootWorkspace != wsApps {
		t.Fatalf("reference %+v %v", ref, err)
	}
	if _, err := c.UpdateReference(ctx, ref.ID, client.IfVersion(1), client.ReferenceUpdate{Target: client.Set(ids[1]), DisplayText: client.Set("")}); err != nil {
		t.Fatal(err)
	}
	all, err := c.ListComponents(ctx, client.ComponentFilter{RootWorkspace: wsApps})
	if err != nil || len(all) != 5 {
		t.Fatalf("list %d %v", len(all), err)
	}
	crit, err := c.ListComponents(ctx, client.ComponentFilter{RootWorkspace: wsApps, CustomFields: map[string]string{"critical": "true"}})
	if err != nil || len(crit) != 3 {
		t.Fatalf("custom field filter %d %v", len(crit), err)
	}
	refs, err := c.ListReferences(ctx, client.ReferenceFilter{Source: ids[0], Type: ptr[int64](2)})
	if err != nil || len(refs) != 1 || refs[0].Target != ids[1] {
		t.Fatalf("references %+v %v", refs, err)
	}
	none, err := c.ListReferences(ctx, client.ReferenceFilter{TargetWorkspace: wsInfra})
	if err != nil || len(none) != 0 || none == nil {
		t.Fatalf("empty list must be empty, not nil: %v %v", none, err)
	}
	if err := c.DeleteReference(ctx, ref.ID); err != nil {
		t.Fatal(err)
	}
}

func TestReadEndpoints(t *testing.T) {
	c, _ := newClient(t, emulator.WithPageSize(1))
	ctx := context.Background()
	me, err := c.Me(ctx)
	if err != nil || me.Org.Label != "emulated" || me.User.Email == "" {
		t.Fatalf("me %+v %v", me, err)
	}
	wss, err := c.ListWorkspaces(ctx, client.WorkspaceFilter{ComponentModel: "5eed0000000000000000a001"})
	if err != nil || len(wss) != 2 {
		t.Fatalf("workspaces %d %v", len(wss), err)
	}
	ws, err := c.GetWorkspace(ctx, wsApps)
	if err != nil || ws.WorkspaceKey != "APP" {
		t.Fatalf("workspace %+v %v", ws, err)
	}
	wctx, err := c.GetWorkspaceContext(ctx, wsApps)
	if err != nil || len(wctx.ComponentTypes) != 4 || wctx.ComponentTypes[1].Parent == nil || len(wctx.Tags) != 2 {
		t.Fatalf("context %+v %v", wctx, err)
	}
	atts, err := c.ListAttachments(ctx, client.AttachmentFilter{Folder: "5eed0000000000000000f001"})
	if err != nil || len(atts) != 2 {
		t.Fatalf("attachments %d %v", len(atts), err)
	}
	att, err := c.GetAttachment(ctx, atts[0].ID)
	if err != nil || att.Resource.Type == "" {
		t.Fatalf("attachment %+v %v", att, err)
	}
	reports, err := c.ListReports(ctx, "")
	if err != nil || len(reports) != 3 {
		t.Fatalf("reports %d %v", len(reports), err)
	}
	rep, err := c.GetReport(ctx, reports[0].ID)
	if err != nil || len(rep.Columns) == 0 {
		t.Fatalf("report %+v %v", rep, err)
	}
	for i := range 3 {
		if _, err := c.CreateComponent(ctx, client.ComponentCreate{Name: fmt.Sprint("A", i), RootWorkspace: wsApps, TypeID: tApp}); err != nil {
			t.Fatal(err)
		}
	}
	run, err := c.RunReportObjects(ctx, "5eed0000000000000000e001", "key")
	if err != nil || len(run.Rows) != 3 || *run.Name != "Applications overview" || len(run.Columns) != 5 || !strings.Contains(string(run.Rows[0]), `"name":"A0"`) {
		t.Fatalf("objects run %+v %v", run, err)
	}
	tab, err := c.RunReportTabular(ctx, "5eed0000000000000000e001")
	if err != nil || len(tab.Rows) != 3 || !strings.HasPrefix(string(tab.Rows[0]), `["A0"`) {
		t.Fatalf("tabular run %+v %v", tab, err)
	}
}

func TestBatch(t *testing.T) {
	c, srv := newClient(t)
	ctx := context.Background()
	req := client.BatchRequest{
		Options: &client.BatchOptions{RespondWithEntities: true},
		Components: &client.ComponentOperations{
			Create: []client.ComponentCreateOp{{BatchID: "api", Body: client.ComponentCreate{Name: "API", RootWorkspace: wsApps, TypeID: tApp}}},
			Upsert: []client.ComponentUpsertOp{{BatchID: "db", UniqueBy: []string{"rootWorkspace", "customFields.external_id"},
				Body: client.ComponentCreate{Name: "DB", RootWorkspace: wsApps, TypeID: tApp, CustomFields: client.CustomFields{"external_id": "db-1"}}}},
		},
		References: &client.ReferenceOperations{Create: []client.ReferenceCreateOp{{BatchID: "r", Body: client.ReferenceCreate{Source: "api", Target: "db", Type: 1}}}},
	}
	expanded, err := c.ExpandBatch(ctx, req)
	if err != nil || len(expanded.Components.Create) != 1 {
		t.Fatalf("expand %+v %v", expanded, err)
	}
	if n, _ := srv.Counts(); n != 3 {
		t.Fatal("expand must not execute")
	}
	resp, err := c.Batch(ctx, req)
	if err != nil || len(resp.Components.Created) != 2 || len(resp.References.Created) != 1 || resp.References.Created[0].Body == nil {
		t.Fatalf("batch %+v %v", resp, err)
	}
	apiID := resp.Components.Created[0].ID
	_, err = c.Batch(ctx, client.BatchRequest{Components: &client.ComponentOperations{
		Update: []client.ComponentUpdateOp{{ID: apiID, IfVersionMatch: int64(7), Body: client.ComponentUpdate{Name: client.Set("x")}}},
	}})
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 409 || !strings.Contains(apiErr.Message, "components.update[0]") {
		t.Fatalf("failed batch %v", err)
	}
	del, err := c.Batch(ctx, client.BatchRequest{Components: &client.ComponentOperations{Delete: []client.DeleteOp{{Match: client.Criteria{"rootWorkspace": wsApps}}}}})
	if err != nil || len(del.Components.Deleted) != 2 {
		t.Fatalf("match delete %+v %v", del, err)
	}
}

func TestRetries(t *testing.T) {
	cases := []struct {
		name     string
		fault    emulator.Fault
		call     func(c *client.Client) error
		attempts int
		wantErr  bool
	}{
		{"GET retried on 503", emulator.Fault{Method: "GET", PathPrefix: "/me", Status: 503, Times: 2}, me, 3, false},
		{"GET retried on 502 and 504", emulator.Fault{Method: "GET", PathPrefix: "/me", Status: 504}, me, 2, false},
		{"GET gives up", emulator.Fault{Method: "GET", PathPrefix: "/me", Status: 502, Times: 10}, me, 3, true},
		{"GET 500 not retried", emulator.Fault{Method: "GET", PathPrefix: "/me", Status: 500}, me, 1, true},
		{"GET 429 honours Retry-After", emulator.Fault{Method: "GET", PathPrefix: "/me", Status: 429, RetryAfter: "1"}, me, 2, false},
		{"POST retried on 429", emulator.Fault{Method: "POST", PathPrefix: "/components", Status: 429, RetryAfter: "1"}, create, 2, false},
		{"POST retried on 503 with Retry-After", emulator.Fault{Method: "POST", PathPrefix: "/components", Status: 503, RetryAfter: "1"}, create, 2, false},
		{"POST not retried on bare 503", emulator.Fault{Method: "POST", PathPrefix: "/components", Status: 503}, create, 1, true},
		{"POST not retried on 502", emulator.Fault{Method: "POST", PathPrefix: "/batch", Status: 502}, batch, 1, true},
		{"PATCH with version retried", emulator.Fault{Method: "PATCH", PathPrefix: "/components/", Status: 503}, patch(client.IfVersion(1)), 2, false},
		{"PATCH latest not retried on 503", emulator.Fault{Method: "PATCH", PathPrefix: "/components/", Status: 503}, patch(client.Latest), 1, true},
		{"409 never retried", emulator.Fault{Method: "PATCH", PathPrefix: "/components/", Status: 409}, patch(client.IfVersion(1)), 1, true},
		{"DELETE retried", emulator.Fault{Method: "DELETE", PathPrefix: "/components/", Status: 502}, del, 2, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := openapitest.Start(t)
			c := mustClient(t, srv, 2)
			seedOne(t, srv)
			srv.ResetRequests()
			srv.Inject(tc.fault)
			err := tc.call(c)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v", err)
			}
			if got := len(srv.Requests()); got != tc.attempts {
				t.Fatalf("%d attempts, want %d", got, tc.attempts)
			}
		})
	}
}

const firstID = "000000000000000000000001"

func me(c *client.Client) error { _, err := c.Me(context.Background()); return err }
func create(c *client.Client) error {
	_, err := c.CreateComponent(context.Background(), client.ComponentCreate{Name: "n", RootWorkspace: wsApps, TypeID: tApp})
	return err
}
func batch(c *client.Client) error {
	_, err := c.Batch(context.Background(), client.BatchRequest{})
	return err
}
func patch(v string) func(c *client.Client) error {
	return func(c *client.Client) error {
		_, err := c.UpdateComponent(context.Background(), firstID, v, client.ComponentUpdate{Name: client.Set("x")})
		return err
	}
}
func del(c *client.Client) error { return c.DeleteComponent(context.Background(), firstID) }

func TestErrorsAndSecrets(t *testing.T) {
	srv := openapitest.Start(t)
	ctx := context.Background()
	c := mustClient(t, srv, -1)
	srv.Inject(emulator.Fault{PathPrefix: "/me", Status: 502, RawBody: "<html><body><h1>502 Bad Gateway</h1></body></html>"})
	_, err := c.Me(ctx)
	var apiErr *client.APIError
	if !errors.As(err, &apiErr) || !strings.Contains(apiErr.Body, "<html>") || !strings.Contains(err.Error(), "502 Bad Gateway") {
		t.Fatalf("HTML error: %v", err)
	}
	bad, _ := client.New(client.Config{BaseURL: srv.URL, Token: "super-secret-token", Org: srv.OrgLabel(), RequestsPerSecond: -1, MaxRetries: -1})
	_, err = bad.Me(ctx)
	if !client.IsUnauthorized(err) || strings.Contains(fmt.Sprintf("%+v %#v", err, err), "super-secret-token") {
		t.Fatalf("401 error must not carry the token: %#v", err)
	}
	for _, cfg := range []client.Config{{Token: ""}, {Token: "x", BaseURL: "not a url"}, {Token: "x", BaseURL: "/relative"}} {
		if _, err := client.New(cfg); err == nil {
			t.Fatalf("config %+v must be refused", cfg)
		}
	}
}

func TestTimeoutCancellationAndRateLimit(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), Timeout: 20 * time.Millisecond, MaxRetries: -1, RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	srv.SetLatency(200 * time.Millisecond)
	if _, err := c.Me(context.Background()); err == nil {
		t.Fatal("timeout not applied")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Me(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancellation: %v", err)
	}
	srv.SetLatency(0)
	limited, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), RequestsPerSecond: 20, Burst: 1})
	if err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	for range 5 {
		if _, err := limited.Me(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if elapsed := time.Since(began); elapsed < 150*time.Millisecond {
		t.Fatalf("5 requests at 20/s took %v", elapsed)
	}
}

func TestRelativeNextLinks(t *testing.T) {
	calls := 0
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Query().Get("cursor") == "" {
			_, _ = w.Write([]byte(`{"values":[{"_id":"a","name":"A"}],"_links":{"next":{"href":"/api/v2/workspaces?cursor=2"}},"_meta":{}}`))
			return
		}
		_, _ = w.Write([]byte(`{"values":[{"_id":"b","name":"B"}],"_links":{}}`))
	}))
	defer hs.Close()
	c, err := client.New(client.Config{BaseURL: hs.URL, Token: "t", RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	wss, err := c.ListWorkspaces(context.Background(), client.WorkspaceFilter{})
	if err != nil || len(wss) != 2 || calls != 2 {
		t.Fatalf("%v %v %d", wss, err, calls)
	}
}

func TestServerTime(t *testing.T) {
	clock := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Date", clock.Format(http.TimeFormat)) // Ardoq's clock, years ahead of this machine's
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"user":{"email":"a@example.com"},"org":{"name":"O","label":"o"}}`))
	}))
	defer srv.Close()
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: "t", RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.ServerTime(time.Now()); ok {
		t.Fatal("before any answer Ardoq's clock is not known")
	}
	if _, err := c.Me(context.Background()); err != nil {
		t.Fatal(err)
	}
	got, ok := c.ServerTime(time.Now())
	if !ok || got.Sub(clock).Abs() > 2*time.Second {
		t.Fatalf("ServerTime = %v, %v; want about %v", got, ok, clock)
	}
}

// TestRateLimitedRun runs many requests in parallel against a server that allows 40 a second: every
// request succeeds, and the client follows Ardoq's 429s instead of hammering it. Its seconds last a
// tenth of one: the server allows 400 a real second and says "Retry-After: 1" for a tenth of one.
func TestRateLimitedRun(t *testing.T) {
	srv := openapitest.Start(t)
	c, err := client.New(client.Config{BaseURL: srv.URL, Token: srv.Token(), Org: srv.OrgLabel(), UserAgent: "client-test/1",
		Second: time.Second / 10})
	if err != nil {
		t.Fatal(err)
	}
	srv.SetRateLimit(400, 10)
	const workers, each = 8, 15
	errs := make(chan error, workers)
	for range workers {
		go func() {
			for range each {
				if _, err := c.GetWorkspace(context.Background(), wsApps); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range workers {
		if err := <-errs; err != nil {
			t.Fatalf("a run under a server rate limit must not fail: %v", err)
		}
	}
	limited := 0
	for _, r := range srv.Requests() {
		if r.Status == http.StatusTooManyRequests {
			limited++
		}
	}
	t.Logf("%d requests, %d answered 429", workers*each, limited)
	if limited > workers*each/5 {
		t.Errorf("%d of %d requests were answered 429: the client must slow down when told", limited, workers*each)
	}
}

// Writes counts every write; WritesBesidesDeletes leaves deletes out, and reads count in neither.
func TestWriteCounts(t *testing.T) {
	c, _ := newClient(t)
	ctx := context.Background()
	created, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "Counted", RootWorkspace: wsApps, TypeID: tApp})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetComponent(ctx, created.ID); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteComponent(ctx, created.ID); err != nil {
		t.Fatal(err)
	}
	if c.Writes() != 2 || c.WritesBesidesDeletes() != 1 {
		t.Fatalf("writes %d, besides deletes %d; want 2 and 1", c.Writes(), c.WritesBesidesDeletes())
	}
}
