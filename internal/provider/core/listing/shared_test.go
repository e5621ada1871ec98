package listing

import (
	"cmp"
	"context"
	"fmt"
	"iter"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

type listed struct{ id string }

// fakeWorkspace is a workspace of size entities listed pageSize at a time, counting its requests.
type fakeWorkspace struct {
	size, pageSize int
	pageRequests   atomic.Int64
	gets           atomic.Int64
	writes         atomic.Uint64
	failAfter      int           // pages served before the listing fails; 0 never fails
	latency        time.Duration // what a request takes (a GET 200µs when unset)
	parallelism    int           // reads at once (Terraform's default of 10 when unset)
}

func (f *fakeWorkspace) id(i int) string { return fmt.Sprintf("e%06d", i) }

func (f *fakeWorkspace) listing() *Shared[listed] {
	pages := func(_ context.Context, _ string) iter.Seq2[client.Page[listed], error] {
		return func(yield func(client.Page[listed], error) bool) {
			for start := 0; start < f.size; start += f.pageSize {
				n := f.pageRequests.Add(1)
				time.Sleep(f.latency)
				if f.failAfter > 0 && int(n) > f.failAfter {
					yield(client.Page[listed]{}, fmt.Errorf("HTTP 500"))
					return
				}
				page := make([]listed, 0, f.pageSize)
				for i := start; i < min(start+f.pageSize, f.size); i++ {
					page = append(page, listed{id: f.id(i)})
				}
				if !yield(client.Page[listed]{Values: page, Last: start+f.pageSize >= f.size}, nil) {
					return
				}
			}
		}
	}
	return NewShared(pages, func(e *listed) string { return e.id }, f.writes.Load)
}

// refresh reads ids with Terraform's parallelism: from the listing when it has them, otherwise
// with a GET (which takes a little time, as a request does).
func (f *fakeWorkspace) refresh(t *testing.T, s *Shared[listed], ids []string) {
	t.Helper()
	work := make(chan string)
	var wg sync.WaitGroup
	for range cmp.Or(f.parallelism, 10) {
		wg.Go(func() {
			for id := range work {
				e, ok := s.Lookup(context.Background(), "ws", id)
				if !ok {
					f.gets.Add(1)
					time.Sleep(max(f.latency, 200*time.Microsecond))
					continue
				}
				if e.id != id {
					t.Errorf("lookup(%s) returned %s", id, e.id)
				}
			}
		})
	}
	for _, id := range ids {
		work <- id
	}
	close(work)
	wg.Wait()
}

func (f *fakeWorkspace) sample(n int, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, seed))
	ids := make([]string, 0, n)
	for _, i := range r.Perm(f.size)[:n] {
		ids = append(ids, f.id(i))
	}
	return ids
}

// How many requests a refresh sends follows from the reads and the workspace, never from timing: the
// same at a request's latency of nothing or 20ms, at Terraform's parallelism of 1, 10 or 30.
func TestSharedListing_requestsFollowFromTheReads(t *testing.T) {
	for _, latency := range []time.Duration{0, 20 * time.Millisecond} {
		for _, parallelism := range []int{1, 10, 30} {
			f := &fakeWorkspace{size: 2000, pageSize: 100, latency: latency, parallelism: parallelism}
			f.refresh(t, f.listing(), f.sample(2000, 1))
			if f.pageRequests.Load() != 20 || f.gets.Load() != StartAfter-1 {
				t.Errorf("latency %s, parallelism %d: %d pages and %d GETs; want the workspace's 20 pages and the %d GETs before it",
					latency, parallelism, f.pageRequests.Load(), f.gets.Load(), StartAfter-1)
			}
		}
	}
}

// A workspace far bigger than what the run reads: the listing stops at listingMaxHeld entities, and the
// reads of what it did not bring are GETs.
func TestSharedListing_sparseInAHugeWorkspace(t *testing.T) {
	f := &fakeWorkspace{size: 1_000_000, pageSize: 100}
	ids := f.sample(500, 2)
	s := f.listing()
	f.refresh(t, s, ids[:StartAfter-1]) // as in failedListingFallsBackToGETs
	f.refresh(t, s, ids[StartAfter-1:])
	beyond := 0
	for _, id := range ids[StartAfter-1:] {
		if id >= f.id(listingMaxHeld) {
			beyond++
		}
	}
	if pages := f.pageRequests.Load(); pages != listingMaxHeld/100 {
		t.Errorf("listed %d pages, want %d", pages, listingMaxHeld/100)
	}
	if gets := f.gets.Load(); gets != int64(StartAfter-1+beyond) {
		t.Errorf("%d GETs, want %d: the reads before the listing and those of entities past its bound", gets, StartAfter-1+beyond)
	}
}

func TestSharedListing_fewReadsNeverList(t *testing.T) {
	f := &fakeWorkspace{size: 50, pageSize: 100}
	f.refresh(t, f.listing(), f.sample(StartAfter-1, 4))
	if f.pageRequests.Load() != 0 {
		t.Errorf("%d reads listed the workspace: one GET each is cheaper", StartAfter-1)
	}
}

// After any write, nothing listed before it is served.
func TestSharedListing_writeDropsWhatWasListed(t *testing.T) {
	f := &fakeWorkspace{size: 300, pageSize: 100}
	s := f.listing()
	f.refresh(t, s, f.sample(30, 5))
	f.writes.Add(1)
	for i := range f.size {
		if _, ok := s.Lookup(context.Background(), "ws", f.id(i)); ok {
			t.Fatalf("%s was served from a listing made before a write", f.id(i))
		}
	}
}

// A listing that fails serves what its pages brought before; the rest is read on its own.
func TestSharedListing_failedListingFallsBackToGETs(t *testing.T) {
	f := &fakeWorkspace{size: 1000, pageSize: 100, failAfter: 1}
	ids := f.sample(1000, 6)
	s := f.listing()
	// the reads before the listing first, so that which reads are GETs anyway does not depend on how the
	// parallel reads are scheduled
	f.refresh(t, s, ids[:StartAfter-1])
	f.refresh(t, s, ids[StartAfter-1:])
	onFirstPage := 0
	for _, id := range ids[StartAfter-1:] {
		if id < f.id(100) {
			onFirstPage++
		}
	}
	if want := int64(len(ids) - onFirstPage); f.gets.Load() != want {
		t.Errorf("%d GETs after the listing failed at its second page, want %d", f.gets.Load(), want)
	}
}

func TestSharedListing_absentIDsAreReadOnTheirOwn(t *testing.T) {
	f := &fakeWorkspace{size: 100, pageSize: 100}
	s := f.listing()
	f.refresh(t, s, f.sample(100, 7))
	if _, ok := s.Lookup(context.Background(), "ws", "deleted-in-ardoq"); ok {
		t.Error("an id the listing never saw was served")
	}
	if _, ok := s.Lookup(context.Background(), "", "e000001"); ok {
		t.Error("a read with no workspace (an import) was served from a listing")
	}
}

// BenchmarkSharedListing reads every entity of a workspace through the listing: linear in its size.
func BenchmarkSharedListing(b *testing.B) {
	for _, size := range []int{1_000, 10_000} {
		b.Run(fmt.Sprint(size), func(b *testing.B) {
			for b.Loop() {
				f := &fakeWorkspace{size: size, pageSize: 100}
				s := f.listing()
				for i := range size {
					for {
						if _, ok := s.Lookup(context.Background(), "ws", f.id(i)); ok || i < StartAfter {
							break
						}
						time.Sleep(time.Microsecond) // its page is on its way
					}
				}
			}
		})
	}
}
