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
	if _, err := os.Stat(memo.path(key)); !os.IsNotExist(err) {
		t.Errorf("an entry an hour old is kept: %v", err)
	}
	var off *Memo // served in-process or reattached
	off.Note(key)
	if off.Seen(key) {
		t.Error("without a memo every plan must ask Ardoq")
	}
}
