// Command ardoq-emulator serves the Ardoq API v2 emulator (internal/emulator) for demos and CI.
//
//	go run ./internal/cmd/ardoq-emulator -addr 127.0.0.1:8080 -token T -org O [-seed FILE] [-state FILE] [-page-size N]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"regexp"
	"sync"
	"syscall"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "ardoq-emulator:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("ardoq-emulator", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "listen address (port 0 picks a free one)")
	token := fs.String("token", "emulator-token", "API token the emulator accepts")
	org := fs.String("org", "", "organization label expected in X-org (default: the seed's)")
	seedFile := fs.String("seed", "", "seed file (JSON) to load instead of the embedded one")
	stateFile := fs.String("state", "", "state file: loaded on start if it exists, saved on shutdown")
	pageSize := fs.Int("page-size", 100, "entities per list page")
	maxOps := fs.Int("max-batch-ops", 1000, "most operations in one batch request (0: no limit)")
	requestLog := fs.String("request-log", "", "append one line per request (METHOD /path with ids as {id}) to this file")
	latency := fs.Duration("latency", 0, "delay every request by this much, e.g. 100ms for an org across the internet")
	rateLimit := fs.Float64("rate-limit", 0, "answer 429 with Retry-After above this many requests per second (0: no limit)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	opts := []emulator.Option{emulator.WithToken(*token), emulator.WithPageSize(*pageSize), emulator.WithMaxBatchOperations(*maxOps)}
	if *org != "" {
		opts = append(opts, emulator.WithOrg(*org))
	}
	seedPath := *seedFile
	if *stateFile != "" {
		if _, err := os.Stat(*stateFile); err == nil {
			seedPath = *stateFile
		}
	}
	if seedPath != "" {
		seed, err := emulator.ReadSeed(seedPath)
		if err != nil {
			return err
		}
		opts = append(opts, emulator.WithSeed(seed))
	}
	srv, err := emulator.New(opts...)
	if err != nil {
		return err
	}
	srv.SetLatency(*latency)
	srv.SetRateLimit(*rateLimit, max(int(*rateLimit), 1))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", *addr)
	if err != nil {
		return err
	}
	var handler http.Handler = srv
	if *requestLog != "" {
		f, err := os.OpenFile(*requestLog, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
		if err != nil {
			return err
		}
		defer f.Close()
		handler = logRequests(srv, f)
	}
	hs := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	fmt.Printf("Ardoq emulator listening: base_url=http://%s org=%s (API under /api/v2)\n", ln.Addr(), srv.OrgLabel())
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	if *stateFile != "" {
		if err := srv.SaveState(*stateFile); err != nil {
			return fmt.Errorf("saving state: %w", err)
		}
		fmt.Printf("state saved to %s\n", *stateFile)
	}
	return nil
}

var oidInPath = regexp.MustCompile(`/[0-9a-f]{24}(/|$)`)

// logRequests writes "METHOD /path" per request, ids replaced by {id}, for benchmarks to count.
func logRequests(next http.Handler, w io.Writer) http.Handler {
	var mu sync.Mutex
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(rw, r)
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(w, "%s %s\n", r.Method, oidInPath.ReplaceAllString(r.URL.Path, "/{id}$1"))
	})
}
