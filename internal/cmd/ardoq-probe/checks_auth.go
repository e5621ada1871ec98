package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
)

var authChecks = []check{
	{name: "me", section: "auth", assumption: "GET /me names the token's user (user.email) and org (org.label)", run: checkMe},
	{name: "auth-statuses", section: "auth",
		assumption: "no User-Agent 403, a wrong token 401, an X-org naming another org 403, no X-org 401 on the shared host (or accepted on an org's own domain)",
		run:        checkAuthStatuses},
}

func checkMe(ctx context.Context, p *probe) result {
	obj, a, err := p.raw.getJSON(ctx, "/me")
	if err != nil {
		return failed(err)
	}
	email, _ := member(obj, "user", "email").(string)
	label, _ := member(obj, "org", "label").(string)
	switch {
	case email == "" || label == "":
		return differed("no user.email or org.label: %s", excerpt(a.body))
	case p.org != "" && label != p.org:
		return differed("org.label is %q, ARDOQ_ORG is %q", label, p.org)
	}
	return held("user %s, org %s", email, label)
}

func checkAuthStatuses(ctx context.Context, p *probe) result {
	cases := []struct {
		what  string
		h     header
		wants []int
	}{
		{"no User-Agent", header{"User-Agent", ""}, []int{http.StatusForbidden}},
		{"a wrong token", header{"Authorization", "Bearer ardoq-probe-not-a-token"}, []int{http.StatusUnauthorized}},
		{"an X-org naming another org", header{"X-org", "ardoq-probe-no-such-org"}, []int{http.StatusForbidden}},
		{"no X-org", header{"X-org", ""}, []int{http.StatusUnauthorized, http.StatusOK}},
	}
	var got, wrong []string
	for _, c := range cases {
		a, err := p.raw.do(ctx, http.MethodGet, "/me", nil, c.h)
		if err != nil {
			return failed(err)
		}
		got = append(got, fmt.Sprintf("%s %d", c.what, a.status))
		if !slices.Contains(c.wants, a.status) {
			wrong = append(wrong, fmt.Sprintf("%s: %s", c.what, a))
		}
	}
	if len(wrong) > 0 {
		return differed("%s", strings.Join(wrong, "; "))
	}
	return held("%s", strings.Join(got, ", "))
}

// member walks nested JSON objects: member(obj, "user", "email").
func member(v any, path ...string) any {
	for _, name := range path {
		obj, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = obj[name]
	}
	return v
}
