package provider

import (
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

func TestDryRunMemo(t *testing.T) {
	now := time.Now()
	memo := &dryRunMemo{dir: t.TempDir(), parent: 4242, now: func() time.Time { return now }}
	c, err := client.New(client.Config{BaseURL: "https://example.ardoq.com", Token: "t", Org: "o"})
	if err != nil {
		t.Fatal(err)
	}
	name := "A"
	request := client.BatchRequest{Components: &client.ComponentOperations{
		Create: []client.ComponentCreateOp{{Body: client.ComponentCreate{Name: name}}},
	}}
	key := dryRunKey(c, request)

	if memo.passed(key) {
		t.Fatal("a request nobody ran passed")
	}
	memo.record(key)
	if !memo.passed(key) {
		t.Fatal("the request that passed the dry run in this terraform command is not remembered")
	}
	request.Components.Create[0].Body.Name = "B"
	if memo.passed(dryRunKey(c, request)) {
		t.Error("a different request counts as passed")
	}
	other, _ := client.New(client.Config{BaseURL: "https://example.ardoq.com", Token: "t", Org: "other"})
	request.Components.Create[0].Body.Name = name
	if memo.passed(dryRunKey(other, request)) {
		t.Error("the same request to another org counts as passed")
	}
	another := &dryRunMemo{dir: memo.dir, parent: 4343, now: memo.now}
	if another.passed(key) {
		t.Error("another terraform process sees this one's dry runs")
	}
	now = now.Add(dryRunMemoLifetime + time.Minute)
	if memo.passed(key) {
		t.Error("a dry run an hour old still counts")
	}
	var off *dryRunMemo // served in-process or reattached
	off.record(key)
	if off.passed(key) {
		t.Error("without a memo every plan must run the dry run")
	}
}
