package emulator

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// WithErrorBody answers every API error with another body than {"message", "status", "code"}, to try a
// client, or ardoq-probe, on an org that answers differently (FACTS.md §errors):
// "nested" is {"error": {"message", "code"}} and "text" is the message as plain text.
func WithErrorBody(shape string) Option { return func(o *options) { o.errorBody = shape } }

// errorBodyShapes are the shapes WithErrorBody knows, besides the default "" (the emulator's own).
var errorBodyShapes = []string{"nested", "text"}

// reshapeErrors serves an API request and rewrites an error answer's body into the shape asked for.
func (s *Server) reshapeErrors(w http.ResponseWriter, r *http.Request, serve func(http.ResponseWriter, *http.Request)) {
	rec := &bufferedAnswer{header: http.Header{}, code: http.StatusOK}
	serve(rec, r)
	var e apiError
	body := rec.body.Bytes()
	if rec.code >= 400 && json.Unmarshal(body, &e) == nil {
		switch s.opts.errorBody {
		case "nested":
			body, _ = json.Marshal(map[string]any{"error": map[string]any{"message": e.Message, "code": e.Code}})
		case "text":
			body = []byte(e.Message)
			rec.header.Set("Content-Type", "text/plain; charset=utf-8")
		}
		rec.header.Set("Content-Length", strconv.Itoa(len(body)))
	}
	for k, v := range rec.header {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.code)
	_, _ = w.Write(body)
}
