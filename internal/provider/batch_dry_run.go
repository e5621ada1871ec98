package provider

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// dryRunMemo remembers which batch requests passed Ardoq's dry run (POST /batch/expand) earlier in the
// same terraform command, so that `terraform apply` runs it once. Terraform plans an ardoq_batch twice
// there: in the plan walk, and again in the apply walk just before applying, each time in a new
// provider process, with nothing in the protocol to tell the two apart. A second dry run of the same
// request seconds later adds nothing, since the batch itself is all or nothing; it is skipped when the
// same terraform process (the parent of both provider processes) saw the identical request pass.
// Only a hash of the request is written, in a directory of the user's own.
type dryRunMemo struct {
	dir    string
	parent int
	now    func() time.Time
}

// dryRunMemoLifetime bounds how long a passed dry run counts, however long the apply waits for approval.
const dryRunMemoLifetime = time.Hour

// newDryRunMemo returns a memo when Terraform launched this process as a plugin (the handshake cookie
// is set), and nil otherwise (a debugger's reattach, tests serving the provider in-process): then every
// plan runs the dry run.
func newDryRunMemo() *dryRunMemo {
	if os.Getenv("TF_PLUGIN_MAGIC_COOKIE") == "" {
		return nil
	}
	return &dryRunMemo{dir: filepath.Join(os.TempDir(), "terraform-provider-ardoq-"+strconv.Itoa(os.Getuid())), parent: os.Getppid(), now: time.Now}
}

// dryRunKey identifies a request to one org.
func dryRunKey(c *client.Client, request client.BatchRequest) string {
	body, err := json.Marshal(request)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(append([]byte(c.Endpoint()+"\n"), body...))
	return hex.EncodeToString(sum[:])
}

func (m *dryRunMemo) path(key string) string {
	return filepath.Join(m.dir, fmt.Sprintf("dry-run-%d-%s", m.parent, key))
}

// passed says whether the request passed the dry run earlier in this terraform command.
func (m *dryRunMemo) passed(key string) bool {
	if m == nil || key == "" {
		return false
	}
	info, err := os.Stat(m.path(key))
	return err == nil && m.now().Sub(info.ModTime()) < dryRunMemoLifetime
}

// record notes a passed dry run, and forgets the ones too old to count. Failing to is harmless: the
// next plan runs the dry run again.
func (m *dryRunMemo) record(key string) {
	if m == nil || key == "" {
		return
	}
	if err := os.MkdirAll(m.dir, 0o700); err != nil {
		return
	}
	_ = os.WriteFile(m.path(key), nil, 0o600)
	entries, _ := os.ReadDir(m.dir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && m.now().Sub(info.ModTime()) >= dryRunMemoLifetime {
			_ = os.Remove(filepath.Join(m.dir, e.Name()))
		}
	}
}

// dryRun runs the batch expand endpoint with the request apply would send, so that what Ardoq would
// reject fails the plan; once per terraform command (dryRunMemo).
func (r *batchResource) dryRun(ctx context.Context, request client.BatchRequest, keys batchOpKeys, diags *diag.Diagnostics) {
	if batchEmpty(request) {
		return
	}
	key := dryRunKey(r.data.client, request)
	if r.data.dryRuns.passed(key) {
		tflog.Debug(ctx, "the batch passed Ardoq's dry run earlier in this terraform command; not sending it again")
		return
	}
	if _, err := r.data.client.ExpandBatch(ctx, request); err != nil {
		addBatchError(diags, "Batch Rejected by Ardoq", err, keys)
		return
	}
	r.data.dryRuns.record(key)
}
