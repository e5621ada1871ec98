package listing

import (
	"context"
	"errors"
	"iter"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// fakePages serves a workspace of size entities, pageSize per page, counting the pages asked for.
type fakePages struct {
	size, pageSize int
	requests       atomic.Int64
	writes         atomic.Uint64
	fail           bool
}

func (f *fakePages) workspaces() *SmallWorkspaces[int] {
	return NewSmallWorkspaces(func(context.Context, string) iter.Seq2[client.Page[int], error] {
		return func(yield func(client.Page[int], error) bool) {
			for start := 0; start < f.size || start == 0; start += f.pageSize {
				f.requests.Add(1)
				time.Sleep(5 * time.Millisecond) // the searches that come meanwhile wait for it
				if f.fail {
					yield(client.Page[int]{}, errors.New("HTTP 500"))
					return
				}
				var page []int
				for i := start; i < min(start+f.pageSize, f.size); i++ {
					page = append(page, i)
				}
				if !yield(client.Page[int]{Values: page, Last: start+f.pageSize >= f.size}, nil) {
					return
				}
			}
		}
	}, f.writes.Load, time.Minute)
}

// search runs n searches of one workspace with Terraform's parallelism of 10 and counts those answered
// from the page.
func (f *fakePages) search(s *SmallWorkspaces[int], n int) (answered int) {
	var mu sync.Mutex
	work := make(chan int)
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() {
			for range work {
				if all, ok := s.All(context.Background(), "ws"); ok {
					if len(all) != f.size {
						panic("a page that is not the whole workspace answered a search")
					}
					mu.Lock()
					answered++
					mu.Unlock()
				}
			}
		})
	}
	for i := range n {
		work <- i
	}
	close(work)
	wg.Wait()
	return answered
}

func TestSmallWorkspaces_onePageAnswersTheSearches(t *testing.T) {
	f := &fakePages{size: 60, pageSize: 100}
	answered := f.search(f.workspaces(), 200)
	if f.requests.Load() != 1 || answered < 200-StartAfter {
		t.Errorf("200 searches: %d pages, %d answered from it; want one page answering all but the first %d", f.requests.Load(), answered, StartAfter)
	}
}

func TestSmallWorkspaces_fewSearchesNeverList(t *testing.T) {
	f := &fakePages{size: 60, pageSize: 100}
	if answered := f.search(f.workspaces(), StartAfter-1); answered != 0 || f.requests.Load() != 0 {
		t.Errorf("%d searches asked for %d pages: one search each is cheaper", StartAfter-1, f.requests.Load())
	}
}

// A workspace bigger than a page costs its first page once; every search goes on its own.
func TestSmallWorkspaces_bigWorkspaceSearchesOnItsOwn(t *testing.T) {
	f := &fakePages{size: 5000, pageSize: 100}
	if answered := f.search(f.workspaces(), 200); answered != 0 || f.requests.Load() != 1 {
		t.Errorf("a workspace of 50 pages: %d pages asked for, %d searches answered; want 1 and 0", f.requests.Load(), answered)
	}
}

func TestSmallWorkspaces_failedPageSearchesOnItsOwn(t *testing.T) {
	f := &fakePages{size: 60, pageSize: 100, fail: true}
	if answered := f.search(f.workspaces(), 50); answered != 0 {
		t.Errorf("%d searches answered from a page that failed", answered)
	}
}

// Once the provider has written anything, the page is not used.
func TestSmallWorkspaces_writeDropsThePage(t *testing.T) {
	f := &fakePages{size: 60, pageSize: 100}
	s := f.workspaces()
	f.search(s, 20)
	f.writes.Add(1)
	if answered := f.search(s, 20); answered != 0 {
		t.Errorf("%d searches answered from a page read before a write", answered)
	}
	if _, ok := s.All(context.Background(), ""); ok {
		t.Error("a search with no workspace was answered")
	}
}
