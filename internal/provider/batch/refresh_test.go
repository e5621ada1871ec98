package batch

import (
	"context"
	"fmt"
	"iter"
	"sync/atomic"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// TestReadWanted counts what a batch refresh costs: list pages while they carry what it manages, then
// one GET per entity still missing, and never a page beyond the one that brought the last of them.
func TestReadWanted(t *testing.T) {
	tests := []struct {
		name                string
		size                int   // entities in the workspace, listed 100 a page
		wanted              []int // positions in the listing of the entities the batch manages
		gone                int   // ids the batch manages that Ardoq no longer has
		maxPages, maxGets   int64
		wantPages, wantGets int64 // exact when maxPages/maxGets are 0
	}{
		{name: "the batch is the workspace", size: 1000, wanted: seq(0, 1000), wantPages: 10, wantGets: 0},
		{name: "the batch is the first page", size: 100_000, wanted: seq(0, 100), wantPages: 1, wantGets: 0},
		{name: "a few in a huge workspace", size: 1_000_000, wanted: []int{5, 250_000, 500_000, 750_000, 999_999}, maxPages: 5, maxGets: 5},
		{name: "some gone", size: 1000, wanted: seq(0, 990), gone: 10, wantPages: 10, wantGets: 0},
		{name: "the batch is most of a large workspace", size: 20_000, wanted: seq(0, 20_000), wantPages: 200, wantGets: 0},
		{name: "the last few far off", size: 100_000, wanted: append(seq(0, 5000), 60_000, 70_000, 99_999), maxPages: 55, maxGets: 3},
		{name: "one in every two pages of a huge workspace", size: 1_000_000, wanted: seqStep(0, 1_000_000, 200), maxPages: 5000, maxGets: 5000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var pageRequests, gets atomic.Int64
			id := func(i int) string { return fmt.Sprintf("%024d", i) }
			pages := func(_ context.Context, _ string) iter.Seq2[client.Page[client.Component], error] {
				return func(yield func(client.Page[client.Component], error) bool) {
					for start := 0; start < tc.size; start += 100 {
						pageRequests.Add(1)
						page := make([]client.Component, 0, 100)
						for i := start; i < min(start+100, tc.size); i++ {
							page = append(page, client.Component{ID: id(i)})
						}
						if !yield(client.Page[client.Component]{Values: page, Last: start+100 >= tc.size}, nil) {
							return
						}
					}
				}
			}
			get := func(_ context.Context, x string) (*client.Component, error) {
				gets.Add(1)
				var i int
				if _, err := fmt.Sscanf(x, "%d", &i); err != nil || i >= tc.size {
					return nil, &client.APIError{StatusCode: 404}
				}
				return &client.Component{ID: x}, nil
			}
			wanted := map[string]bool{}
			for _, i := range tc.wanted {
				wanted[id(i)] = true
			}
			for i := range tc.gone {
				wanted[id(tc.size+i)] = true
			}
			got, err := readWanted(context.Background(), map[string]map[string]bool{"ws": wanted}, pages, get, func(e *client.Component) string { return e.ID })
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.wanted) {
				t.Errorf("read %d entities, want the %d still in Ardoq", len(got), len(tc.wanted))
			}
			for _, i := range tc.wanted {
				if got[id(i)] == nil {
					t.Errorf("%s not read", id(i))
				}
			}
			t.Logf("%d pages, %d GETs", pageRequests.Load(), gets.Load())
			check := func(what string, n, want, most int64) {
				if most > 0 && n > most || most == 0 && n != want {
					t.Errorf("%d %s, want %d (at most %d)", n, what, want, most)
				}
			}
			check("pages", pageRequests.Load(), tc.wantPages, tc.maxPages)
			check("GETs", gets.Load(), tc.wantGets, tc.maxGets)
		})
	}
}

func seqStep(from, to, step int) []int {
	var out []int
	for i := from; i < to; i += step {
		out = append(out, i)
	}
	return out
}

func seq(from, to int) []int {
	out := make([]int, 0, to-from)
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	return out
}
