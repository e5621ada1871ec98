package main

import (
	"fmt"
	"io"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/cmd/cmdtext"
)

// progress says how far the reading is, in plain lines: one per workspace read, and one every
// progressEvery while a large workspace is being read.
type progress struct {
	out              io.Writer
	name             string
	n, total         int
	components, refs int
	started          bool
	lastLine         time.Time
}

// progressEvery is how long a user waits, at most, for a line while a workspace is read.
const progressEvery = 2 * time.Second

func newProgress(out io.Writer) *progress { return &progress{out: out} }

func (p *progress) Workspace(name string, n, total int) {
	p.done()
	p.name, p.n, p.total, p.components, p.refs, p.started, p.lastLine = name, n, total, 0, 0, true, time.Now()
	fmt.Fprintf(p.out, "[%d/%d] reading %s\n", n, total, name)
}

func (p *progress) Read(noun string, count int) {
	if noun == "components" {
		p.components += count
	} else {
		p.refs += count
	}
	if time.Since(p.lastLine) >= progressEvery {
		p.lastLine = time.Now()
		fmt.Fprintf(p.out, "[%d/%d] %s: %s, %s so far\n", p.n, p.total, p.name, cmdtext.Count(p.components, "component"), cmdtext.Count(p.refs, "reference"))
	}
}

// done ends the workspace being read.
func (p *progress) done() {
	if p.started {
		fmt.Fprintf(p.out, "[%d/%d] %s: %s, %s\n", p.n, p.total, p.name, cmdtext.Count(p.components, "component"), cmdtext.Count(p.refs, "reference"))
	}
}
