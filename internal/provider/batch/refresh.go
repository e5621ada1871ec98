package batch

import (
	"context"
	"iter"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/core/entity"
)

// refresh reads every item back from its workspace's list pages (readWanted). Items gone from Ardoq drop
// out (the plan re-creates them); changed ones show as drift.
func (r *batchResource) refresh(ctx context.Context, prior batchItems) (batchItems, error) {
	out := batchItems{Components: map[string]entity.ComponentValues{}, References: map[string]entity.ReferenceValues{}}
	components, references, err := readBatchEntities(ctx, r.data.Client, prior)
	if err != nil {
		return out, err
	}
	ids := map[string]string{}
	for k, c := range prior.Components {
		if _, ok := components[c.ID]; ok {
			ids[k] = c.ID
		}
	}
	for k, c := range prior.Components {
		if got, ok := components[c.ID]; ok {
			out.Components[k] = entity.ComponentValuesFrom(got, c, ids)
		}
	}
	for k, ref := range prior.References {
		if got, ok := references[ref.ID]; ok {
			out.References[k] = entity.ReferenceValuesFrom(got, ref, ids)
		}
	}
	return out, nil
}

// readBatchEntities reads what a batch's items hold in Ardoq (id -> entity), components and references
// at once; an id absent from the result is gone from Ardoq.
func readBatchEntities(ctx context.Context, c *client.Client, prior batchItems) (map[string]*client.Component, map[string]*client.Reference, error) {
	var components map[string]*client.Component
	var references map[string]*client.Reference
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) {
		wanted := idsByWorkspace(prior.Components, func(i entity.ComponentValues) (string, string) { return i.RootWorkspace, i.ID })
		components, err = readWanted(gctx, wanted, func(ctx context.Context, ws string) iter.Seq2[client.Page[client.Component], error] {
			return c.ComponentPages(ctx, client.ComponentFilter{RootWorkspace: ws})
		}, c.GetComponent, func(e *client.Component) string { return e.ID })
		return err
	})
	g.Go(func() (err error) {
		wanted := idsByWorkspace(prior.References, func(i entity.ReferenceValues) (string, string) { return i.RootWorkspace, i.ID })
		references, err = readWanted(gctx, wanted, func(ctx context.Context, ws string) iter.Seq2[client.Page[client.Reference], error] {
			return c.ReferencePages(ctx, client.ReferenceFilter{RootWorkspace: ws})
		}, c.GetReference, func(e *client.Reference) string { return e.ID })
		return err
	})
	return components, references, g.Wait()
}

func idsByWorkspace[T any](items map[string]T, of func(T) (ws, id string)) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, item := range items {
		ws, id := of(item)
		if ws == "" || id == "" {
			continue
		}
		if out[ws] == nil {
			out[ws] = map[string]bool{}
		}
		out[ws][id] = true
	}
	return out
}

// readWanted reads the wanted entities of each workspace (all workspaces at once) from the workspace's
// list pages, which carry many entities per request, until every wanted id has been seen. It reads the
// ids still missing one by one instead once paging stops paying: when as many pages in a row have
// brought none of them as there are ids missing (a workspace far bigger than what is managed), or when
// the pages read number as many as the ids wanted. So a refresh costs at most about two requests per
// entity, and a batch that is most of its workspace reads it page by page to the end, with no GET.
// An id that a complete listing did not show, or that answers 404, is gone.
func readWanted[T any](ctx context.Context, wanted map[string]map[string]bool, pages func(context.Context, string) iter.Seq2[client.Page[T], error],
	get func(context.Context, string) (*T, error), idOf func(*T) string) (map[string]*T, error) {
	out := map[string]*T{}
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	for ws, ids := range wanted {
		g.Go(func() error {
			missing := map[string]bool{}
			for id := range ids {
				missing[id] = true
			}
			read, barren := 0, 0
			for page, err := range pages(gctx, ws) {
				if err != nil {
					return err
				}
				before := len(missing)
				mu.Lock()
				for i := range page.Values {
					if id := idOf(&page.Values[i]); missing[id] {
						out[id] = &page.Values[i]
						delete(missing, id)
					}
				}
				mu.Unlock()
				read++
				if barren++; len(missing) < before {
					barren = 0
				}
				if len(missing) == 0 || page.Last {
					return nil
				}
				if barren >= len(missing) || read >= len(ids) {
					return readEach(gctx, missing, get, out, &mu)
				}
			}
			return nil
		})
	}
	return out, g.Wait()
}

// readEach reads the given ids one GET each, ten at a time; a 404 means gone.
func readEach[T any](ctx context.Context, ids map[string]bool, get func(context.Context, string) (*T, error), out map[string]*T, mu *sync.Mutex) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(10)
	for id := range ids {
		g.Go(func() error {
			e, err := get(gctx, id)
			if client.IsNotFound(err) {
				return nil
			}
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			out[id] = e
			return nil
		})
	}
	return g.Wait()
}
