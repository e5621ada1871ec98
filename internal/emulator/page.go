package emulator

import (
	"bytes"
	"embed"
	"html/template"
	"maps"
	"net/http"
	"slices"
	"strconv"
)

// The model as a picture: a page at / drawing every workspace of the org, and at /changes what changed
// since the emulator started or since the mark (POST /mark, or Mark). It is a local development tool, so
// it needs no API token; it is drawn on the server (html/template escapes every name) as inline SVG with
// one stylesheet of its own, no script, and loads nothing from anywhere else, which its
// Content-Security-Policy enforces.

//go:embed page/page.html page/page.css
var pageFiles embed.FS

var (
	pageTemplate = template.Must(template.New("page.html").Funcs(template.FuncMap{"count": count, "add": func(a, b int) int { return a + b }}).ParseFS(pageFiles, "page/page.html"))
	pageCSS      = must(pageFiles.ReadFile("page/page.css"))
)

// count is n with the noun, in the singular for one: "1 entity", "2 entities". The emulator's own, as it
// imports nothing of the provider (which has convert.Plural).
func count(n int, singular, plural string) string {
	if n == 1 {
		return "1 " + singular
	}
	return strconv.Itoa(n) + " " + plural
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// pageCSP allows the page its own stylesheet and form and nothing else: no script at all, nothing from
// another origin.
const pageCSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// Mark sets the point the change view (/changes) counts from: it shows what changed after this call.
func (s *Server) Mark() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mark = s.st.journal.seq
}

// servePage serves the page's paths (and reports true), or leaves the request to the API.
func (s *Server) servePage(w http.ResponseWriter, r *http.Request) bool {
	path := r.URL.Path
	if path != "/" && path != "/changes" && path != "/mark" && path != "/page.css" && path != "/favicon.ico" {
		return false
	}
	h := w.Header()
	h.Set("Content-Security-Policy", pageCSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin") // not no-referrer: the mark's form then sends Origin: null
	h.Set("Cache-Control", "no-store")
	if path == "/mark" {
		s.postMark(w, r)
		return true
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return true
	}
	switch path {
	case "/page.css":
		h.Set("Content-Type", "text/css; charset=utf-8")
		_, _ = w.Write(pageCSS)
	case "/favicon.ico":
		w.WriteHeader(http.StatusNoContent)
	default:
		q := r.URL.Query()
		b, err := s.renderPage(path == "/changes", q.Get("since") == "start", q.Get("select"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return true
		}
		h.Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(b)
	}
	return true
}

// postMark sets the mark and shows the (now empty) change view. A form of another site may not set it.
func (s *Server) postMark(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	o, site := r.Header.Get("Origin"), r.Header.Get("Sec-Fetch-Site")
	if (o != "" && o != "http://"+r.Host && o != "https://"+r.Host) || (site != "" && site != "same-origin" && site != "none") {
		http.Error(w, "the mark is set from the emulator's own page only", http.StatusForbidden)
		return
	}
	s.Mark()
	http.Redirect(w, r, "/changes", http.StatusSeeOther)
}

type pageData struct {
	Org        string
	ChangeView bool
	FromStart  bool   // the change view counts from the start, not the mark
	Mark       uint64 // the journal's number at the mark
	Dropped    bool   // changes after the point were dropped to keep the journal's bound
	Summary    []summaryItem
	Workspaces []wsSection
	Unchanged  []string // the change view: workspaces without a change
	Panels     []panel
	Changes    []changeGroup // deleted, created, updated: those with a change
	Markers    []string      // the arrowheads, one per colour
	MaxArrows  int           // the most arrows a collapsed workspace draws
	// Totals of the workspaces drawn (a reference counts in its own workspace).
	Components, References int
}

type summaryItem struct {
	Status, Badge, Label string
	N                    int
}

type wsSection struct {
	ID, Name, Key string
	D             drawing
}

type panel struct {
	Anchor, Kind, Name, Status, Badge string
	Fields                            []field
}

// field is a line of a panel; Key is the API's name of a custom field, shown in small print by its label.
type field struct{ Label, Key, Value, Link string }

// renderPage draws the model view, or the change view since the mark (or the start), with a component
// selected ("" for none).
func (s *Server) renderPage(changeView, fromStart bool, selected string) ([]byte, error) {
	s.mu.RLock()
	data := s.pageData(changeView, fromStart, selected)
	s.mu.RUnlock()
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, data); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (s *Server) pageData(changeView, fromStart bool, selected string) *pageData {
	st := s.st
	d := &pageData{Org: st.org.Name, ChangeView: changeView, FromStart: fromStart, Mark: s.mark, MaxArrows: maxArrows,
		Markers: []string{"ah", "ah-cross", "ah-created", "ah-updated", "ah-deleted", "ah-cascade"}}
	if d.Org == "" {
		d.Org = s.opts.org
	}
	var changes []change
	if changeView {
		since := s.mark
		if fromStart {
			since = 0
		}
		changes, d.Dropped = st.journal.since(since)
	}
	v := newOrgView(st, changes, changeView)
	v.selected, v.fromStart = selected, fromStart
	seenRef := map[string]bool{}
	panels := map[string]bool{}
	for _, ws := range v.workspaces() {
		sec := wsSection{ID: ws.ID, Name: ws.Name, Key: ws.WorkspaceKey, D: layoutWorkspace(v, ws)}
		d.Components += sec.D.Components
		for _, b := range sec.D.Boxes {
			if !panels[b.Anchor] {
				panels[b.Anchor] = true
				d.Panels = append(d.Panels, v.componentPanel(v.comps[b.ID]))
			}
		}
		d.References += sec.D.References
		for _, a := range sec.D.Arrows {
			if a.Bundle == 0 && !seenRef[a.ID] {
				seenRef[a.ID] = true
				d.Panels = append(d.Panels, v.referencePanel(v.refs[a.ID]))
			}
		}
		d.Workspaces = append(d.Workspaces, sec)
	}
	if changeView {
		for _, ws := range slices.Sorted(maps.Keys(st.workspaces)) {
			if !v.touched[ws] {
				d.Unchanged = append(d.Unchanged, st.workspaces[ws].Name)
			}
		}
		slices.Sort(d.Unchanged)
		d.Changes, d.Summary = v.changeGroups()
		for _, g := range d.Changes { // an entity not drawn is drawn by selecting it
			for i, r := range g.Rows {
				g.Rows[i].Href = "#" + r.Anchor
				if !panels[r.Anchor] && !seenRef[r.id] {
					g.Rows[i].Href = v.pageHref(r.id) + "#" + r.Anchor
				}
			}
		}
	}
	return d
}
