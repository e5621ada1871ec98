// Package cascade is everything about Ardoq's cascade (FACTS.md §cascade): deleting a component deletes its descendants and
// every reference touching any of them. At plan, a delete says what Ardoq would take along, by name, from
// what Ardoq holds (notice.go, reading.go), and records it with the versions it saw (Announced); at apply,
// the guard looks again before the delete is sent and refuses anything taken along that the plan did not
// announce or that changed since (guard.go). What Terraform does not tell a provider (what other resources
// of the same plan do, and in which order) is never guessed: DESIGN.md says why.
package cascade

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/convert"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/diagnostics"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/wsmodel"
)

// Notice is how a guarded delete is named in its refusal or warning.
type Notice struct {
	Summary string            // the refusal's summary
	What    string            // `component "Payments" (APP-12, id ...)`
	Names   map[string]string // component id -> name, for the references listed
	NotSent string            // what the refusal left undone: "The component was not deleted."
	Ways    []string          // the caller's own ways to proceed (WayReplace), before those Deletes adds
	// Held says, by id, which resource of this configuration keeps a listed entity
	// ("ardoq_batch item references[\"svc_crm\"]"), as far as the request says.
	Held map[string]string
	// ChangedSummary is the summary of the refusal of a delete whose component changed since the plan.
	ChangedSummary string
	// TypeNames names the reference types of a workspace's model; asked only to word a refusal or warning.
	TypeNames func(ctx context.Context, workspace string) map[int64]string
}

// Announced is what a plan said Ardoq takes along with its deletes, by id, at the versions Ardoq held then
// (Along.Announced). It travels from the plan to the apply in the plan's private state. A nil *Announced
// is a plan that announced nothing (one made by an earlier version, or whose check could not be made).
type Announced struct {
	Components map[string]int64 `json:"components,omitempty"`
	References map[string]int64 `json:"references,omitempty"`
}

// Deletes runs the checks for deletes, once, just before they are sent. A component to delete that Ardoq
// holds at another version than the plan saw (in.Seen) is refused: someone changed it since. Then what
// Ardoq would take along (descendants, and references touching them, that Ardoq still holds and the
// deletes do not delete themselves):
//   - by default, anything there refuses the deletes, each entity named with who made and last changed it;
//   - with allow (allow_cascade_delete), it goes along when the plan announced it and Ardoq still holds it
//     at the version the plan saw; anything else (added since the plan, changed since, never announced)
//     refuses the deletes.
//
// A refusal is an error, and false. Taken is what the deletes take along when allowed: the caller reports
// it once the deletes are done (Taken.Report).
func Deletes(ctx context.Context, diags *diag.Diagnostics, c *client.Client, allow bool, deletes map[string]string, in Input,
	announced *Announced, n Notice) (Taken, bool) {
	lost, changed, err := checkCascade(ctx, c, deletes, in)
	if err != nil {
		diags.AddError("Unable to Check What the Delete Would Take Along", diagnostics.ClientErrorDetail(err)+" "+n.NotSent)
		return Taken{}, false
	}
	if len(changed) > 0 {
		diags.AddError(n.ChangedSummary, ChangedSincePlan(changed)+"\n"+n.NotSent+" Plan again (without -refresh=false) to see it as Ardoq holds it now, "+
			"and apply that plan to delete it.")
		return Taken{}, false
	}
	if lost.Empty() {
		return Taken{}, true
	}
	if !allow {
		diags.AddError(n.Summary, cascadeRefusal(n.What, lost, n.labels(ctx, c, lost), n.Held, nil, n.NotSent, defaultWays(n.Ways, lost, n.Held)))
		return Taken{}, false
	}
	refused, why := announced.unannounced(lost)
	if !refused.Empty() {
		ways := allowedWays(n.Ways, refused, n.Held)
		diags.AddError(n.Summary, cascadeRefusal(n.What, refused, n.labels(ctx, c, refused), n.Held, why, n.NotSent, ways)+
			"\nallow_cascade_delete lets Ardoq delete only what the plan listed, unchanged since.")
		return Taken{}, false
	}
	tflog.Info(ctx, "the delete takes along what its plan announced", map[string]any{"components": len(lost.components),
		"references": len(lost.references)})
	return Taken{listing: takenListing(n.What, lost, n.labels(ctx, c, lost), n.Held)}, true
}

// Taken is what allowed deletes take along in Ardoq; empty when they take nothing.
type Taken struct{ listing string }

// Report says, once the deletes are done, what Ardoq deleted with them.
func (t Taken) Report(diags *diag.Diagnostics) {
	if t.listing == "" {
		return
	}
	diags.AddWarning("Ardoq Deleted Dependents Too", t.listing+"\nallow_cascade_delete is set and the plan listed these, unchanged "+
		"since, so Ardoq deleted them with it.")
}

// unannounced is what of lost the plan did not announce at the version Ardoq holds now, with why for each
// (when the plan announced anything at all).
func (a *Announced) unannounced(lost Lost) (Lost, map[string]string) {
	var out Lost
	why := map[string]string{}
	check := func(id string, version int64, announced map[string]int64) bool {
		if a == nil {
			return false
		}
		then, ok := announced[id]
		switch {
		case !ok:
			why[id] = ", not in this plan's notice (added or moved there in Ardoq since the plan)"
		case then != version:
			why[id] = fmt.Sprintf(", changed in Ardoq since the plan (version %d then, %d now)", then, version)
		}
		return ok && then == version
	}
	for _, comp := range lost.components {
		if !check(comp.ID, comp.Version, a.components()) {
			out.components = append(out.components, comp)
		}
	}
	for _, ref := range lost.references {
		if !check(ref.ID, ref.Version, a.references()) {
			out.references = append(out.references, ref)
		}
	}
	return out, why
}

func (a *Announced) components() map[string]int64 {
	if a == nil {
		return nil
	}
	return a.Components
}

func (a *Announced) references() map[string]int64 {
	if a == nil {
		return nil
	}
	return a.References
}

// ListedEntities shows at most this many lost entities by name; the rest are counted.
const ListedEntities = 8

// Ways to proceed after a refusal: WayReplace is the caller's to give (Notice.Ways); Deletes adds the rest
// (defaultWays, allowedWays).
const (
	// WayReplace applies when the component is being replaced (a new type_id or root_workspace).
	WayReplace = "if the component is being replaced (a new type_id or root_workspace), add lifecycle { create_before_destroy = true } " +
		"to this resource: what refers to it in the configuration moves to the new component before the old one is deleted"
	wayKeep    = "to keep what this configuration keeps, give it another parent (or source and target) there; to delete it too, remove it"
	wayOutside = "move or delete in Ardoq what no resource of this configuration manages (or import it), and plan again"
	wayEither  = "to keep them, give them another parent (or source and target), in Ardoq or in the configuration that manages " +
		"them; to delete them too, remove them from that configuration or delete them in Ardoq, and plan again"
	// wayUnordered applies to a delete refused by default: another resource of the plan may delete the dependents after it.
	wayUnordered = "if another resource of this configuration deletes them too: Terraform waits only for the resources it destroys " +
		"that refer to this component by an expression (or by depends_on). Those naming it by a literal id are deleted in the same " +
		"apply, and the next applies finish (one level of the tree each). An ardoq_batch whose update drops them waits for this delete: apply that " +
		"batch first (terraform apply -target with its address), then apply again"
	// wayPlanAgain applies to a delete whose plan announced what Ardoq takes along: what changed since goes to a new plan.
	wayPlanAgain = "to let them go with it, plan again: the new plan lists what Ardoq would take along now, and applying that plan " +
		"lets Ardoq delete what it listed"
	allowCascade = "or set allow_cascade_delete = true in the provider block (or ARDOQ_ALLOW_CASCADE_DELETE=true) to let Ardoq delete them"
)

// cascadeListing says what deleting what would take along: a handful by name, each with who made and last
// changed it, then a count. labels names the references listed; held says which resource of this
// configuration keeps an entity; why says why an entity stops the delete, where the caller knows more.
func cascadeListing(what string, lost Lost, labels, held, why map[string]string) string {
	return fmt.Sprintf("Ardoq still holds %s below or touching %s, and would delete %s with it:\n", lostCount(lost), what,
		pronoun(len(lost.components)+len(lost.references))) + entityLines(lost, labels, held, why)
}

func pronoun(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// takenListing says what Ardoq deleted along with what.
func takenListing(what string, lost Lost, labels, held map[string]string) string {
	return fmt.Sprintf("Ardoq deleted %s with %s:\n", lostCount(lost), what) + entityLines(lost, labels, held, nil)
}

// entityLines lists lost entities, one a line, up to ListedEntities, then a count.
func entityLines(lost Lost, labels, held, why map[string]string) string {
	var b strings.Builder
	status := func(id string, m client.Meta) string {
		out := Origin(m)
		if h, ok := held[id]; ok {
			out += ", kept by " + h
		}
		return out + why[id]
	}
	shown := 0
	for _, c := range lost.components {
		if shown < ListedEntities {
			fmt.Fprintf(&b, "  - component %q (%s, id %s)%s\n", c.Name, cmp.Or(c.ComponentKey, "no key"), c.ID, status(c.ID, c.Meta))
		}
		shown++
	}
	for _, r := range lost.references {
		if shown < ListedEntities {
			fmt.Fprintf(&b, "  - reference %s (id %s)%s\n", labels[r.ID], r.ID, status(r.ID, r.Meta))
		}
		shown++
	}
	if shown > ListedEntities {
		fmt.Fprintf(&b, "  - and %d more\n", shown-ListedEntities)
	}
	return b.String()
}

// cascadeRefusal is the detail of the error that refuses a delete: what would be lost, that the delete
// was not sent (notSent), and the ways to proceed (defaultWays or allowedWays).
func cascadeRefusal(what string, lost Lost, labels, held, why map[string]string, notSent string, ways []string) string {
	var b strings.Builder
	b.WriteString(cascadeListing(what, lost, labels, held, why))
	b.WriteString("\n" + notSent + " Ardoq deletes a component's descendants and every reference touching them with it. To proceed:\n")
	for _, way := range ways {
		b.WriteString("  - " + way + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// defaultWays are the ways out of a refusal without allow_cascade_delete: the caller's, keeping or deleting
// the dependents, ordering the deletes, or the setting.
func defaultWays(ways []string, lost Lost, held map[string]string) []string {
	return append(append(append([]string(nil), ways...), keepWays(lost, held)...), wayUnordered, allowCascade)
}

// allowedWays are the ways out of a refusal under allow_cascade_delete: the caller's, a new plan, or
// keeping or deleting the dependents.
func allowedWays(ways []string, lost Lost, held map[string]string) []string {
	return append(append(append([]string(nil), ways...), wayPlanAgain), keepWays(lost, held)...)
}

// keepWays are the ways to keep or delete the dependents: for those this configuration keeps (held), for
// those it does not manage, or, when the caller does not know which (held is nil), both in one.
func keepWays(lost Lost, held map[string]string) []string {
	if held == nil {
		return []string{wayEither}
	}
	var kept, outside bool
	for _, c := range lost.components {
		_, h := held[c.ID]
		kept, outside = kept || h, outside || !h
	}
	for _, r := range lost.references {
		_, h := held[r.ID]
		kept, outside = kept || h, outside || !h
	}
	var ways []string
	if kept {
		ways = append(ways, wayKeep)
	}
	if outside {
		ways = append(ways, wayOutside)
	}
	return ways
}

// labels names the listed references "Payments → Orders DB (Depends on)": their ends by name (from Names,
// or read from Ardoq) and their type by the model, where known; an end that cannot be read stays an id.
func (n Notice) labels(ctx context.Context, c *client.Client, lost Lost) map[string]string {
	names := map[string]string{}
	for id, name := range n.Names {
		names[id] = name
	}
	for _, comp := range lost.components {
		names[comp.ID] = comp.Name
	}
	typeNames := map[string]map[int64]string{}
	labels := map[string]string{}
	for i, r := range lost.references {
		if i == ListedEntities {
			break
		}
		for _, end := range []string{r.Source, r.Target} {
			if _, known := names[end]; !known {
				names[end] = end
				if got, err := c.GetComponent(ctx, end); err == nil {
					names[end] = got.Name
				}
			}
		}
		if _, read := typeNames[r.RootWorkspace]; !read && n.TypeNames != nil {
			typeNames[r.RootWorkspace] = n.TypeNames(ctx, r.RootWorkspace)
		}
		labels[r.ID] = wsmodel.ReferenceLabel(names[r.Source], names[r.Target], typeNames[r.RootWorkspace][r.Type])
	}
	return labels
}

func lostCount(lost Lost) string { return counts(len(lost.components), len(lost.references)) }

// counts says "1 descendant component and 2 references".
func counts(components, references int) string {
	var parts []string
	if components > 0 {
		parts = append(parts, convert.Plural(components, "descendant component", "descendant components"))
	}
	if references > 0 {
		parts = append(parts, convert.Plural(references, "reference", "references"))
	}
	return strings.Join(parts, " and ")
}
