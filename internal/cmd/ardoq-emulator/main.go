// Command ardoq-emulator serves the Ardoq API v2 emulator (internal/emulator) for demos and CI.
//
//	go run ./internal/cmd/ardoq-emulator -addr 127.0.0.1:8080 -token T -org O [-custom-domain] [-seed FILE] [-state FILE] [-page-size N] [-error-body nested|text]
//
// Once listening it prints the base URL, the token it accepts and the export lines that point the
// provider at it. See internal/emulator/README.md.
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
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/cmd/toolversion"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// version is set by the release: -ldflags "-X main.version=1.2.3" (.goreleaser-tools.yml).
var version string

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout)
	stop()
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ardoq-emulator:", err)
		os.Exit(1)
	}
}

// run serves until ctx is done (Ctrl-C), writing what it tells the user to out.
func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("ardoq-emulator", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "listen address (port 0 picks a free one)")
	token := fs.String("token", "emulator-token", "API token the emulator accepts")
	org := fs.String("org", "", "organization label expected in X-org (default: the seed's)")
	customDomain := fs.Bool("custom-domain", false, "serve as an org's custom domain (https://<org>.ardoq.com): X-org is optional, and checked only when sent")
	seedFile := fs.String("seed", "", "seed file (JSON) to load instead of the embedded one")
	stateFile := fs.String("state", "", "state file: loaded on start if it exists, saved on shutdown")
	pageSize := fs.Int("page-size", 100, "entities per list page")
	maxOps := fs.Int("max-batch-ops", 0, "most operations in one batch request, 413 above (0: no limit, as Ardoq documents none)")
	errorBody := fs.String("error-body", "", "answer errors with another body than {\"message\",\"status\",\"code\"}: nested ({\"error\":{...}}) or text (the message alone), to try a client on it")
	requestLog := fs.String("request-log", "", "append one line per request (METHOD /path with ids as {id}) to this file")
	latency := fs.Duration("latency", 0, "delay every request by this much, e.g. 100ms for an org across the internet")
	rateLimit := fs.Float64("rate-limit", 0, "answer 429 with Retry-After above this many requests per second (0: no limit)")
	showVersion := fs.Bool("version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *showVersion {
		_, err := fmt.Fprintln(out, "ardoq-emulator", toolversion.String(version))
		return err
	}
	seedPath := *seedFile
	if *stateFile != "" {
		if _, err := os.Stat(*stateFile); err == nil {
			seedPath = *stateFile
		}
	}
	opts, err := serverOptions(*token, *org, *customDomain, *pageSize, *maxOps, seedPath)
	if *errorBody != "" {
		opts = append(opts, emulator.WithErrorBody(*errorBody))
	}
	if err != nil {
		return err
	}
	srv, err := emulator.New(opts...)
	if err != nil {
		return err
	}
	srv.SetLatency(*latency)
	srv.SetRateLimit(*rateLimit, max(int(*rateLimit), 1))
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
	base, note := reachableURL(*addr, ln.Addr())
	printStart(out, base, srv.Token(), srv.OrgLabel(), *customDomain)
	if note != "" {
		fmt.Fprintln(out, note)
	}
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
		fmt.Fprintf(out, "state saved to %s\n", *stateFile)
	}
	return nil
}

// serverOptions are the emulator's options for the command's flags.
func serverOptions(token, org string, customDomain bool, pageSize, maxOps int, seedPath string) ([]emulator.Option, error) {
	// Nothing reads the in-memory request log of a served emulator (-request-log writes one to a file), so
	// it keeps none: a long-running emulator holds only the org.
	opts := []emulator.Option{emulator.WithToken(token), emulator.WithPageSize(pageSize), emulator.WithMaxBatchOperations(maxOps),
		emulator.WithRequestLog(0, 0)}
	if org != "" {
		opts = append(opts, emulator.WithOrg(org))
	}
	if customDomain {
		opts = append(opts, emulator.WithOrgOptional())
	}
	if seedPath != "" {
		seed, err := emulator.ReadSeed(seedPath)
		if err != nil {
			return nil, err
		}
		opts = append(opts, emulator.WithSeed(seed))
	}
	return opts, nil
}

// reachableURL is the base URL the provider reaches a listener at, from the address asked for (the -addr
// flag) and the one it listens on (with the port a 0 picked): that address itself, or for a listener on
// every interface (":8080", "0.0.0.0:8080", "[::]:8080") the loopback address with its port, as the
// provider takes plain http only for loopback hosts. note says so where it matters, and is empty otherwise.
func reachableURL(requested string, listening net.Addr) (baseURL, note string) {
	tcp, ok := listening.(*net.TCPAddr)
	switch {
	case !ok || tcp.IP.IsLoopback():
		return "http://" + listening.String(), ""
	case tcp.IP.IsUnspecified():
		loopback := "127.0.0.1" // Go listens on both IPv4 and IPv6 for ":port"
		if host, _, err := net.SplitHostPort(requested); err == nil && strings.Contains(host, ":") {
			loopback = "::1"
		}
		return "http://" + net.JoinHostPort(loopback, strconv.Itoa(tcp.Port)),
			fmt.Sprintf("It listens on every interface (%s); other machines reach it at this machine's address over plain http, "+
				"which the provider accepts only with allow_insecure_http = true.", listening)
	}
	return "http://" + listening.String(), "Plain http on a host that is not loopback: the provider accepts this base URL only with allow_insecure_http = true."
}

// printStart says where the emulator listens, what it accepts, and the lines that point the provider
// (or any client reading these variables) at it. The first line is what scripts wait for and parse.
func printStart(w io.Writer, baseURL, token, org string, customDomain bool) {
	fmt.Fprintf(w, "Ardoq emulator listening: base_url=%s org=%s (API under /api/v2)\n", baseURL, org)
	if customDomain {
		fmt.Fprintf(w, "It accepts the API token %q; as a custom domain it needs no X-org (an X-org other than %q is refused).\n", token, org)
	} else {
		fmt.Fprintf(w, "It accepts the API token %q with X-org: %s.\n", token, org)
	}
	fmt.Fprintf(w, "The model as a picture: %s/ (what changed: %s/changes; no token needed)\n", baseURL, baseURL)
	fmt.Fprintln(w, "To point the provider at it:")
	fmt.Fprintf(w, "  export ARDOQ_BASE_URL=%s\n", shellQuote(baseURL))
	fmt.Fprintf(w, "  export ARDOQ_API_TOKEN=%s\n", shellQuote(token))
	if customDomain {
		fmt.Fprintln(w, "  unset ARDOQ_ORG")
	} else {
		fmt.Fprintf(w, "  export ARDOQ_ORG=%s\n", shellQuote(org))
	}
}

// shellQuote quotes s for a POSIX shell unless it is made only of characters that need none.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:/@%+=,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
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
