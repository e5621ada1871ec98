package emulator_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

func serve(b *testing.B, srv *emulator.Server, method, path string, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+srv.Token())
	req.Header.Set("X-org", srv.OrgLabel())
	req.Header.Set("User-Agent", "bench")
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		b.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body.String())
	}
	return rec
}

// BenchmarkBatch10kComponents10kReferences applies one batch creating 10,000 components (half of them
// children of the other half) and 10,000 references between them.
func BenchmarkBatch10kComponents10kReferences(b *testing.B) {
	const n = 10000
	comps := make([]any, n)
	for i := range comps {
		body := map[string]any{"name": fmt.Sprint("c", i), "rootWorkspace": "5eed0000000000000000b001", "typeId": "p1700000000001",
			"customFields": map[string]any{"external_id": fmt.Sprint("ext-", i)}}
		if i >= n/2 {
			body["typeId"] = "p1700000000002"
			body["parent"] = fmt.Sprint("c", i-n/2)
		}
		comps[i] = map[string]any{"batchId": fmt.Sprint("c", i), "body": body}
	}
	refs := make([]any, n)
	for i := range refs {
		refs[i] = map[string]any{"body": map[string]any{"source": fmt.Sprint("c", i), "target": fmt.Sprint("c", (i+1)%n), "type": 1}}
	}
	body, _ := json.Marshal(map[string]any{"components": map[string]any{"create": comps}, "references": map[string]any{"create": refs}})
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		srv, err := emulator.New(emulator.WithMaxBatchOperations(0), emulator.WithDeterministicIDs())
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		serve(b, srv, "POST", "/api/v2/batch", body)
	}
}

// BenchmarkFilteredList100k lists the 10 components matching a custom field among 100,000, in a
// workspace holding half of them: the index answers without scanning every entity.
func BenchmarkFilteredList100k(b *testing.B) {
	srv, err := emulator.New(emulator.WithDeterministicIDs())
	if err != nil {
		b.Fatal(err)
	}
	for i := range 100000 {
		ws, typ := "5eed0000000000000000b001", "p1700000000001"
		if i%2 == 1 {
			ws, typ = "5eed0000000000000000b002", "p1700000000003"
		}
		if _, err := srv.SeedComponent(emulator.ComponentSeed{Name: fmt.Sprint("c", i), RootWorkspace: ws, TypeID: typ,
			CustomFields: map[string]any{"external_id": fmt.Sprint("ext-", i/10)}}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		rec := serve(b, srv, "GET", "/api/v2/components?rootWorkspace=5eed0000000000000000b001&customFields.external_id=ext-4242", nil)
		var page struct{ Values []any }
		_ = json.Unmarshal(rec.Body.Bytes(), &page)
		if len(page.Values) != 5 {
			b.Fatalf("%d values", len(page.Values))
		}
	}
}
