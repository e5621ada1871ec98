package listing

import (
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
	return NewShared(pages, func(e *listed) string { return e.id }, f.writes.Load, 2*time.Minute)
}

// refresh reads ids with Terraform's parallelism of 10: from the listing when it has them, otherwise
// with a GET (which takes a little time, as a request does).
func (f *fakeWorkspace) refresh(t *testing.T, s *Shared[listed], ids []string) {
	t.Helper()
	work := make(chan string)
	var wg sync.WaitGroup
	for range 10 {
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

func TestSharedListing_managesTheWholeWorkspace(t *testing.T) {
	f := &fakeWorkspace{size: 2000, pageSize: 100}
	f.refresh(t, f.listing(), f.sample(2000, 1))
	requests := f.pageRequests.Load() + f.gets.Load()
	t.Logf("2,000 reads: %d pages + %d GETs", f.pageRequests.Load(), f.gets.Load())
	if f.pageRequests.Load() != 20 {
		t.Errorf("listed %d pages, want the workspace's 20", f.pageRequests.Load())
	}
	if requests > 200 {
		t.Errorf("%d requests for 2,000 reads of a 2,000-entity workspace: the listing should serve most of them", requests)
	}
}

// At a real request's latency, the reads that come while a page is on its way wait for it instead of
// sending a GET each that would take as long: after the few that start the listing, every read of a
// workspace the run manages whole is served from its pages.
func TestSharedListing_readsWaitForThePageOnItsWay(t *testing.T) {
	f := &fakeWorkspace{size: 200, pageSize: 100, latency: 20 * time.Millisecond}
	f.refresh(t, f.listing(), f.sample(200, 4))
	t.Logf("200 reads: %d pages + %d GETs", f.pageRequests.Load(), f.gets.Load())
	if f.pageRequests.Load() != 2 || f.gets.Load() > StartAfter {
		t.Errorf("%d pages and %d GETs, want the workspace's 2 pages and at most the %d GETs before the listing started",
			f.pageRequests.Load(), f.gets.Load(), StartAfter)
	}
}

// A workspace far bigger than what the run reads: the listing stops after a few pages, and the run
// costs no more than a few requests beyond one GET per read.
func TestSharedListing_sparseInAHugeWorkspace(t *testing.T) {
	f := &fakeWorkspace{size: 1_000_000, pageSize: 100}
	ids := f.sample(500, 2)
	f.refresh(t, f.listing(), ids)
	t.Logf("500 reads in 1,000,000: %d pages + %d GETs", f.pageRequests.Load(), f.gets.Load())
	if pages := f.pageRequests.Load(); pages > listingLead+2 {
		t.Errorf("listed %d pages of a workspace where the run reads 1 entity in 2,000: want at most %d", pages, listingLead+2)
	}
	if total := f.pageRequests.Load() + f.gets.Load(); total > int64(len(ids)+listingLead+2) {
		t.Errorf("%d requests for %d reads: never more than a few beyond one GET each", total, len(ids))
	}
}

// A tenth of a big workspace: the listing may pay or not, but never costs more than a few requests
// beyond one GET per read.
func TestSharedListing_aTenthOfTheWorkspace(t *testing.T) {
	f := &fakeWorkspace{size: 20_000, pageSize: 100}
	ids := f.sample(2000, 3)
	f.refresh(t, f.listing(), ids)
	total := f.pageRequests.Load() + f.gets.Load()
	t.Logf("2,000 reads in 20,000: %d pages + %d GETs", f.pageRequests.Load(), f.gets.Load())
	if total > int64(len(ids)+listingLead+2) {
		t.Errorf("%d requests for %d reads", total, len(ids))
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
	waitFor(t, func() bool { return f.pageRequests.Load() >= 1 })
	f.writes.Add(1)
	for i := range f.size {
		if _, ok := s.Lookup(context.Background(), "ws", f.id(i)); ok {
			t.Fatalf("%s was served from a listing made before a write", f.id(i))
		}
	}
}

func TestSharedListing_failedListingFallsBackToGETs(t *testing.T) {
	f := &fakeWorkspace{size: 1000, pageSize: 100, failAfter: 1}
	ids := f.sample(1000, 6)
	f.refresh(t, f.listing(), ids)
	if f.gets.Load() < 800 {
		t.Errorf("only %d GETs after the listing failed at its second page", f.gets.Load())
	}
}

func TestSharedListing_absentIDsAreReadOnTheirOwn(t *testing.T) {
	f := &fakeWorkspace{size: 100, pageSize: 100}
	s := f.listing()
	f.refresh(t, s, f.sample(100, 7))
	waitFor(t, func() bool { return f.pageRequests.Load() == 1 })
	if _, ok := s.Lookup(context.Background(), "ws", "deleted-in-ardoq"); ok {
		t.Error("an id the listing never saw was served")
	}
	if _, ok := s.Lookup(context.Background(), "", "e000001"); ok {
		t.Error("a read with no workspace (an import) was served from a listing")
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
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

// The listing that starts for components starts the references' of the same workspace too: Terraform
// reads references after their components, and their pages are then already there.
func TestSharedListing_startsAlsoPrefetches(t *testing.T) {
	components := &fakeWorkspace{size: 200, pageSize: 100}
	references := &fakeWorkspace{size: 200, pageSize: 100}
	c, r := components.listing(), references.listing()
	c.StartsAlso = r.Prefetch
	components.refresh(t, c, components.sample(200, 8))
	waitFor(t, func() bool { return references.pageRequests.Load() == 2 })
	references.refresh(t, r, references.sample(200, 9))
	if references.gets.Load() != 0 || references.pageRequests.Load() != 2 {
		t.Errorf("references: %d GETs and %d pages, want their 2 pages fetched before the first read and no GET",
			references.gets.Load(), references.pageRequests.Load())
	}
}

// With no read, a prefetched listing stops after listingLead + 1 pages.
func TestSharedListing_prefetchWithoutReadsIsBounded(t *testing.T) {
	f := &fakeWorkspace{size: 10_000, pageSize: 100}
	s := f.listing()
	s.Prefetch(context.Background(), "ws")
	waitFor(t, func() bool { return f.pageRequests.Load() >= listingLead+1 })
	time.Sleep(50 * time.Millisecond)
	if pages := f.pageRequests.Load(); pages != listingLead+1 {
		t.Errorf("a listing nobody reads fetched %d pages, want %d", pages, listingLead+1)
	}
}
