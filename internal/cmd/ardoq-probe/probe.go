package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
)

// check is one assumption and how to test it against an org. section is the facts section it is about
// ("lists" for FACTS.md §lists), whose statements name the check back ("Probe: `name`").
type check struct {
	name       string
	section    string
	assumption string
	writes     bool // needs -write-workspace; never run otherwise
	run        func(ctx context.Context, p *probe) result
}

// allChecks is every check, in the order they run: the read-only ones, then those that write.
func allChecks() []check {
	var all []check
	for _, group := range [][]check{authChecks, errorChecks, listChecks, shapeChecks, readOnlyChecks,
		versionChecks, updateChecks, cascadeChecks, batchChecks, batchErrorChecks} {
		all = append(all, group...)
	}
	return all
}

// probe is what the checks share: the org, the workspace they read, and the one they may write in.
type probe struct {
	api       *client.Client
	raw       *rawAPI
	org       string
	me        *client.UserInfo
	workspace *client.Workspace // the workspace the read-only checks look at
	context   *client.WorkspaceContext
	write     *scratch // nil unless -write-workspace names a workspace
	progress  io.Writer
}

// runChecks runs every check that the mode allows, in order, and stops at the first that finds the
// context ended (an interrupt): the rest are not run.
func (p *probe) runChecks(ctx context.Context) []finding {
	var findings []finding
	for _, c := range allChecks() {
		if ctx.Err() != nil {
			break
		}
		if c.writes && p.write == nil {
			findings = append(findings, finding{c, skipped("read-only run: give -write-workspace to check it")})
			continue
		}
		start := time.Now()
		r := c.run(ctx, p)
		if ctx.Err() != nil {
			break
		}
		fmt.Fprintf(p.progress, "%-32s %-12s (%s)\n", c.name, r.outcome, time.Since(start).Round(time.Millisecond))
		findings = append(findings, finding{c, r})
	}
	return findings
}
