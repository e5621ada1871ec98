package memo

import (
	"os"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

func TestCommandMemo(t *testing.T) {
	now := time.Now()
	memo := &Memo{dir: t.TempDir(), parent: 4242, now: func() time.Time { return now }}
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
	another := &Memo{dir: memo.dir, parent: 4343, now: memo.now}
	if another.Seen(key) {
		t.Error("another terraform process sees this one's entries")
	}
	now = now.Add(Lifetime + time.Minute)
	if memo.Seen(key) {
		t.Error("an entry an hour old still counts")
	}
	later := &Memo{dir: memo.dir, parent: 4444, now: memo.now}
	later.Note(Key(c, "dry-run", "something else"))
	later.sweeping.Wait()
	if _, err := os.Stat(memo.path(memo.parent, key)); !os.IsNotExist(err) {
		t.Errorf("an entry an hour old is kept: %v", err)
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
	first := &Memo{dir: dir, parent: 4242, now: func() time.Time { return now }}
	next := &Memo{dir: dir, parent: 4343, now: first.now}
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
