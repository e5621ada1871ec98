package batch

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// A batch the server refuses for its size (413) says what to do about it, and an error message that
// names no operation (Ardoq documents no message format) goes on the resource whole, not on an item.
func TestAddBatchError_unmappedMessages(t *testing.T) {
	keys := batchOpKeys{componentCreates: []string{"a", "b"}}
	cases := []struct {
		name string
		err  *client.APIError
		want []string
	}{
		{"too large", &client.APIError{Method: "POST", Path: "/api/v2/batch", StatusCode: 413, Message: "<html>413 Request Entity Too Large</html>"},
			[]string{"HTTP 413", "413 Request Entity Too Large", "refused the batch for its size", "Split the items among several ardoq_batch resources"}},
		{"message in another format", &client.APIError{Method: "POST", Path: "/api/v2/batch", StatusCode: 400, Message: "Validation failed for operation 1 of components/create"},
			[]string{"HTTP 400", "Validation failed for operation 1 of components/create", "nothing was changed", "the item it is about is not known"}},
		{"an operation named in a form not recognised", &client.APIError{Method: "POST", Path: "/api/v2/batch", StatusCode: 400, Message: "components.create[1]x: name: required"},
			[]string{"components.create[1]x: name: required", "the item it is about is not known"}},
		{"a signed index", &client.APIError{Method: "POST", Path: "/api/v2/batch", StatusCode: 400, Message: "components.create[+1]: name: required"},
			[]string{"components.create[+1]: name: required", "the item it is about is not known"}},
		// Forms a real org might use instead of the emulator's (FACTS.md §batch-errors; ardoq-probe's batch-error-locator reports Ardoq's).
		{"the emulator's locator inside a longer message", &client.APIError{Method: "POST", Path: "/api/v2/batch", StatusCode: 400, Message: "Batch failed: components.create[1]: name: required"},
			[]string{"Batch failed: components.create[1]: name: required", "the item it is about is not known"}},
		{"a JSON pointer", &client.APIError{Method: "POST", Path: "/api/v2/batch", StatusCode: 422, Message: "/components/create/1/body/name: must not be empty"},
			[]string{"HTTP 422", "/components/create/1/body/name: must not be empty", "the item it is about is not known"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var diags diag.Diagnostics
			addBatchError(&diags, "Batch Failed", tc.err, keys)
			if len(diags) != 1 {
				t.Fatalf("%d diagnostics: %v", len(diags), diags)
			}
			if _, onItem := diags[0].(diag.DiagnosticWithPath); onItem {
				t.Errorf("an unmapped message went on an item: %v", diags[0])
			}
			for _, w := range tc.want {
				if !strings.Contains(diags[0].Detail(), w) {
					t.Errorf("detail lacks %q: %s", w, diags[0].Detail())
				}
			}
		})
	}
}

// A lost batch's messages say "its one operation" for one.
func TestLostAnswerOperationCounts(t *testing.T) {
	for got, want := range map[string]string{allOperations(1): "its one operation", allOperations(2): "all 2 operations"} {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

// A dry run or batch stopped by Ctrl-C before Ardoq answered says so in its summary: Ardoq neither rejected
// nor applied it.
func TestAddBatchError_interrupted(t *testing.T) {
	for _, err := range []error{
		&client.StoppedError{Method: "POST", Path: "/api/v2/batch/expand", Sent: true, Err: context.Canceled},
		&client.StoppedError{Method: "POST", Path: "/api/v2/batch", Err: context.Canceled},
	} {
		var diags diag.Diagnostics
		addBatchError(&diags, "Batch Rejected by Ardoq", err, batchOpKeys{})
		if len(diags) != 1 || diags[0].Summary() != "Batch Not Sent: Run Interrupted" || !strings.Contains(diags[0].Detail(), "The run was stopped") {
			t.Errorf("%v: got %v, want the interrupted summary with the stop's detail", err, diags)
		}
	}
	var diags diag.Diagnostics
	addBatchError(&diags, "Batch Failed", &client.StoppedError{Method: "POST", Path: "/api/v2/batch", Refused: 429, Err: context.Canceled}, batchOpKeys{})
	if len(diags) != 1 || diags[0].Summary() != "Batch Not Applied: Run Interrupted" {
		t.Errorf("a batch refused for now and not sent again: got %v, want Batch Not Applied", diags)
	}
}
