package recovery

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// The already-made warning names who may have made the entity without claiming it was an interrupted
// run, gives the id to import (no placeholder), sits at an ardoq_batch item when told, and is an error
// with prevent_duplicates.
func TestWarnAlreadyMade_wording(t *testing.T) {
	org := providertest.NewEmulatedOrg(t)
	c, err := client.New(client.Config{BaseURL: org.Srv.URL, Token: org.Srv.Token(), Org: org.Srv.OrgLabel(), RequestsPerSecond: -1})
	if err != nil {
		t.Fatal(err)
	}
	d := providerdata.New(c, providerdata.Settings{})
	me, err := d.Claims.CallerEmail(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	found := client.Component{ID: "5eed0000000000000000c0a1", Meta: client.Meta{CreatedByEmail: me, Created: "2026-11-24T08:14:03Z"}}
	search := CreateSearch[client.Component]{What: Known(`component "Payments API" (type t in workspace w)`),
		Find: func(context.Context) ([]client.Component, error) { return []client.Component{found}, nil },
		Meta: func(c client.Component) client.Meta { return c.Meta }, IDOf: func(c client.Component) string { return c.ID }}

	diags := WarnAlreadyMade(context.Background(), d, search, "Component", Known(`"Payments API"`))
	if len(diags) != 1 || diags.HasError() || diags[0].Summary() != `Component "Payments API" Already in Ardoq` {
		t.Fatalf("want one warning, got %v", diags)
	}
	detail := diags[0].Detail()
	// What Ardoq holds (named by the search, with the id, when and by whom it was made), that creating makes a
	// second, how to take it over, and where to read more; no placeholder, and nothing about this run's reads
	// or where Terraform prints the address.
	for _, want := range []string{`Ardoq already holds component "Payments API" (type t in workspace w) with id 5eed0000000000000000c0a1, ` +
		"created by you at 2026-11-24T08:14:03Z; creating this one makes a second.", `import it into this resource: an import block with ` +
		`id = "5eed0000000000000000c0a1", or terraform import with the id 5eed0000000000000000c0a1.`, `the guide "When a run is interrupted"`} {
		if !strings.Contains(detail, want) {
			t.Errorf("the warning lacks %q:\n%s", want, detail)
		}
	}
	for _, not := range []string{"<", "A run that was interrupted", "no resource has read", "address is the one"} {
		if strings.Contains(detail, not) {
			t.Errorf("the warning says %q:\n%s", not, detail)
		}
	}

	d.Settings.PreventDuplicates = true
	at := path.Root("components").AtMapKey("api")
	diags = WarnIfAlreadyMade(context.Background(), d, search, AlreadyMade{Noun: "Component", Name: Known(`"Payments API"`), At: at,
		TakeOver: func(id string) string { return "Adopt " + id + "." }})
	withPath, ok := diags[0].(diag.DiagnosticWithPath)
	if !diags.HasError() || !ok || !withPath.Path().Equal(at) || !strings.Contains(diags[0].Detail(), "Adopt 5eed0000000000000000c0a1.") ||
		!strings.Contains(diags[0].Detail(), "prevent_duplicates is set") {
		t.Fatalf("with prevent_duplicates, want an error at %s with the way to take it over, got %v", at, diags)
	}
}

// The already-made search reports every entity Ardoq holds with the identity, whoever manages it, and
// leaves out only what this process's own writes made or its lost-answer searches took (core/claims).
func TestWarnIfAlreadyMade_leavesOutOnlyWhatThisProcessWrote(t *testing.T) {
	org := providertest.NewEmulatedOrg(t)
	d := providerdata.New(org.Client, providerdata.Settings{PreventDuplicates: true})
	me, err := d.Claims.CallerEmail(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	meta := client.Meta{CreatedByEmail: me, Created: "2026-11-24T08:14:03Z"}
	found := []client.Component{{ID: "5eed0000000000000000c001", Meta: meta}, {ID: "5eed0000000000000000c002", Meta: meta},
		{ID: "5eed0000000000000000c003", Meta: meta}}
	d.Claims.Made(found[0].ID)
	d.Claims.Recovered(found[1].ID)
	search := CreateSearch[client.Component]{What: Known(`component "Payments API"`),
		Find: func(context.Context) ([]client.Component, error) { return found, nil },
		Meta: func(c client.Component) client.Meta { return c.Meta }, IDOf: func(c client.Component) string { return c.ID }}
	diags := WarnAlreadyMade(context.Background(), d, search, "Component", Known(`"Payments API"`))
	if diags.ErrorsCount() != 1 || len(diags) != 1 || !strings.Contains(diags[0].Detail(), found[2].ID) {
		t.Fatalf("want one error, for %s, got %v", found[2].ID, diags)
	}
	if want := "If another resource of this configuration manages it, the two describe the same component"; !strings.Contains(diags[0].Detail(), want) {
		t.Errorf("the error does not say %q:\n%s", want, diags[0].Detail())
	}
}
