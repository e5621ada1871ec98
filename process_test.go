//go:build unix

package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// runAsProvider makes this test binary the provider: startProvider starts it so, and TestMain runs main.
const runAsProvider = "ARDOQ_TEST_RUN_AS_PROVIDER"

func TestMain(m *testing.M) {
	if os.Getenv(runAsProvider) != "" {
		main()
		return
	}
	os.Exit(m.Run())
}

// providerProcess is the provider started as Terraform starts it, with a connection to it open.
type providerProcess struct {
	cmd    *exec.Cmd
	conn   *grpc.ClientConn
	stderr bytes.Buffer  // whole once done is closed
	done   chan struct{} // closed when cmd.Wait returns
}

// startProvider starts the provider with go-plugin's handshake, connects to the socket its handshake line
// names, and keeps a stream open on the connection, as Terraform does (go-plugin's stdio and broker
// streams).
func startProvider(t *testing.T) *providerProcess {
	t.Helper()
	stdout, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &providerProcess{cmd: exec.Command(os.Args[0]), done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), runAsProvider+"=1", "PLUGIN_PROTOCOL_VERSIONS=6",
		"TF_PLUGIN_MAGIC_COOKIE="+magicCookie)
	p.cmd.Stdout, p.cmd.Stderr = w, &p.stderr
	err = p.cmd.Start()
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		_ = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(p.end)

	lines := make(chan string, 1)
	go func() { // read as Terraform does, to the end
		r := bufio.NewReader(stdout)
		line, _ := r.ReadString('\n')
		lines <- line
		_, _ = io.Copy(io.Discard, r)
		stdout.Close()
	}()
	var line string
	select {
	case line = <-lines:
	case <-time.After(30 * time.Second):
		p.fatal(t, "no handshake line from the provider in 30s")
	}
	// 1|6|unix|/tmp/plugin123|grpc|
	fields := strings.Split(strings.TrimSpace(line), "|")
	if len(fields) < 5 || fields[2] != "unix" || fields[4] != "grpc" {
		p.fatal(t, "handshake line %q is not 1|6|unix|<socket>|grpc|", line)
	}
	t.Cleanup(func() { _ = os.Remove(fields[3]) }) // left behind by a provider that is killed

	p.conn, err = grpc.NewClient("unix:"+fields[3], grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		p.fatal(t, "%v", err)
	}
	t.Cleanup(func() { _ = p.conn.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	watch, err := healthpb.NewHealthClient(p.conn).Watch(ctx, &healthpb.HealthCheckRequest{Service: "plugin"})
	if err == nil {
		_, err = watch.Recv()
	}
	if err != nil {
		p.fatal(t, "the provider's gRPC server: %v", err)
	}
	return p
}

// end kills the provider if it still runs, and waits for it.
func (p *providerProcess) end() {
	_ = p.cmd.Process.Kill()
	<-p.done
}

// fatal ends the provider and fails the test, with the provider's log.
func (p *providerProcess) fatal(t *testing.T, format string, args ...any) {
	t.Helper()
	p.end()
	t.Fatalf(format+"; the provider's stderr:\n%s", append(args, &p.stderr)...)
}

// waitExit returns how the provider ended, failing the test if it still runs a few seconds later.
func (p *providerProcess) waitExit(t *testing.T) *os.ProcessState {
	t.Helper()
	start := time.Now()
	select {
	case <-p.done:
	case <-time.After(5 * time.Second):
		p.fatal(t, "the provider still runs 5s later")
	}
	t.Logf("the provider ended in %v", time.Since(start).Round(time.Millisecond))
	return p.cmd.ProcessState
}

// Terraform keeps one connection to the provider for the provider's life, and the kernel closes it when
// Terraform ends, even by kill -9: the provider then ends by itself.
func TestProcess_endsWhenTerraformsConnectionCloses(t *testing.T) {
	p := startProvider(t)
	if err := p.conn.Close(); err != nil {
		t.Fatal(err)
	}
	if state := p.waitExit(t); !state.Success() {
		t.Errorf("the provider ended with %v; its stderr:\n%s", state, &p.stderr)
	}
}

// A SIGTERM ends the provider at once, even with Terraform's connection and a stream open: nothing in the
// provider catches it. It held before the connection watch too; it stays to catch anything that would
// catch the signal.
func TestProcess_endsOnSIGTERM(t *testing.T) {
	p := startProvider(t)
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	state := p.waitExit(t)
	if ws, _ := state.Sys().(syscall.WaitStatus); !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
		t.Errorf("the provider ended with %v, not by SIGTERM; its stderr:\n%s", state, &p.stderr)
	}
}
