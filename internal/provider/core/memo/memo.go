// Package memo remembers, for the rest of one terraform command, what a plan learnt from Ardoq that the
// apply walk would otherwise ask again. `terraform apply` plans every change twice: in the plan walk, and
// again in the apply walk just before applying, each time in a new provider process, with nothing in the
// protocol to tell the two apart. A memo entry counts for the same terraform process (the parent of both
// provider processes, known by its id and, where the system tells it, its start time: ids are reused) only.
// Only hashes are written, in a directory of the user's own: one file per terraform command, a line per
// entry.
//
// Four things are memoized: an ardoq_batch request that passed Ardoq's dry run (the expand endpoint), a search
// for what an interrupted run made that found nothing (core/recovery), a single resource's plan that passed
// the model check (package single), and a credentials check that passed (providerdata.CheckCredentials).
// The last also counts for the user's other terraform commands for a few minutes (NoteForAll).
package memo

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// Memo is the memo of one terraform command; nil (no memo) remembers nothing.
type Memo struct {
	dir      string
	command  string // the terraform process: its id, and its start time where the system tells it
	now      func() time.Time
	mu       sync.Mutex
	noted    map[string]time.Time // this command's entries, read from its file once, then kept here too
	swept    sync.Once
	sweeping sync.WaitGroup
}

// NewAt returns a memo kept in dir for the terraform process parent, on the clock now (tests).
func NewAt(dir string, parent int, now func() time.Time) *Memo {
	return &Memo{dir: dir, command: strconv.Itoa(parent), now: now}
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
	command := strconv.Itoa(os.Getppid())
	if start := startOf(os.Getppid()); start != "" {
		command += "-" + start
	}
	return &Memo{dir: filepath.Join(os.TempDir(), "terraform-provider-ardoq-"+strconv.Itoa(os.Getuid())), command: command, now: time.Now}
}

// startOf is when process pid started, in clock ticks since boot, as Linux's /proc tells it; "" elsewhere.
func startOf(pid int) string {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return ""
	}
	// The fields after the command name, which is in parentheses and may hold anything: state is the
	// third field of the line, the start time the twenty-second.
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	if len(fields) < 20 {
		return ""
	}
	return fields[19]
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

func (m *Memo) commandFile() string { return filepath.Join(m.dir, "command-"+m.command) }

func (m *Memo) everyCommandFile(key string) string { return filepath.Join(m.dir, "every-command-"+key) }

// entries are this command's entries, by key; m.mu is held.
func (m *Memo) entries() map[string]time.Time {
	if m.noted == nil {
		m.noted = map[string]time.Time{}
		content, _ := os.ReadFile(m.commandFile())
		for line := range strings.Lines(string(content)) {
			at, key, _ := strings.Cut(strings.TrimSpace(line), " ")
			if seconds, err := strconv.ParseInt(at, 10, 64); err == nil && key != "" {
				m.noted[key] = time.Unix(seconds, 0)
			}
		}
	}
	return m.noted
}

// Seen says whether key was noted earlier in this terraform command.
func (m *Memo) Seen(key string) bool {
	if m == nil || key == "" {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	at, ok := m.entries()[key]
	return ok && fresh(m.now().Sub(at), Lifetime)
}

// SeenWithin says whether key was noted for every command (NoteForAll) less than within ago.
func (m *Memo) SeenWithin(key string, within time.Duration) bool {
	if m == nil || key == "" {
		return false
	}
	info, err := os.Stat(m.everyCommandFile(key))
	return err == nil && fresh(m.now().Sub(info.ModTime()), min(within, Lifetime))
}

// fresh says whether an entry of this age counts: one from the future (a clock set back) does not.
func fresh(age, within time.Duration) bool { return age >= 0 && age < within }

// NoteForAll records key for every terraform command of this user (SeenWithin).
func (m *Memo) NoteForAll(key string) {
	if m != nil && key != "" && os.MkdirAll(m.dir, 0o700) == nil {
		_ = os.WriteFile(m.everyCommandFile(key), nil, 0o600)
	}
}

// Note records key for this terraform command, and (once per process, in the background) forgets the
// files too old to count. Failing to is harmless: the next plan asks Ardoq again.
func (m *Memo) Note(key string) {
	if m == nil || key == "" {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	m.entries()[key] = now
	if os.MkdirAll(m.dir, 0o700) == nil {
		// Lines this short are appended whole, even by two provider processes of one command at once.
		if f, err := os.OpenFile(m.commandFile(), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600); err == nil {
			_, _ = fmt.Fprintf(f, "%d %s\n", now.Unix(), key)
			_ = f.Close()
		}
	}
	m.swept.Do(func() { m.sweeping.Go(m.sweep) })
}

func (m *Memo) sweep() {
	entries, _ := os.ReadDir(m.dir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && m.now().Sub(info.ModTime()) >= Lifetime {
			_ = os.Remove(filepath.Join(m.dir, e.Name()))
		}
	}
}
