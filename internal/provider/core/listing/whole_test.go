package listing

import (
	"context"
	"fmt"
	"iter"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// wholeFake is a workspace of size entities, pageSize a page, whose listing counts its pages and can fail.
type wholeFake struct {
	size, pageSize int
	pages, deletes atomic.Uint64
	fail           bool
}

func (f *wholeFake) whole() *Whole[listed] {
	return NewWhole(func(_ context.Context, _ string) iter.Seq2[client.Page[listed], error] {
		return func(yield func(client.Page[listed], error) bool) {
			for start := 0; start == 0 || start < f.size; start += f.pageSize {
				f.pages.Add(1)
				if f.fail {
					yield(client.Page[listed]{}, fmt.Errorf("HTTP 503"))
					return
				}
				var page []listed
				for i := start; i < min(start+f.pageSize, f.size); i++ {
					page = append(page, listed{id: fmt.Sprint(i)})
				}
				if !yield(client.Page[listed]{Values: page, Last: start+f.pageSize >= f.size}, nil) {
					return
				}
			}
		}
	}, f.deletes.Load)
}

// searches runs n searches of one workspace, ten at a time as Terraform plans, and counts those the
// listing answered with every entity.
func searches(t *testing.T, w *Whole[listed], f *wholeFake, n int) (answered int) {
	t.Helper()
	var mu sync.Mutex
	work := make(chan struct{})
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() {
			for range work {
				all, ok := w.All(context.Background(), "ws")
				if ok && len(all) != f.size {
					t.Errorf("the listing answered %d entities of %d", len(all), f.size)
				}
				if ok {
					mu.Lock()
					answered++
					mu.Unlock()
				}
			}
		})
	}
	for range n {
		work <- struct{}{}
	}
	close(work)
	wg.Wait()
	return answered
}

func TestWhole_oneListingPerProcess(t *testing.T) {
	f := &wholeFake{size: 250, pageSize: 100}
	w := f.whole()
	if answered := searches(t, w, f, 400); answered != 400-(StartAfter-1) || f.pages.Load() != 3 {
		t.Fatalf("400 searches: %d answered from %d pages; want %d from 3", answered, f.pages.Load(), 400-(StartAfter-1))
	}
	if answered := searches(t, w, f, 10); answered != 10 || f.pages.Load() != 3 {
		t.Fatalf("later searches: %d answered, %d pages in all; want 10 from the same 3", answered, f.pages.Load())
	}
	f.deletes.Add(1) // what the listing holds may be gone
	if answered := searches(t, w, f, 10); answered != 10-(StartAfter-1) || f.pages.Load() != 6 {
		t.Fatalf("after a delete: %d answered, %d pages in all; want %d, and the workspace listed again", answered, f.pages.Load(), 10-(StartAfter-1))
	}
}

func TestWhole_emptyWorkspace(t *testing.T) {
	f := &wholeFake{size: 0, pageSize: 100}
	if answered := searches(t, f.whole(), f, 20); answered != 20-(StartAfter-1) || f.pages.Load() != 1 {
		t.Fatalf("%d answered from %d pages; want %d from 1", answered, f.pages.Load(), 20-(StartAfter-1))
	}
}

// A workspace bigger than listingMaxHeld costs that many entities' pages, and then its searches go on
// their own; a listing that failed leaves them on their own too.
func TestWhole_bigOrFailing(t *testing.T) {
	f := &wholeFake{size: 100_000, pageSize: 100}
	w := f.whole()
	if answered := searches(t, w, f, StartAfter); answered != 0 || f.pages.Load() != listingMaxHeld/100+1 {
		t.Fatalf("a big workspace: %d answered from %d pages; want none, from %d", answered, f.pages.Load(), listingMaxHeld/100+1)
	}
	listed := f.pages.Load()
	if answered := searches(t, w, f, 50); answered != 0 || f.pages.Load() != listed {
		t.Fatalf("after the listing stopped: %d answered, %d more pages; want none", answered, f.pages.Load()-listed)
	}
	failing := &wholeFake{size: 10, pageSize: 100, fail: true}
	w = failing.whole()
	if answered := searches(t, w, failing, 50); answered != 0 || failing.pages.Load() != 1 {
		t.Fatalf("a failing listing: %d answered, tried %d times; want none, once", answered, failing.pages.Load())
	}
}
