package emulator

import (
	"strings"
	"sync"
)

// listCache keeps the sorted matches of recent list queries for the store revision they were found at.
// A listing is one request per page, and finding and sorting every match for each page made paging
// through a workspace of n entities cost n²/pageSize; with the cache it costs one sort per listing.
// Any write changes the revision (or, for a batch, the store) and so empties the cache.
type listCache struct {
	mu    sync.Mutex
	st    *store
	rev   uint64
	comps map[string][]*Component
	refs  map[string][]*Reference
}

// listCacheQueries bounds the queries kept per revision: listings with many distinct filters (a
// component's look-ups by parent or key) start over rather than grow the cache.
const listCacheQueries = 64

func (s *Server) listedComponents(q query) []*Component {
	return cachedMatches(&s.lists, s.st, q, func(c *listCache) *map[string][]*Component { return &c.comps }, s.st.findComponents)
}

func (s *Server) listedReferences(q query) []*Reference {
	return cachedMatches(&s.lists, s.st, q, func(c *listCache) *map[string][]*Reference { return &c.refs }, s.st.findReferences)
}

// cachedMatches returns find(q), from the cache when st is still at the revision it was found at. The
// slices handed out are shared between readers and never modified.
func cachedMatches[T any](c *listCache, st *store, q query, table func(*listCache) *map[string][]T, find func(query) []T) []T {
	key := q.key()
	c.mu.Lock()
	if c.st != st || c.rev != st.rev {
		c.st, c.rev, c.comps, c.refs = st, st.rev, nil, nil
	}
	m := table(c)
	if found, ok := (*m)[key]; ok {
		c.mu.Unlock()
		return found
	}
	c.mu.Unlock()
	found := find(q)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.st == st && c.rev == st.rev {
		if *m == nil || len(*m) >= listCacheQueries {
			*m = map[string][]T{}
		}
		(*m)[key] = found
	}
	return found
}

// key is the query's identity in the cache: its conditions in order (parseListQuery sorts them).
func (q query) key() string {
	var b strings.Builder
	for _, c := range q {
		b.WriteString(c.field)
		if c.cf {
			b.WriteString("\x01")
		}
		b.WriteString("\x00")
		b.WriteString(c.value)
		b.WriteString("\x00")
	}
	return b.String()
}
