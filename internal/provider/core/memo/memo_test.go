package memo

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

func TestCommandMemo(t *testing.T) {
	now := time.Now()
	memo := NewAt(t.TempDir(), 4242, func() time.Time { return now })
	c, err := client.New(client.Config{BaseURL: "https://example.ardoq.com", Token: "t", Org: "o"})
	if err != nil {
		t.Fatal(err)
	}
	name := "A"
	request := client.BatchRequest{Components: &client.ComponentOperations{
		Create: []client.ComponentCreateOp{{Body: client.ComponentCreate{Name: name}}},
	}}
	key := Key(c, "dry-run", request)

	if memo.Seen(key) {
		t.Fatal("a request nobody ran passed")
	}
	memo.Note(key)
	memo.sweeping.Wait()
	if !memo.Seen(key) {
		t.Fatal("the request that passed the dry run in this terraform command is not remembered")
	}
	memo.Note(Key(c, "none-made", "another entry"))
	if applyWalk := NewAt(memo.dir, 4242, memo.now); !applyWalk.Seen(key) || !applyWalk.Seen(Key(c, "none-made", "another entry")) {
		t.Fatal("the next provider process of the same terraform command does not see the entries")
	}
	if files, _ := os.ReadDir(memo.dir); len(files) != 1 {
		t.Errorf("%d files for one command's entries; want 1", len(files))
	}
	if memo.Seen(Key(c, "none-made", request)) {
		t.Error("an entry of one kind counts for another")
	}
	request.Components.Create[0].Body.Name = "B"
	if memo.Seen(Key(c, "dry-run", request)) {
		t.Error("a different request counts as passed")
	}
	other, _ := client.New(client.Config{BaseURL: "https://example.ardoq.com", Token: "t", Org: "other"})
	request.Components.Create[0].Body.Name = name
	if memo.Seen(Key(other, "dry-run", request)) {
		t.Error("the same request to another org counts as passed")
	}
	another := NewAt(memo.dir, 4343, memo.now)
	if another.Seen(key) {
		t.Error("another terraform process sees this one's entries")
	}
	now = now.Add(Lifetime + time.Minute)
	if memo.Seen(key) {
		t.Error("an entry an hour old still counts")
	}
	later := NewAt(memo.dir, 4444, memo.now)
	later.Note(Key(c, "dry-run", "something else"))
	later.sweeping.Wait()
	if _, err := os.Stat(memo.commandFile()); !os.IsNotExist(err) {
		t.Errorf("the entries of a command an hour old are kept: %v", err)
	}
	var off *Memo // served in-process or reattached
	off.Note(key)
	if off.Seen(key) {
		t.Error("without a memo every plan must ask Ardoq")
	}
}

func TestMemoForEveryCommand(t *testing.T) {
	now := time.Now()
	dir := t.TempDir()
	first := NewAt(dir, 4242, func() time.Time { return now })
	next := NewAt(dir, 4343, first.now)
	c, err := client.New(client.Config{BaseURL: "https://example.ardoq.com", Token: "t", Org: "o"})
	if err != nil {
		t.Fatal(err)
	}
	key := Key(c, "credentials-passed", c.TokenDigest())
	if next.SeenWithin(key, 10*time.Minute) {
		t.Fatal("an entry nobody wrote counts")
	}
	first.NoteForAll(key)
	if !next.SeenWithin(key, 10*time.Minute) {
		t.Fatal("another terraform command does not see an entry noted for every command")
	}
	if next.Seen(key) || first.Seen(key) {
		t.Error("an entry for every command counts as one of a single command's")
	}
	first.Note("per-command")
	first.sweeping.Wait()
	if next.SeenWithin("per-command", time.Hour) {
		t.Error("an entry of one command counts for every command")
	}
	now = now.Add(10 * time.Minute)
	if next.SeenWithin(key, 10*time.Minute) {
		t.Error("an entry counts for longer than asked")
	}
	if !next.SeenWithin(key, 20*time.Minute) {
		t.Error("an entry younger than asked does not count")
	}
	var off *Memo
	off.NoteForAll(key)
	if off.SeenWithin(key, time.Hour) {
		t.Error("without a memo every command must ask Ardoq")
	}
}

// TestMemoCommandIdentity: a terraform process is known by its id and start time, so that a later process
// given a reused id does not see an earlier one's entries.
func TestMemoCommandIdentity(t *testing.T) {
	dir := t.TempDir()
	earlier := &Memo{dir: dir, command: "4242-100", now: time.Now}
	earlier.Note("key")
	if (&Memo{dir: dir, command: "4242-200", now: time.Now}).Seen("key") {
		t.Error("a process with a reused id sees the entries of the one that had it before")
	}
	if (&Memo{dir: dir, command: "4242-100", now: time.Now}).Seen("key") == false {
		t.Error("the same process does not see its entries")
	}
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc: the process id alone names the command")
	}
	start := startOf(os.Getpid())
	if start == "" || start != startOf(os.Getpid()) || start == startOf(1) && os.Getpid() != 1 {
		t.Errorf("start time of this process: %q (of process 1: %q)", start, startOf(1))
	}
	t.Setenv("TF_PLUGIN_MAGIC_COOKIE", "test")
	if got, want := New().command, fmt.Sprintf("%d-%s", os.Getppid(), startOf(os.Getppid())); got != want {
		t.Errorf("command %q; want %q", got, want)
	}
}
