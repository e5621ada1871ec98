package main

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

var batchErrorChecks = []check{
	{name: "batch-error-locator", section: "batch-errors", writes: true,
		assumption: `a failed batch is one 4xx whose message starts with the failed operation's path: "components.update[1]: ..."`, run: checkBatchErrorLocator},
	{name: "batch-error-statuses", section: "batch-errors", writes: true,
		assumption: "a batch operation on an unknown id fails with 404, one at a stale version with 409", run: checkBatchErrorStatuses},
	{name: "batch-atomic", section: "batch", writes: true,
		assumption: "a batch with a failing operation changes nothing", run: checkBatchAtomic},
}

// failingBatch creates a component and updates another (both valid), then updates it again with a
// custom field the org does not have: the third operation, components.update[1], fails.
func (p *probe) failingBatch(target *client.Component) client.BatchRequest {
	return client.BatchRequest{Components: &client.ComponentOperations{
		Create: []client.ComponentCreateOp{{Body: client.ComponentCreate{Name: p.write.name("atomic"), RootWorkspace: p.write.id, TypeID: p.write.componentType.TypeID}}},
		Update: []client.ComponentUpdateOp{
			{ID: target.ID, IfVersionMatch: "latest", Body: describe("changed by a failed batch")},
			{ID: target.ID, IfVersionMatch: "latest", Body: client.ComponentUpdate{CustomFields: client.CustomFields{"ardoq_probe_no_such_field": "x"}}},
		},
	}}
}

// sendFailing sends a batch expected to fail and returns Ardoq's answer as it came.
func (p *probe) sendFailing(ctx context.Context, req client.BatchRequest) (*answer, result, bool) {
	a, err := p.raw.do(ctx, http.MethodPost, "/batch", req)
	if err != nil {
		return nil, failed(err), false
	}
	if a.status < 400 || a.status >= 500 {
		if obj, err := a.object(); err == nil {
			p.write.rememberRaw(obj)
		}
		return a, differed("%s", a), false
	}
	return a, result{}, true
}

// batchMessage is a failed batch's message as the client reads it: the body's "message".
func batchMessage(a *answer) string {
	obj, err := a.object()
	if err != nil {
		return ""
	}
	m, _ := obj["message"].(string)
	return m
}

var updateLocator = regexp.MustCompile(`^components\.update\[1\]: `)

func checkBatchErrorLocator(ctx context.Context, p *probe) result {
	target, err := p.write.newComponent(ctx, p.api, "locator", nil, nil)
	if err != nil {
		return failed(err)
	}
	a, r, ok := p.sendFailing(ctx, p.failingBatch(target))
	if !ok {
		return r
	}
	message := batchMessage(a)
	if !updateLocator.MatchString(message) {
		if message == "" {
			return differed("HTTP %d without a message member: %s", a.status, excerpt(a.body))
		}
		return differed("HTTP %d: %q", a.status, message)
	}
	return held("HTTP %d: %q", a.status, message)
}

func checkBatchErrorStatuses(ctx context.Context, p *probe) result {
	c, err := p.write.newComponent(ctx, p.api, "statuses", nil, nil)
	if err != nil {
		return failed(err)
	}
	cases := []struct {
		what   string
		op     client.ComponentUpdateOp
		status int
	}{
		{"an unknown id", client.ComponentUpdateOp{ID: unusedID, IfVersionMatch: "latest", Body: describe("x")}, http.StatusNotFound},
		{"a stale version", client.ComponentUpdateOp{ID: c.ID, IfVersionMatch: c.Version + 1, Body: describe("x")}, http.StatusConflict},
	}
	var got []string
	for _, tc := range cases {
		a, r, ok := p.sendFailing(ctx, client.BatchRequest{Components: &client.ComponentOperations{Update: []client.ComponentUpdateOp{tc.op}}})
		if !ok {
			return r
		}
		got = append(got, fmt.Sprintf("%s %d %q", tc.what, a.status, batchMessage(a)))
		if a.status != tc.status || !strings.HasPrefix(batchMessage(a), "components.update[0]: ") {
			return differed("%s", strings.Join(got, "; "))
		}
	}
	return held("%s", strings.Join(got, "; "))
}

func checkBatchAtomic(ctx context.Context, p *probe) result {
	target, err := p.write.newComponent(ctx, p.api, "atomic-target", nil, nil)
	if err != nil {
		return failed(err)
	}
	if _, r, ok := p.sendFailing(ctx, p.failingBatch(target)); !ok {
		return r
	}
	now, err := p.api.GetComponent(ctx, target.ID)
	if err != nil {
		return failed(err)
	}
	made, err := p.api.ListComponents(ctx, client.ComponentFilter{RootWorkspace: p.write.id, Name: p.write.name("atomic")})
	if err != nil {
		return failed(err)
	}
	if now.Version != target.Version || len(made) > 0 {
		return differed("after the failed batch the updated component is at version %d (was %d), and %d components of the create exist",
			now.Version, target.Version, len(made))
	}
	return held("nothing created, nothing updated")
}
