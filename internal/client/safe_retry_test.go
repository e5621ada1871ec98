package client_test

import (
	"context"
	"iter"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/openapitest"
)

// Every operation that is safe to repeat says so: a 502, which may come after Ardoq acted, is retried.
// (A request that states no retry class is not, see TestRetryClass_zeroValueIsNotRetriedOnceSent.)
func TestSafeOperationsRetryAfter502(t *testing.T) {
	ctx := context.Background()
	firstPage := func(seq iter.Seq2[client.Page[client.Component], error]) error {
		for _, err := range seq {
			return err
		}
		return nil
	}
	firstRefPage := func(seq iter.Seq2[client.Page[client.Reference], error]) error {
		for _, err := range seq {
			return err
		}
		return nil
	}
	ops := map[string]func(c *client.Client) error{
		"Me":              me,
		"GetComponent":    func(c *client.Client) error { _, err := c.GetComponent(ctx, firstID); return err },
		"ListComponents":  func(c *client.Client) error { _, err := c.ListComponents(ctx, client.ComponentFilter{}); return err },
		"ComponentPages":  func(c *client.Client) error { return firstPage(c.ComponentPages(ctx, client.ComponentFilter{})) },
		"UpdateComponent": patch(client.IfVersion(1)),
		"DeleteComponent": del,
		"GetReference":    func(c *client.Client) error { _, err := c.GetReference(ctx, firstID); return err },
		"ListReferences":  func(c *client.Client) error { _, err := c.ListReferences(ctx, client.ReferenceFilter{}); return err },
		"ReferencePages":  func(c *client.Client) error { return firstRefPage(c.ReferencePages(ctx, client.ReferenceFilter{})) },
		"UpdateReference": func(c *client.Client) error {
			_, err := c.UpdateReference(ctx, firstID, client.IfVersion(1), client.ReferenceUpdate{})
			return err
		},
		"DeleteReference":     func(c *client.Client) error { return c.DeleteReference(ctx, firstID) },
		"GetWorkspace":        func(c *client.Client) error { _, err := c.GetWorkspace(ctx, wsApps); return err },
		"ListWorkspaces":      func(c *client.Client) error { _, err := c.ListWorkspaces(ctx, client.WorkspaceFilter{}); return err },
		"GetWorkspaceContext": func(c *client.Client) error { _, err := c.GetWorkspaceContext(ctx, wsApps); return err },
		"ListReports":         func(c *client.Client) error { _, err := c.ListReports(ctx, ""); return err },
		"GetReport":           func(c *client.Client) error { _, err := c.GetReport(ctx, firstID); return err },
		"RunReportObjects":    func(c *client.Client) error { _, err := c.RunReportObjects(ctx, firstID, ""); return err },
		"RunReportTabular":    func(c *client.Client) error { _, err := c.RunReportTabular(ctx, firstID); return err },
		"ListAttachments":     func(c *client.Client) error { _, err := c.ListAttachments(ctx, client.AttachmentFilter{}); return err },
		"GetAttachment":       func(c *client.Client) error { _, err := c.GetAttachment(ctx, firstID); return err },
		"ExpandBatch":         func(c *client.Client) error { _, err := c.ExpandBatch(ctx, client.BatchRequest{}); return err },
	}
	for name, op := range ops {
		t.Run(name, func(t *testing.T) {
			srv := openapitest.Start(t)
			c := mustClient(t, srv, 2)
			srv.Inject(emulator.Fault{Status: 502})
			_ = op(c) // the retry may meet a 404: only the attempts matter here
			got := srv.Requests()
			if len(got) < 2 || got[0].Status != 502 || got[1].Method != got[0].Method || got[1].Path != got[0].Path || got[1].Query != got[0].Query {
				t.Fatalf("the request that met a 502 was not sent again: %d requests %+v", len(got), got)
			}
		})
	}
}
