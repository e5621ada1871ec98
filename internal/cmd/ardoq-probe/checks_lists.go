package main

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode"
)

var listChecks = []check{
	{name: "paging-links", section: "lists",
		assumption: "_links.next.href is an absolute URL on the base URL's host; following it to the last page lists every entity once", run: checkPagingLinks},
	{name: "page-size", section: "lists", assumption: "a list page holds 100 entities", run: checkPageSize},
	{name: "filter-name-exact", section: "lists", assumption: "the name filter matches the exact name, case included", run: checkNameFilter},
	{name: "undeclared-params", section: "lists", assumption: "a query parameter a list does not declare is ignored", run: checkUndeclaredParams},
}

// listPage is one page of a listing as Ardoq sent it.
type listPage struct {
	values []map[string]any
	next   string // _links.next.href; empty on the last page
}

// rawPage gets one page of a listing (path under /api/v2, or a next link).
func (p *probe) rawPage(ctx context.Context, path string) (*listPage, error) {
	obj, _, err := p.raw.getJSON(ctx, path)
	if err != nil {
		return nil, err
	}
	values, ok := obj["values"].([]any)
	if !ok {
		return nil, fmt.Errorf("GET %s: no values array in the answer", path)
	}
	page := &listPage{}
	for _, v := range values {
		if entity, ok := v.(map[string]any); ok {
			page.values = append(page.values, entity)
		}
	}
	page.next, _ = member(obj, "_links", "next", "href").(string)
	return page, nil
}

// pagedListing is the first of the org's listings that has a second page, with its first page; nil
// when every listing fits one page.
func (p *probe) pagedListing(ctx context.Context) (string, *listPage, error) {
	for _, path := range []string{"/components", "/references", "/workspaces"} {
		page, err := p.rawPage(ctx, path)
		if err != nil || page.next != "" {
			return path, page, err
		}
	}
	return "", nil, nil
}

var errOnePage = errors.New("every listing of the org (components, references, workspaces) fits one page: there is no next link to look at")

func checkPagingLinks(ctx context.Context, p *probe) result {
	path, page, err := p.pagedListing(ctx)
	if err != nil {
		return failed(err)
	}
	if page == nil {
		return skipped("%v", errOnePage)
	}
	seen := map[string]bool{}
	pages := 0
	for {
		pages++
		for _, v := range page.values {
			id, _ := v["_id"].(string)
			if seen[id] {
				return differed("GET %s: %s came twice, on page %d", path, id, pages)
			}
			seen[id] = true
		}
		if page.next == "" {
			break
		}
		link, err := url.Parse(page.next)
		if err != nil || !link.IsAbs() {
			return differed("GET %s: a relative or invalid next link %q (the client resolves a relative one)", path, page.next)
		}
		if base, _ := url.Parse(p.raw.base); !strings.EqualFold(link.Host, base.Host) || link.Scheme != base.Scheme {
			return differed("GET %s: the next link %q is not on %s://%s", path, page.next, base.Scheme, base.Host)
		}
		if page, err = p.rawPage(ctx, page.next); err != nil {
			return failed(err)
		}
	}
	return held("GET %s: %d entities on %d pages, absolute links, none twice", path, len(seen), pages)
}

func checkPageSize(ctx context.Context, p *probe) result {
	path, page, err := p.pagedListing(ctx)
	if err != nil {
		return failed(err)
	}
	if page == nil {
		return skipped("%v", errOnePage)
	}
	if n := len(page.values); n != 100 {
		return differed("GET %s: the first page holds %d", path, n)
	}
	return held("GET %s: the first page holds 100", path)
}

func checkNameFilter(ctx context.Context, p *probe) result {
	page, err := p.rawPage(ctx, "/components?rootWorkspace="+url.QueryEscape(p.workspace.ID))
	if err != nil {
		return failed(err)
	}
	var name, id string
	for _, c := range page.values {
		if n, _ := c["name"].(string); strings.IndexFunc(n, unicode.IsLetter) >= 0 {
			name = n
			id, _ = c["_id"].(string)
			break
		}
	}
	if name == "" {
		return skipped("workspace %q has no component with a letter in its name", p.workspace.Name)
	}
	listed := func(filter string) ([]string, error) {
		page, err := p.rawPage(ctx, "/components?rootWorkspace="+url.QueryEscape(p.workspace.ID)+"&name="+url.QueryEscape(filter))
		if err != nil {
			return nil, err
		}
		var names []string
		for _, c := range page.values {
			n, _ := c["name"].(string)
			names = append(names, n)
			if c["_id"] == id && filter != name {
				return names, fmt.Errorf("name=%q lists %q", filter, name)
			}
		}
		return names, nil
	}
	exact, err := listed(name)
	if err != nil {
		return failed(err)
	}
	if !slices.Contains(exact, name) {
		return differed("name=%q does not list the component of that name", name)
	}
	others := []string{swapCase(name)}
	if runes := []rune(name); len(runes) > 1 {
		others = append(others, string(runes[:len(runes)-1]))
	}
	for _, other := range others {
		if _, err := listed(other); err != nil {
			return differed("%v", err)
		}
	}
	return held("name=%q lists it; its name in other case and without its last letter do not", name)
}

func swapCase(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsUpper(r) {
			return unicode.ToLower(r)
		}
		return unicode.ToUpper(r)
	}, s)
}

func checkUndeclaredParams(ctx context.Context, p *probe) result {
	path := "/components?rootWorkspace=" + url.QueryEscape(p.workspace.ID)
	plain, err := p.rawPage(ctx, path)
	if err != nil {
		return failed(err)
	}
	with, err := p.rawPage(ctx, path+"&ardoqProbeUndeclared=1")
	if err != nil {
		return differed("%v", err)
	}
	if got, want := ids(with.values), ids(plain.values); !slices.Equal(got, want) {
		return differed("with ardoqProbeUndeclared=1 the first page lists %d components, without it %d", len(got), len(want))
	}
	return held("ardoqProbeUndeclared=1 changes nothing (%d components on the first page)", len(plain.values))
}

func ids(values []map[string]any) []string {
	var out []string
	for _, v := range values {
		id, _ := v["_id"].(string)
		out = append(out, id)
	}
	return out
}
