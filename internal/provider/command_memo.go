package provider

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// commandMemo remembers, for the rest of one terraform command, what a plan learnt from Ardoq that the
// apply walk would otherwise ask again. `terraform apply` plans every change twice: in the plan walk, and
// again in the apply walk just before applying, each time in a new provider process, with nothing in the
// protocol to tell the two apart. A memo entry counts for the same terraform process (the parent of both
// provider processes) only. Only hashes are written, in a directory of the user's own.
//
// Three things are memoized: a batch request that passed Ardoq's dry run (batch_dry_run.go), a search
// for what an interrupted run made that found nothing (already_made.go), and a credentials check that
// passed (provider.go).
type commandMemo struct {
	dir      string
	parent   int
	now      func() time.Time
	swept    sync.Once
	sweeping sync.WaitGroup
}

// commandMemoLifetime bounds how long an entry counts, however long the apply waits for approval.
const commandMemoLifetime = time.Hour

// newCommandMemo returns a memo when Terraform launched this process as a plugin (the handshake cookie
// is set), and nil otherwise (a debugger's reattach, tests serving the provider in-process): then every
// plan asks Ardoq.
func newCommandMemo() *commandMemo {
	if os.Getenv("TF_PLUGIN_MAGIC_COOKIE") == "" {
		return nil
	}
	return &commandMemo{dir: filepath.Join(os.TempDir(), "terraform-provider-ardoq-"+strconv.Itoa(os.Getuid())), parent: os.Getppid(), now: time.Now}
}

// memoKey identifies what kind of question was asked about request, of which org.
func memoKey(c *client.Client, kind string, request any) string {
	body, err := json.Marshal(request)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(append([]byte(kind+"\n"+c.Endpoint()+"\n"), body...))
	return hex.EncodeToString(sum[:])
}

func (m *commandMemo) path(key string) string {
	return filepath.Join(m.dir, fmt.Sprintf("memo-%d-%s", m.parent, key))
}

// seen says whether key was noted earlier in this terraform command.
func (m *commandMemo) seen(key string) bool {
	if m == nil || key == "" {
		return false
	}
	info, err := os.Stat(m.path(key))
	return err == nil && m.now().Sub(info.ModTime()) < commandMemoLifetime
}

// note records key, and (once per process, in the background: the directory holds an entry per new
// resource of the last hour, and the first note comes in Configure) forgets the entries too old to count.
// Failing to is harmless: the next plan asks Ardoq again.
func (m *commandMemo) note(key string) {
	if m == nil || key == "" {
		return
	}
	if err := os.MkdirAll(m.dir, 0o700); err != nil {
		return
	}
	_ = os.WriteFile(m.path(key), nil, 0o600)
	m.swept.Do(func() { m.sweeping.Go(m.sweep) })
}

func (m *commandMemo) sweep() {
	entries, _ := os.ReadDir(m.dir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && m.now().Sub(info.ModTime()) >= commandMemoLifetime {
			_ = os.Remove(filepath.Join(m.dir, e.Name()))
		}
	}
}
