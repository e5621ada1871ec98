// Package memo remembers, for the rest of one terraform command, what a plan learnt from Ardoq that the
// apply walk would otherwise ask again. `terraform apply` plans every change twice: in the plan walk, and
// again in the apply walk just before applying, each time in a new provider process, with nothing in the
// protocol to tell the two apart. A memo entry counts for the same terraform process (the parent of both
// provider processes) only. Only hashes are written, in a directory of the user's own.
//
// Four things are memoized: an ardoq_batch request that passed Ardoq's dry run (the expand endpoint), a search
// for what an interrupted run made that found nothing (core/recovery), a single resource's plan that passed
// the model check (package single), and a credentials check that passed (providerdata.CheckCredentials).
// The last also counts for the user's other terraform commands for a few minutes (NoteForAll).
package memo

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

// Memo is the memo of one terraform command; nil (no memo) remembers nothing.
type Memo struct {
	dir      string
	parent   int
	now      func() time.Time
	swept    sync.Once
	sweeping sync.WaitGroup
}

// NewAt returns a memo kept in dir for the terraform process parent, on the clock now (tests).
func NewAt(dir string, parent int, now func() time.Time) *Memo {
	return &Memo{dir: dir, parent: parent, now: now}
}

// Lifetime bounds how long an entry counts, however long the apply waits for approval.
const Lifetime = time.Hour

// New returns a memo when Terraform launched this process as a plugin (the handshake cookie
// is set), and nil otherwise (a debugger's reattach, tests serving the provider in-process): then every
// plan asks Ardoq.
func New() *Memo {
	if os.Getenv("TF_PLUGIN_MAGIC_COOKIE") == "" {
		return nil
	}
	return &Memo{dir: filepath.Join(os.TempDir(), "terraform-provider-ardoq-"+strconv.Itoa(os.Getuid())), parent: os.Getppid(), now: time.Now}
}

// Key identifies what kind of question was asked about request, of which org, with which token (its
// digest: what a token may see differs).
func Key(c *client.Client, kind string, request any) string {
	body, err := json.Marshal(request)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(append([]byte(kind+"\n"+c.Endpoint()+"\n"+c.TokenDigest()+"\n"), body...))
	return hex.EncodeToString(sum[:])
}

// everyCommand stands for the parent in the entries NoteForAll writes: no process has that id.
const everyCommand = 0

func (m *Memo) path(parent int, key string) string {
	return filepath.Join(m.dir, fmt.Sprintf("memo-%d-%s", parent, key))
}

// Seen says whether key was noted earlier in this terraform command.
func (m *Memo) Seen(key string) bool {
	if m == nil || key == "" {
		return false
	}
	info, err := os.Stat(m.path(m.parent, key))
	return err == nil && fresh(m.now().Sub(info.ModTime()), Lifetime)
}

// SeenWithin says whether key was noted for every command (NoteForAll) less than within ago.
func (m *Memo) SeenWithin(key string, within time.Duration) bool {
	if m == nil || key == "" {
		return false
	}
	info, err := os.Stat(m.path(everyCommand, key))
	return err == nil && fresh(m.now().Sub(info.ModTime()), min(within, Lifetime))
}

// fresh says whether an entry of this age counts: one from the future (a clock set back) does not.
func fresh(age, within time.Duration) bool { return age >= 0 && age < within }

// NoteForAll records key for every terraform command of this user (SeenWithin).
func (m *Memo) NoteForAll(key string) {
	if m != nil && key != "" {
		m.write(m.path(everyCommand, key))
	}
}

// Note records key, and (once per process, in the background: the directory holds an entry per new
// resource of the last hour, and the first note comes in Configure) forgets the entries too old to count.
// Failing to is harmless: the next plan asks Ardoq again.
func (m *Memo) Note(key string) {
	if m == nil || key == "" {
		return
	}
	m.write(m.path(m.parent, key))
	m.swept.Do(func() { m.sweeping.Go(m.sweep) })
}

func (m *Memo) write(path string) {
	if err := os.MkdirAll(m.dir, 0o700); err == nil {
		_ = os.WriteFile(path, nil, 0o600)
	}
}

func (m *Memo) sweep() {
	entries, _ := os.ReadDir(m.dir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && !fresh(m.now().Sub(info.ModTime()), Lifetime) {
			_ = os.Remove(filepath.Join(m.dir, e.Name()))
		}
	}
}
