package batch

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
)

// The outside components of unknownPlanPrior's items: b's parent, and ay's target.
const (
	outsideX = "0000000000000000000000aa"
	outsideY = "0000000000000000000000bb"
)

var unknownText = tftypes.NewValue(tftypes.String, tftypes.UnknownValue)

func componentItem(name, parent string) map[string]tftypes.Value {
	item := map[string]tftypes.Value{"root_workspace": str("5eed0000000000000000b001"), "type_id": str("t"), "name": str(name)}
	if parent != "" {
		item["parent"] = str(parent)
	}
	return item
}

func referenceItem(source, target string) map[string]tftypes.Value {
	return map[string]tftypes.Value{"source": str(source), "target": str(target), "type": str("1")}
}

func itemsValue(items map[string]map[string]tftypes.Value) tftypes.Value {
	out := map[string]tftypes.Value{}
	for k, attrs := range items {
		out[k] = tfObject(attrs)
		if attrs == nil {
			out[k] = tftypes.NewValue(tftypes.DynamicPseudoType, tftypes.UnknownValue)
		}
	}
	return tfObject(out)
}

// unknownPlanItems are the items of unknownPlanPrior's configuration: components a, b (below a component
// outside the batch) and c (below b); references a → b, a → a component outside, and c → a.
func unknownPlanItems() (components, references map[string]map[string]tftypes.Value) {
	return map[string]map[string]tftypes.Value{"a": componentItem("A", ""), "b": componentItem("B", outsideX), "c": componentItem("C", "b")},
		map[string]map[string]tftypes.Value{"ab": referenceItem("a", "b"), "ay": referenceItem("a", outsideY), "ca": referenceItem("c", "a")}
}

// unknownPlanPrior is the state of unknownPlanItems: each item's id is "id-" and its key, at version 1.
func unknownPlanPrior() batchRaw {
	components, references := unknownPlanItems()
	raw := batchRaw{"components": itemsValue(components), "references": itemsValue(references)}
	items := raw.items()
	for k, c := range items.Components {
		c.ID, c.Version, c.ComponentKey = "id-"+k, 1, "K-"+k
		items.Components[k] = c
	}
	for k, r := range items.References {
		r.ID, r.Version, r.RootWorkspace, r.TargetWorkspace = "id-"+k, 1, "5eed0000000000000000b001", "5eed0000000000000000b001"
		items.References[k] = r
	}
	raw["computed_components"] = computedComponents(items.Components, nil, tftypes.NewValue(tftypes.DynamicPseudoType, nil))
	raw["computed_references"] = computedReferences(items.References, nil, tftypes.NewValue(tftypes.DynamicPseudoType, nil))
	return raw
}

// idsAndVersions writes a computed map as "key id/version" ("?" for unknown), or "unknown".
func idsAndVersions(v tftypes.Value) map[string]string {
	if !v.IsKnown() {
		return map[string]string{"": "unknown"}
	}
	text := func(e tftypes.Value) string {
		if !e.IsKnown() {
			return "?"
		}
		s, _ := convert.ScalarText(e)
		return s
	}
	out := map[string]string{}
	for k, e := range convert.ElementsOrNil(v) {
		attrs := convert.ElementsOrNil(e)
		out[k] = text(attrs["id"]) + "/" + text(attrs["version"])
	}
	return out
}

// resolution is a value an unknown may turn out to be, with the items Ardoq took along by then (left out
// of the prior state, as withoutTakenAlong leaves them out).
type resolution struct {
	value tftypes.Value
	lost  []string
}

// The plan of values known only at apply keeps known what does not depend on them: the keys, the ids of
// the items that keep their entity whatever the unknowns turn out to be, and the versions of those that
// do not change; and the deletions where the keys and the types of the items that existed are known. The
// plan with the values known (the apply walk's) agrees with it whatever they turn out to be: a known value
// stays, and a known map keeps its keys, as Terraform requires.
func TestPlannedWithUnknowns(t *testing.T) {
	unchanged := map[string]string{"a": "id-a/1", "b": "id-b/1", "c": "id-c/1"}
	unchangedRefs := map[string]string{"ab": "id-ab/1", "ay": "id-ay/1", "ca": "id-ca/1"}
	with := func(m map[string]string, kv ...string) map[string]string {
		out := maps.Clone(m)
		for i := 0; i+1 < len(kv); i += 2 {
			if kv[i+1] == "" {
				delete(out, kv[i])
			} else {
				out[kv[i]] = kv[i+1]
			}
		}
		return out
	}
	unknownItem := tftypes.NewValue(tftypes.DynamicPseudoType, tftypes.UnknownValue)
	cases := []struct {
		name             string
		place            func(components, references map[string]map[string]tftypes.Value, v tftypes.Value) (tftypes.Value, tftypes.Value)
		unknown          tftypes.Value
		resolved         []resolution
		adopt            bool
		components, refs map[string]string
		deletions        string
	}{
		{
			name: "a reference's target outside the batch is not known", components: unchanged,
			refs: with(unchangedRefs, "ay", "?/?"), deletions: "[]",
			place: func(cs, rs map[string]map[string]tftypes.Value, v tftypes.Value) (tftypes.Value, tftypes.Value) {
				rs["ay"]["target"] = v
				return itemsValue(cs), itemsValue(rs)
			},
			unknown:  unknownText,
			resolved: []resolution{{value: str(outsideY)}, {value: str(outsideX)}, {value: str("b")}, {value: str(outsideX), lost: []string{"ay"}}},
		},
		{
			// Ardoq takes b along if its parent is replaced first, and with it c and the references touching them
			name: "a parent outside the batch is not known", components: with(unchanged, "b", "?/?", "c", "?/?"),
			refs: with(unchangedRefs, "ab", "?/?", "ca", "?/?"), deletions: "[]",
			place: func(cs, rs map[string]map[string]tftypes.Value, v tftypes.Value) (tftypes.Value, tftypes.Value) {
				cs["b"]["parent"] = v
				return itemsValue(cs), itemsValue(rs)
			},
			unknown:  unknownText,
			resolved: []resolution{{value: str(outsideX)}, {value: str(outsideY)}, {value: str(outsideY), lost: []string{"b", "c", "ab", "ca"}}},
		},
		{
			name: "a type is not known", components: with(unchanged, "a", "?/?"),
			refs: map[string]string{"ab": "id-ab/?", "ay": "id-ay/?", "ca": "id-ca/?"}, deletions: "unknown",
			place: func(cs, rs map[string]map[string]tftypes.Value, v tftypes.Value) (tftypes.Value, tftypes.Value) {
				cs["a"]["type_id"] = v
				return itemsValue(cs), itemsValue(rs)
			},
			unknown:  unknownText,
			resolved: []resolution{{value: str("t")}, {value: str("t2")}},
		},
		{
			name: "a new item is not known, a reference is removed, a name changes", components: with(unchanged, "d", "?/?", "b", "id-b/?"),
			refs: with(unchangedRefs, "ca", ""), deletions: `[reference "ca"]`,
			place: func(cs, rs map[string]map[string]tftypes.Value, v tftypes.Value) (tftypes.Value, tftypes.Value) {
				out := itemsValue(cs)
				elems := convert.ElementsOrNil(out)
				elems["d"] = v
				elems["b"] = tfObject(componentItem("B2", outsideX))
				delete(rs, "ca")
				return tfObject(elems), itemsValue(rs)
			},
			unknown:  unknownItem,
			resolved: []resolution{{value: tfObject(componentItem("D", ""))}, {value: tfObject(componentItem("D", "b"))}},
		},
		{
			name: "as before, adopting", adopt: true, components: with(unchanged, "d", "?/?", "b", "id-b/?"),
			refs: with(unchangedRefs, "ca", ""), deletions: "unknown",
			place: func(cs, rs map[string]map[string]tftypes.Value, v tftypes.Value) (tftypes.Value, tftypes.Value) {
				elems := convert.ElementsOrNil(itemsValue(cs))
				elems["d"], elems["b"] = v, tfObject(componentItem("B2", outsideX))
				delete(rs, "ca")
				return tfObject(elems), itemsValue(rs)
			},
			unknown:  unknownItem,
			resolved: []resolution{{value: tfObject(componentItem("D", ""))}},
		},
		{
			name: "the components are not known", components: map[string]string{"": "unknown"},
			refs: map[string]string{"ab": "id-ab/?", "ay": "id-ay/?", "ca": "id-ca/?"}, deletions: "unknown",
			place: func(_, rs map[string]map[string]tftypes.Value, v tftypes.Value) (tftypes.Value, tftypes.Value) {
				return v, itemsValue(rs)
			},
			unknown: unknownItem,
			resolved: []resolution{{value: func() tftypes.Value { cs, _ := unknownPlanItems(); return itemsValue(cs) }()},
				{value: func() tftypes.Value {
					cs, _ := unknownPlanItems()
					cs["a"]["type_id"] = str("t2")
					return itemsValue(cs)
				}()}},
		},
	}
	prior := unknownPlanPrior()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			components, references := unknownPlanItems()
			cv, rv := tc.place(components, references, tc.unknown)
			plan := batchRaw{"components": cv, "references": rv}
			if tc.adopt {
				plan[adoptComponentsBy] = tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, []tftypes.Value{str("name")})
			}
			items, known, _ := plan.planned()
			if known {
				t.Fatal("the case has no unknown value")
			}
			computed, _, _ := plannedWithUnknowns(prior, items, unknownsOf(plan), adoptionOf(plan))
			if got := idsAndVersions(computed["computed_components"]); !maps.Equal(got, tc.components) {
				t.Errorf("computed_components: %v, want %v", got, tc.components)
			}
			if got := idsAndVersions(computed["computed_references"]); !maps.Equal(got, tc.refs) {
				t.Errorf("computed_references: %v, want %v", got, tc.refs)
			}
			dels := "unknown"
			if v := computed["deletions"]; v.IsKnown() {
				dels = fmt.Sprintf("[%s]", deletionsText(v))
				if dels == "[nothing]" {
					dels = "[]"
				}
			}
			if dels != tc.deletions {
				t.Errorf("deletions: %s, want %s", dels, tc.deletions)
			}
			for _, res := range tc.resolved {
				components, references := unknownPlanItems()
				cv, rv := tc.place(components, references, res.value)
				resolved := batchRaw{"components": cv, "references": rv, adoptComponentsBy: plan.get(adoptComponentsBy)}
				final := knownPlan(t, prior, resolved, res.lost)
				for _, name := range []string{"computed_components", "computed_references", "deletions"} {
					if err := consistent(computed[name], final[name]); err != nil {
						t.Errorf("resolved as %v (lost %v): %s: %v", res.value, res.lost, name, err)
					}
				}
			}
		})
	}
}

// knownPlan is planChange's plan of values all known, from prior without the lost items.
func knownPlan(t *testing.T, prior, plan batchRaw, lost []string) batchRaw {
	t.Helper()
	items, known, diags := plan.planned()
	if !known || diags.HasError() {
		t.Fatalf("the resolved plan: known %v, %v", known, diags)
	}
	priorItems := without(prior.items(), lost...)
	adopt := adoptionOf(plan)
	_, keys, diags := planBatch(batchPlanInput{prior: priorItems, plan: items, adoptComponentsBy: adopt.components,
		models: map[string]*client.WorkspaceContext{"5eed0000000000000000b001": testModels["w"]}})
	if diags.HasError() {
		t.Fatal(diags)
	}
	plannedComputed(priorItems, items, keys)
	computed := renderPlanned(items, keys, prior)
	computed["deletions"] = deletionsValue(plannedDeletions(priorItems, keys, items))
	return computed
}

// consistent says where final breaks what first said: a known value changed, or a known collection
// gained or lost an element.
func consistent(first, final tftypes.Value) error {
	switch {
	case !first.IsKnown():
		return nil
	case !final.IsKnown():
		return fmt.Errorf("%v is unknown now", first)
	case first.Type().Is(tftypes.List{}):
		var a, b []tftypes.Value
		_, _ = first.As(&a), final.As(&b)
		if len(a) != len(b) {
			return fmt.Errorf("%d elements, %d now", len(a), len(b))
		}
		for i := range a {
			if err := consistent(a[i], b[i]); err != nil {
				return fmt.Errorf("[%d]: %w", i, err)
			}
		}
		return nil
	case first.Type().Is(tftypes.Map{}) || first.Type().Is(tftypes.Object{}):
		a, b := convert.ElementsOrNil(first), convert.ElementsOrNil(final)
		if !slices.Equal(slices.Sorted(maps.Keys(a)), slices.Sorted(maps.Keys(b))) {
			return fmt.Errorf("keys %v, %v now", slices.Sorted(maps.Keys(a)), slices.Sorted(maps.Keys(b)))
		}
		for k := range a {
			if err := consistent(a[k], b[k]); err != nil {
				return fmt.Errorf("[%q]: %w", k, err)
			}
		}
		return nil
	case !first.Equal(final):
		return fmt.Errorf("%v, %v now", first, final)
	}
	return nil
}
