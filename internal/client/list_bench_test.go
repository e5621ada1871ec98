package client_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// BenchmarkListComponents decodes a workspace's components from pages of 100 (what a refresh reads):
// linear in the number of components, or a regression.
func BenchmarkListComponents(b *testing.B) {
	for _, n := range []int{1_000, 10_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			pages := make([][]byte, 0, n/100)
			for start := 0; start < n; start += 100 {
				body := []byte(`{"values":[`)
				for i := start; i < start+100; i++ {
					if i > start {
						body = append(body, ',')
					}
					body = fmt.Appendf(body, `{"_id":"%024d","_version":3,"_meta":{"created":"2026-01-01T00:00:00Z","lastUpdated":"2026-01-02T00:00:00Z",`+
						`"createdBy":"5eed00000000000000000001","createdByEmail":"a@example.com","lastModifiedBy":"5eed00000000000000000001",`+
						`"lastModifiedByEmail":"a@example.com"},"name":"Component %d","rootWorkspace":"5eed0000000000000000b001",`+
						`"typeId":"p1700000000001","type":"Application","componentKey":"APP-%d","parent":null,"description":"d",`+
						`"color":null,"shape":null,"icon":null,"image":null,"customFields":{"external_id":"ext-%d","cost":%d}}`, i, i, i, i, i)
				}
				next := "{}"
				if start+100 < n {
					next = fmt.Sprintf(`{"next":{"href":"/api/v2/components?rootWorkspace=ws&cursor=%d"}}`, start+100)
				}
				pages = append(pages, fmt.Appendf(body, `],"_links":%s,"_meta":{}}`, next))
			}
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				cursor, _ := strconv.Atoi(r.URL.Query().Get("cursor"))
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write(pages[cursor/100])
			}))
			defer srv.Close()
			c, err := client.New(client.Config{BaseURL: srv.URL, Token: "t", Org: "o"})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				all, err := c.ListComponents(context.Background(), client.ComponentFilter{RootWorkspace: "ws"})
				if err != nil || len(all) != n {
					b.Fatalf("%d components, %v", len(all), err)
				}
			}
		})
	}
}
