package export_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/export"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

const (
	appsWS  = "5eed0000000000000000b001"
	infraWS = "5eed0000000000000000b002"
	appType = "p1700000000001"
	modType = "p1700000000002"
)

type quiet struct{}

func (quiet) Workspace(string, int, int) {}
func (quiet) Read(string, int)           {}

func newClient(t testing.TB, url, token, org string) *client.Client {
	t.Helper()
	c, err := client.New(client.Config{BaseURL: url, Token: token, Org: org, RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// seedLarge gives the Applications workspace 300 applications with 4 modules each (1,500 components) and
// 1,500 references (each module calls its application, each application the next), some with colours
// and custom fields, as the workspace of issue 49 had.
func seedLarge(t testing.TB, srv *emulator.Server) {
	t.Helper()
	var apps []string
	for a := range 300 {
		fields := map[string]any{"external_id": fmt.Sprintf("app-%d", a)}
		if a%3 == 0 {
			fields["cost"] = a * 10
		}
		app, err := srv.SeedComponent(emulator.ComponentSeed{Name: fmt.Sprintf("App %03d", a), RootWorkspace: appsWS, TypeID: appType, CustomFields: fields})
		if err != nil {
			t.Fatal(err)
		}
		if a%5 == 0 {
			if err := srv.MutateComponent(app.ID, func(c *emulator.Component) { color := "#d53a7b"; c.Color = &color }); err != nil {
				t.Fatal(err)
			}
		}
		apps = append(apps, app.ID)
		for m := range 4 {
			mod, err := srv.SeedComponent(emulator.ComponentSeed{Name: "API", RootWorkspace: appsWS, TypeID: modType, Parent: &app.ID})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := srv.SeedReference(emulator.ReferenceSeed{Source: mod.ID, Target: app.ID, Type: 1}); err != nil {
				t.Fatalf("module %d: %v", m, err)
			}
		}
	}
	for i, a := range apps {
		if _, err := srv.SeedReference(emulator.ReferenceSeed{Source: a, Target: apps[(i+1)%len(apps)], Type: 1}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestExport_largeWorkspace exports 1,500 components and 1,500 references in both styles with the
// fewest requests: the list of workspaces, the model, and 15 list pages each of components and references
// (100 per page); it logs how long each took.
func TestExport_largeWorkspace(t *testing.T) {
	srv, err := emulator.New(emulator.WithDeterministicIDs(), emulator.WithRequestLog(100, 0))
	if err != nil {
		t.Fatal(err)
	}
	seedLarge(t, srv)
	hs := httptest.NewServer(srv)
	defer hs.Close()
	c := newClient(t, hs.URL, srv.Token(), srv.OrgLabel())
	for _, style := range []export.Style{export.Batch, export.Single} {
		srv.ResetRequests()
		started := time.Now()
		org, err := export.Read(context.Background(), c, []string{"APP"}, quiet{})
		if err != nil {
			t.Fatal(err)
		}
		read := time.Since(started)
		files, err := export.Write(org, style)
		if err != nil {
			t.Fatal(err)
		}
		took := time.Since(started)
		if w := org.Workspaces[0]; len(w.Components) != 1500 || len(w.References) != 1500 {
			t.Fatalf("read %d components and %d references", len(w.Components), len(w.References))
		}
		counts := srv.CountRequests()
		total := 0
		for _, n := range counts {
			total += n
		}
		if total != 32 || counts["GET /api/v2/components"] != 15 || counts["GET /api/v2/references"] != 15 {
			t.Errorf("%s: %d requests, want 32: %v", style, total, counts)
		}
		size := 0
		for _, f := range files {
			size += len(f.Body)
		}
		t.Logf("%s: read in %v, written in %v (%d requests; %d bytes of configuration)", style, read.Round(time.Millisecond), took.Round(time.Millisecond), total, size)
	}
}

// The configuration names types and workspaces by data source, references between exported workspaces
// by expression (by data source where the batches would depend on each other), a target outside them by
// its data source; names shared by several components get their keys, and every value Ardoq holds is
// written in its type.
func TestWrite(t *testing.T) {
	srv := openapitest.Start(t)
	c := newClient(t, srv.URL, srv.Token(), srv.OrgLabel())
	ctx := context.Background()
	app, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "Billing", RootWorkspace: appsWS, TypeID: appType, Color: sp("#d53a7b"),
		Shape: sp("rectangle"), Icon: sp("fa-cog"), Image: sp("https://example.com/b.png"), Description: sp("made \"by hand\" ${x}"),
		CustomFields: client.CustomFields{"cost": 1200, "critical": true, "regions": []string{"eu", "us"}, "external_id": ""}})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "API", RootWorkspace: appsWS, TypeID: modType, Parent: &app.ID}); err != nil {
			t.Fatal(err)
		}
	}
	server, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "Server", RootWorkspace: infraWS, TypeID: "p1700000000003"})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := c.CreateReference(ctx, client.ReferenceCreate{Source: app.ID, Target: server.ID, Type: 1}); err != nil {
			t.Fatal(err)
		}
	}
	org, err := export.Read(ctx, c, []string{"Applications"}, quiet{})
	if err != nil {
		t.Fatal(err)
	}
	files, err := export.Write(org, export.Single)
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]string{}
	for _, f := range files {
		all[f.Name] = string(f.Body)
	}
	apps, outside := all["applications.tf"], all["components_outside.tf"]
	for _, want := range []string{
		`variable "applications_workspace" {`, `default     = "Applications"`, `name = var.applications_workspace`,
		`data "ardoq_component_type" "applications_application" {`, `type_id        = data.ardoq_component_type.applications_application.type_id`,
		`resource "ardoq_component" "billing" {`, `color          = "#d53a7b"`, `shape          = "rectangle"`, `icon           = "fa-cog"`,
		`image          = "https://example.com/b.png"`, `description    = "made \"by hand\" $${x}"`,
		"cost     = 1200\n", "critical = true\n", `regions  = ["eu", "us"]`,
		`resource "ardoq_component" "api_app_`, `parent         = ardoq_component.billing.id`,
		`target = local.infrastructure_component_ids["INF-1"]`, `resource "ardoq_reference" "billing_depends_on_inf_1_2" {`,
		"import {\n  to = ardoq_component.billing\n  id = \"" + appsWS + "/" + app.ID + "\"\n}",
	} {
		if !strings.Contains(apps, want) {
			t.Errorf("applications.tf lacks %q:\n%s", want, apps)
		}
	}
	if strings.Contains(apps, "external_id") {
		t.Errorf("an empty field was written:\n%s", apps)
	}
	// the workspace outside the export is listed once, whatever number of references name its components
	for _, want := range []string{`data "ardoq_workspace" "infrastructure" {` + "\n  name = \"Infrastructure\"\n}",
		`data "ardoq_component_ids" "infrastructure" {` + "\n  root_workspace = data.ardoq_workspace.infrastructure.id\n}",
		"infrastructure_component_ids = data.ardoq_component_ids.infrastructure.ids"} {
		if !strings.Contains(outside, want) || strings.Contains(outside, `data "ardoq_component" `) {
			t.Errorf("components_outside.tf lacks %q, or reads a component on its own:\n%s", want, outside)
		}
	}

	if _, err := c.CreateReference(ctx, client.ReferenceCreate{Source: server.ID, Target: app.ID, Type: 1}); err != nil {
		t.Fatal(err)
	}
	org, err = export.Read(ctx, c, []string{"APP", "INF"}, quiet{})
	if err != nil {
		t.Fatal(err)
	}
	files, err = export.Write(org, export.Batch)
	if err != nil {
		t.Fatal(err)
	}
	batch := string(files[0].Body)
	for _, want := range []string{
		"import {\n  to = ardoq_batch.applications\n  id = \"" + appsWS + "\"\n}",
		`target = local.infrastructure_ids["INF-1"]`, `"APP-1 -> INF-1 #2" = {`,
	} {
		if !strings.Contains(batch, want) {
			t.Errorf("the batch lacks %q:\n%s", want, batch)
		}
	}
	// the other batch's ids are one local, made from its computed_components
	if infra := string(files[1].Body); !strings.Contains(infra, "infrastructure_ids = { for key, item in ardoq_batch.infrastructure.computed_components : key => item.id }") {
		t.Errorf("the Infrastructure batch's map of ids:\n%s", infra)
	}
	// the reference back would make a cycle of the two batches: it names its target through the listing
	if infra := string(files[1].Body); !strings.Contains(infra, `target = local.applications_component_ids["APP-1"]`) {
		t.Errorf("the reference from Infrastructure back to Applications:\n%s", infra)
	}
	if len(files) != 3 || !strings.Contains(string(files[2].Body), `data "ardoq_component_ids" "applications" {`) ||
		strings.Contains(string(files[2].Body), `data "ardoq_workspace"`) {
		t.Errorf("wrote %d files, the last:\n%s", len(files), files[len(files)-1].Body)
	}
}

func sp(s string) *string { return &s }

// The components outside the exported workspaces that references target are read from their workspace's
// list pages where there are more than a few of them, not one GET each; a few are read on their own.
func TestRead_outsideTargetsFromListings(t *testing.T) {
	srv := openapitest.Start(t)
	c := newClient(t, srv.URL, srv.Token(), srv.OrgLabel())
	ctx := context.Background()
	source, err := c.CreateComponent(ctx, client.ComponentCreate{Name: "Source", RootWorkspace: appsWS, TypeID: appType})
	if err != nil {
		t.Fatal(err)
	}
	made := 0
	for _, round := range []struct{ targets, gets int }{{3, 3}, {20, 0}} {
		for ; made < round.targets; made++ {
			target, err := c.CreateComponent(ctx, client.ComponentCreate{Name: fmt.Sprintf("Target %d", made), RootWorkspace: infraWS, TypeID: "p1700000000003"})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.CreateReference(ctx, client.ReferenceCreate{Source: source.ID, Target: target.ID, Type: 1}); err != nil {
				t.Fatal(err)
			}
		}
		srv.ResetRequests()
		org, err := export.Read(ctx, c, []string{"Applications"}, quiet{})
		if err != nil {
			t.Fatal(err)
		}
		gets := 0
		for _, r := range srv.Requests() {
			if r.Method == "GET" && strings.HasPrefix(r.Path, "/api/v2/components/") {
				gets++
			}
		}
		if gets != round.gets || len(org.Foreign) != round.targets || org.ForeignWorkspaces[infraWS].Name == "" {
			t.Errorf("%d targets: %d GETs, %d read, workspace %+v; want %d GETs, every target read and its workspace named", round.targets, gets,
				len(org.Foreign), org.ForeignWorkspaces[infraWS], round.gets)
		}
	}
}
