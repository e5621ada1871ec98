package main

import (
	"fmt"
	"io"
	"os"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"
)

// progress shows how far a snapshot is: a bar over the workspaces on a terminal, plain lines elsewhere
// (CI logs), one per workspace read.
type progress struct {
	out               io.Writer
	bar               *progressbar.ProgressBar // nil: plain lines
	name              string
	n, total          int
	components, refs  int
	started, finished bool
}

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
	p.name, p.n, p.total, p.components, p.refs, p.started = name, n, total, 0, 0, true
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
	}
}

func (p *progress) describe() {
	p.bar.Describe(fmt.Sprintf("%s: %d components, %d references", p.name, p.components, p.refs))
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
	fmt.Fprintf(p.out, "[%d/%d] %s: %d components, %d references\n", p.n, p.total, p.name, p.components, p.refs)
}

// finish ends the last workspace and the bar.
func (p *progress) finish() {
	p.done()
	p.finished = true
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}
