package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/cmd/cmdtext"
)

// progress shows how far a snapshot is: a bar over the workspaces on a terminal, plain lines elsewhere
// (CI logs): one per workspace read, and one every plainEvery while a large workspace is being read.
type progress struct {
	out               io.Writer
	bar               *progressbar.ProgressBar // nil: plain lines
	name              string
	n, total          int
	components, refs  int
	started, finished bool
	lastLine          time.Time
}

// plainEvery is how long a CI log waits, at most, for a line while a workspace is read.
const plainEvery = 10 * time.Second

func newProgress(out io.Writer) *progress {
	p := &progress{out: out}
	if f, ok := out.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
		p.bar = progressbar.NewOptions(0, progressbar.OptionSetWriter(out), progressbar.OptionShowCount(),
			progressbar.OptionSetItsString("workspaces"), progressbar.OptionClearOnFinish(), progressbar.OptionSetPredictTime(false))
	}
	return p
}

func (p *progress) Workspace(name string, n, total int) {
	p.done()
	p.name, p.n, p.total, p.components, p.refs, p.started, p.lastLine = name, n, total, 0, 0, true, time.Now()
	if p.bar != nil {
		p.bar.ChangeMax(total)
		p.describe()
	}
}

func (p *progress) Read(noun string, count int) {
	if noun == "components" {
		p.components += count
	} else {
		p.refs += count
	}
	if p.bar != nil {
		p.describe()
		return
	}
	if time.Since(p.lastLine) >= plainEvery {
		p.lastLine = time.Now()
		fmt.Fprintf(p.out, "[%d/%d] %s: %s, %s so far\n", p.n, p.total, p.name, cmdtext.Count(p.components, "component"), cmdtext.Count(p.refs, "reference"))
	}
}

func (p *progress) describe() {
	p.bar.Describe(fmt.Sprintf("%s: %s, %s", p.name, cmdtext.Count(p.components, "component"), cmdtext.Count(p.refs, "reference")))
}

// done ends the workspace being read.
func (p *progress) done() {
	if !p.started || p.finished {
		return
	}
	if p.bar != nil {
		_ = p.bar.Add(1)
		return
	}
	fmt.Fprintf(p.out, "[%d/%d] %s: %s, %s\n", p.n, p.total, p.name, cmdtext.Count(p.components, "component"), cmdtext.Count(p.refs, "reference"))
}

// stop ends the progress of a snapshot that failed or was interrupted, with no line saying a workspace was read.
func (p *progress) stop() {
	p.finished = true
	if p.bar != nil {
		_ = p.bar.Exit()
		fmt.Fprintln(p.out)
	}
}

// finish ends the last workspace and the bar.
func (p *progress) finish() {
	p.done()
	p.finished = true
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}
