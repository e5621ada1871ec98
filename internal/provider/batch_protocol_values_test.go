package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/tfwire/tfwiretest"
)

// ardoq_batch's plans and states read and write through tfwire exactly as through tftypes.
func TestBatchProtocol_valuesSameAsTftypes(t *testing.T) {
	r := newBatchRPC(t)
	config := providertest.SmallItems(50, 0)
	planned := r.Plan(nil, nil, config).PlannedState
	state := r.Apply(nil, planned, config)
	for name, dv := range map[string]*tfprotov6.DynamicValue{"an ardoq_batch plan": planned, "an ardoq_batch state": state} {
		t.Run(name, func(t *testing.T) {
			v, err := dv.Unmarshal(r.Typ)
			if err != nil {
				t.Fatal(err)
			}
			tfwiretest.SameAsTftypes(t, r.Typ, v)
		})
	}
}
