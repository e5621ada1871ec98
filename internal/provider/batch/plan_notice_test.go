package batch

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

func TestAdoptionNotice(t *testing.T) {
	text := func(s string) *string { return &s }
	handMade := &client.Component{ID: "c1", ComponentKey: "APP-16", Name: "Billing (hand-made)", RootWorkspace: "ws", TypeID: "t",
		Description: text("written by hand"), Color: text("#fff"),
		CustomFields: client.CustomFields{"external_id": "bill-1", "cost": json.Number("12"), "owner": "team-a"}}
	planned := batchItems{Components: map[string]entity.ComponentValues{
		"billing": {RootWorkspace: "ws", TypeID: "t", Name: "Billing", Color: text("#fff"),
			CustomFields: strs("external_id", "bill-1", "cost", "12.0")},
		"same": {RootWorkspace: "ws", TypeID: "t", Name: "Same", Description: text("new")},
	}}
	same := &client.Component{ID: "c2", Name: "Same", RootWorkspace: "ws", TypeID: "t"}
	adopted := batchMatches{Components: map[string]batchMatch{"billing": componentMatch(handMade), "same": componentMatch(same)}}

	notice := adoptionNotice(planned, adopted)
	for _, want := range []string{`components["billing"] takes over APP-16`, `name "Billing (hand-made)" becomes "Billing"`,
		`description "written by hand" is unset`} {
		if !strings.Contains(notice, want) {
			t.Errorf("the notice lacks %q:\n%s", want, notice)
		}
	}
	for _, unwanted := range []string{"color", "cost", "owner", `components["same"]`} {
		if strings.Contains(notice, unwanted) {
			t.Errorf("the notice must not mention %q (unchanged, the same number, unmanaged, or only set):\n%s", unwanted, notice)
		}
	}
	if got := adoptionNotice(batchItems{Components: map[string]entity.ComponentValues{"same": planned.Components["same"]}},
		batchMatches{Components: map[string]batchMatch{"same": componentMatch(same)}}); got != "" {
		t.Errorf("an adoption that only sets values is no loss, got %q", got)
	}
}
