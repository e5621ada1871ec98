package recovery

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/detach"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/providerdata"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// stopTimeout is the request timeout of the stop tests: short, so that the bound is too.
const stopTimeout = 300 * time.Millisecond

// frozenOrg is an emulated org whose client has a short request timeout, and that then stops answering
// (every request is held until the client gives up).
func frozenOrg(t *testing.T) (providertest.EmulatedOrg, *client.Client) {
	t.Helper()
	org := providertest.NewEmulatedOrg(t)
	c, err := client.New(client.Config{BaseURL: org.Srv.URL, Token: org.Srv.Token(), Org: org.Srv.OrgLabel(), RequestsPerSecond: -1,
		Timeout: stopTimeout})
	if err != nil {
		t.Fatal(err)
	}
	org.Srv.Inject(emulator.Fault{Hold: time.Hour, Times: 1_000_000})
	return org, c
}

// stopSoon cancels a context shortly, as Terraform does when the user presses Ctrl-C.
func stopSoon(t *testing.T) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	time.AfterFunc(50*time.Millisecond, cancel)
	return ctx
}

// withinStopBound fails the test when what started at began took longer than the bound after a stop
// (plus the moment before the stop, and some slack for a busy machine).
func withinStopBound(t *testing.T, began time.Time) {
	t.Helper()
	limit := 50*time.Millisecond + detach.StopBound(stopTimeout) + 250*time.Millisecond
	if took := time.Since(began); took > limit {
		t.Fatalf("after the stop the look-ups went on for %s; the bound is %s", took, limit)
	}
}

// After Ctrl-C, with Ardoq no longer answering, looking for what a lost create made ends within the
// bound, and the error says that whether Ardoq made it is not known.
func TestRecoverCreate_stoppedWhileArdoqIsFrozen(t *testing.T) {
	org, c := frozenOrg(t)
	d := providerdata.New(c, providerdata.Settings{})
	cause := &client.AmbiguousError{Method: "POST", Path: "/api/v2/components", Err: errors.New("connection reset by peer")}
	search := CreateSearch[client.Component]{
		Noun: "component", What: Known(`component "Lost"`), Sent: time.Now(), Cause: cause,
		Find: func(ctx context.Context) ([]client.Component, error) {
			return c.ListComponents(ctx, client.ComponentFilter{RootWorkspace: org.WS, Name: "Lost"})
		},
		Meta: func(c client.Component) client.Meta { return c.Meta }, IDOf: func(c client.Component) string { return c.ID },
	}
	began := time.Now()
	got, diags := RecoverCreate(stopSoon(t), d, DefaultTiming(), search, "Unable to Create Component")
	withinStopBound(t, began)
	if got != nil || !diags.HasError() {
		t.Fatalf("nothing can be recorded: %v %v", got, diags)
	}
	detail := diags[0].Detail()
	for _, want := range []string{"Terraform stopped the provider", "before it could find out whether Ardoq made it", "recorded nothing",
		"Before the next apply, look in Ardoq for the component", "the next plan warns of it",
		"import it into this resource: an import block with its id"} {
		if !strings.Contains(detail, want) {
			t.Errorf("the error lacks %q: %s", want, detail)
		}
	}
	if strings.Contains(detail, "<") {
		t.Errorf("the error has a placeholder to fill: %s", detail)
	}
}

// The same for reading back an update, and a delete.
func TestReadBackAndConfirmDeleted_stoppedWhileArdoqIsFrozen(t *testing.T) {
	_, c := frozenOrg(t)
	cause := &client.AmbiguousError{Method: "PATCH", Path: "/api/v2/components/c1", Err: errors.New("connection reset by peer")}
	read := func(ctx context.Context) (*client.Component, error) { return c.GetComponent(ctx, "c1") }
	began := time.Now()
	_, nowVersion, outcome, why, readErr := ReadBack(stopSoon(t), c, DefaultTiming().Recheck, cause, 3, read,
		func(c *client.Component) int64 { return c.Version }, func(*client.Component) bool { return true })
	withinStopBound(t, began)
	var diags diag.Diagnostics
	AddUpdateOutcome(&diags, "Component", "c1", 3, cause, outcome, readErr, nowVersion, why, DefaultTiming().Recheck)
	if !diags.HasError() || !strings.Contains(diags[0].Detail(), "Terraform stopped the provider") ||
		!strings.Contains(diags[0].Detail(), "may or may not have applied it") {
		t.Fatalf("the update's outcome must be reported as unknown because of the stop: %v", diags)
	}

	began = time.Now()
	var deleted diag.Diagnostics
	ConfirmDeleted(stopSoon(t), c, DefaultTiming().Recheck, &deleted, "Component", "c1", cause, func(ctx context.Context) error {
		_, err := c.GetComponent(ctx, "c1")
		return err
	})
	withinStopBound(t, began)
	if !deleted.HasError() || !strings.Contains(deleted[0].Detail(), "before it could find out whether Ardoq deleted it") {
		t.Fatalf("the delete's outcome must be reported as unknown because of the stop: %v", deleted)
	}
}

// A create found nowhere after two looks is reported as that, not as "Ardoq did not create it". The
// recheck pause is nothing, so that the test does not wait.
func TestRecoverCreate_notFoundSaysOnlyWhatWasSeen(t *testing.T) {
	org := providertest.NewEmulatedOrg(t)
	c := org.Client
	search := CreateSearch[client.Component]{
		Noun: "component", What: Known(`component "Lost"`), Sent: time.Now(),
		Cause: &client.AmbiguousError{Method: "POST", Path: "/api/v2/components", Err: errors.New("connection reset by peer")},
		Find: func(ctx context.Context) ([]client.Component, error) {
			return c.ListComponents(ctx, client.ComponentFilter{RootWorkspace: org.WS, Name: "Lost"})
		},
		Meta: func(c client.Component) client.Meta { return c.Meta }, IDOf: func(c client.Component) string { return c.ID },
	}
	_, diags := RecoverCreate(context.Background(), providerdata.New(c, providerdata.Settings{}), Timing{UnknownClock: time.Minute}, search, "Unable to Create Component")
	if !diags.HasError() {
		t.Fatal("nothing found is an error")
	}
	detail := diags[0].Detail()
	if strings.Contains(detail, "did not create") || strings.Contains(detail, "nothing was changed") ||
		!strings.Contains(detail, "2 times over 0s, and found none") || !strings.Contains(detail, "run terraform plan before applying again") {
		t.Fatalf("say what was looked for and found, no more: %s", detail)
	}
}
