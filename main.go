package main

import (
	"context"
	"flag"
	"log"
	"os"
	"sync"

	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"google.golang.org/grpc"
	"google.golang.org/grpc/stats"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider"
)

// version is set at build time: -ldflags "-X main.version=1.2.3".
var version = "dev"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()
	if !debug { // under a debugger the logs go to the developer's terminal
		quietLogsTerraformDrops()
	}

	// The framework's server and ardoq_batch's, through terraform-plugin-mux.
	server, err := provider.NewProtocol6(version)()
	if err != nil {
		log.Fatal(err.Error())
	}
	const name = "registry.terraform.io/seed762a2f0c/ardoq"
	factory := func() tfprotov6.ProviderServer { return server }
	if debug { // one process serves Terraform runs one after another
		if err := tf6server.Serve(name, factory, tf6server.WithManagedDebug()); err != nil {
			log.Fatal(err.Error())
		}
		return
	}
	// What tf6server.Serve configures (github.com/hashicorp/terraform-plugin-go@v0.31.0,
	// tfprotov6/tf6server/server.go, Serve: handshake, plugin name, message size limits; recheck on upgrade),
	// plus a gRPC server that stops when Terraform is gone: Serve builds its gRPC server itself and no
	// ServeOpt passes it an option (no upstream issue found). Canary: TestCanary_tf6serverTakesNoGRPCServerOption
	// (serve_canary_test.go) fails once one does; go back to tf6server.Serve then.
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig: plugin.HandshakeConfig{
			ProtocolVersion:  6,
			MagicCookieKey:   "TF_PLUGIN_MAGIC_COOKIE",
			MagicCookieValue: magicCookie,
		},
		Plugins: plugin.PluginSet{"provider": &tf6server.GRPCProviderPlugin{GRPCProvider: factory, Name: name}},
		GRPCServer: func(opts []grpc.ServerOption) *grpc.Server {
			var stop stopAfterLastConn
			opts = append(opts, grpc.MaxRecvMsgSize(256<<20), grpc.MaxSendMsgSize(256<<20), grpc.StatsHandler(&stop))
			stop.server = grpc.NewServer(opts...)
			return stop.server
		},
	})
}

// magicCookie is Terraform's for providers, as tf6server.Serve sends it.
const magicCookie = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2"

// stopAfterLastConn stops server when its last connection closes. Terraform keeps one connection to the
// provider for the provider's life, and the kernel closes it when Terraform ends, even by kill -9: without
// this, a provider whose Terraform was killed waits for it on its own. Stopping the server ends
// plugin.Serve, so main returns; RPCs still running are cut short, as nobody is left to take their answer.
type stopAfterLastConn struct {
	server *grpc.Server
	mu     sync.Mutex
	open   int
}

func (s *stopAfterLastConn) HandleConn(_ context.Context, c stats.ConnStats) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch c.(type) {
	case *stats.ConnBegin:
		s.open++
	case *stats.ConnEnd:
		s.open--
		if s.open == 0 {
			go s.server.Stop() // Stop waits for this connection's end, which waits for HandleConn
		}
	}
}

// TagConn, TagRPC and HandleRPC complete stats.Handler.
func (s *stopAfterLastConn) TagConn(ctx context.Context, _ *stats.ConnTagInfo) context.Context {
	return ctx
}

func (s *stopAfterLastConn) TagRPC(ctx context.Context, _ *stats.RPCTagInfo) context.Context {
	return ctx
}

func (s *stopAfterLastConn) HandleRPC(context.Context, stats.RPCStats) {}

// sdkLogs are the plugin libraries' log levels. They log every RPC at trace level, and the framework builds
// a context per attribute value to do so (quadratic in a resource's size, bench/README.md); Terraform reads
// every line and throws it away unless TF_LOG or TF_LOG_PROVIDER is set. Works around
// github.com/hashicorp/terraform-plugin-framework@v1.19.0 (internal/logging.FrameworkWithAttributePath and
// its per-attribute trace logs, hashicorp/terraform-plugin-framework#721) at the default trace level of
// terraform-plugin-log's tfsdklog.NewRootSDKLogger. Canary: TestCanary_frameworkLogsPerAttribute
// (logs_canary_test.go) fails once the framework stops logging per attribute; remove this then.
var sdkLogs = []string{"TF_LOG_SDK", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_MUX"}

// quietLogsTerraformDrops turns the plugin libraries' logs off when Terraform would drop them: with TF_LOG
// or TF_LOG_PROVIDER set, they follow Terraform's levels, and a level set for one of them is kept.
func quietLogsTerraformDrops() {
	if os.Getenv("TF_LOG") != "" || os.Getenv("TF_LOG_PROVIDER") != "" {
		return
	}
	for _, name := range sdkLogs {
		if _, set := os.LookupEnv(name); !set {
			_ = os.Setenv(name, "off")
		}
	}
}
