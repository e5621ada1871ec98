package listing

import (
	"context"
	"iter"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// frozenListing is a listing whose pages never come (Ardoq stopped answering); gaveUp is closed when its
// request is cancelled.
func frozenListing() (s *Shared[listed], gaveUp chan struct{}) {
	gaveUp = make(chan struct{})
	pages := func(ctx context.Context, _ string) iter.Seq2[client.Page[listed], error] {
		return func(yield func(client.Page[listed], error) bool) {
			<-ctx.Done()
			close(gaveUp)
			yield(client.Page[listed]{}, ctx.Err())
		}
	}
	return NewShared(pages, func(e *listed) string { return e.id }, func() uint64 { return 0 }), gaveUp
}

// startListing makes the reads before the one that starts the workspace's listing.
func startListing(s *Shared[listed]) {
	for range StartAfter - 1 {
		s.Lookup(context.Background(), "ws", "x")
	}
}

// A listing with reads waiting for its page ends, its request cancelled, once those reads have gone
// (Terraform stopped the run), rather than going on with nobody to serve.
func TestShared_endsWhenItsReadsAreStopped(t *testing.T) {
	s, gaveUp := frozenListing()
	startListing(s)
	ctx, stop := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, stop)
	if _, ok := s.Lookup(ctx, "ws", "e1"); ok {
		t.Fatal("nothing was listed")
	}
	select {
	case <-gaveUp:
	case <-time.After(time.Second):
		t.Fatal("the listing's request was still running a second after its only waiting read stopped")
	}
}
