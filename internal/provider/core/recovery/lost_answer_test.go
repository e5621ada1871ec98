package recovery

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// A 5xx says nothing about what Ardoq did: an update found not in effect is reported as that, never as
// "nothing was changed".
func TestAddUpdateOutcome_notInEffectSaysOnlyWhatIsKnown(t *testing.T) {
	var diags diag.Diagnostics
	lost := &client.AmbiguousError{Method: "PATCH", Path: "/x", Status: 500, Err: &client.APIError{StatusCode: 500, Method: "PATCH", Path: "/x"}}
	if AddUpdateOutcome(&diags, "Component", "c1", 3, lost, updateNotApplied, nil, 3, "", 2*time.Second) || !diags.HasError() {
		t.Fatal("an update not in effect is an error")
	}
	d := diags[0].Detail()
	if strings.Contains(d, "nothing was changed") || !strings.Contains(d, "has not taken effect") || !strings.Contains(d, "instead of overwriting") {
		t.Fatalf("say what was read back, and why applying again is safe: %s", d)
	}
}

// An outcome nobody set is unknown: it never records an update as applied.
func TestUpdateOutcome_zeroIsNotApplied(t *testing.T) {
	var zero updateOutcome
	if zero != updateUnknown || zero == updateApplied {
		t.Fatalf("the zero updateOutcome is %d, want updateUnknown (%d)", zero, updateUnknown)
	}
	var diags diag.Diagnostics
	lost := &client.AmbiguousError{Method: "PATCH", Path: "/x", Err: errors.New("connection reset by peer")}
	if AddUpdateOutcome(&diags, "Component", "c1", 3, lost, zero, nil, 0, "", 0) {
		t.Fatal("the zero outcome was reported as applied")
	}
	if !diags.HasError() || !strings.Contains(diags[0].Detail(), "does not know whether Ardoq applied it") {
		t.Fatalf("the zero outcome must be an error saying the outcome is unknown: %v", diags)
	}
}

func TestJudgeUpdate(t *testing.T) {
	lost := &client.AmbiguousError{Method: "PATCH", Path: "/x", Status: 502, Err: errors.New("bad gateway")}
	conflict := &client.APIError{StatusCode: 409}
	notFound := &client.APIError{StatusCode: 404}
	tests := []struct {
		name          string
		cause, read   error
		version, sent int64
		holds         bool
		want          updateOutcome
	}{
		{"applied, answer lost", lost, nil, 4, 3, true, updateApplied},
		{"a version that moved by 2 and holds the values sent is applied", lost, nil, 5, 3, true, updateApplied},
		{"a version that moved by 1 but holds other values is someone else's change", lost, nil, 4, 3, false, updateOvertaken},
		{"retry met its own first attempt", conflict, nil, 4, 3, true, updateApplied},
		{"not applied", lost, nil, 3, 3, false, updateNotApplied},
		{"at the same version, even holding the plan (a cleared field is not compared), it is not applied", lost, nil, 3, 3, true, updateNotApplied},
		{"a conflict at the same version is still a conflict", conflict, nil, 3, 3, false, updateOvertaken},
		{"deleted", lost, notFound, 0, 3, false, updateGone},
		{"the reading failed", lost, errors.New("connection refused"), 0, 3, false, updateUnknown},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := judgeUpdate(tc.cause, tc.read, tc.version, tc.sent, tc.holds); got != tc.want {
				t.Errorf("judgeUpdate = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestCreatedByCaller(t *testing.T) {
	sent := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name, created, by, me string
		want                  bool
	}{
		{"just after the request", "2026-11-21T12:00:00.250Z", "a@example.com", "a@example.com", true},
		{"at the very start, the e-mail in another case", "2026-11-21T12:00:00.000Z", "A@example.com", "a@example.com", true},
		{"a moment before", "2026-11-21T11:59:59.999Z", "a@example.com", "a@example.com", false},
		{"long before", "2026-11-21T11:50:00.000Z", "a@example.com", "a@example.com", false},
		{"by someone else", "2026-11-21T12:00:01.000Z", "b@example.com", "a@example.com", false},
		{"unparsable time", "yesterday", "a@example.com", "a@example.com", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := CreatedByCaller(client.Meta{Created: tc.created, CreatedByEmail: tc.by}, tc.me, sent); got != tc.want {
				t.Errorf("createdByCaller = %v, want %v", got, tc.want)
			}
		})
	}
}
