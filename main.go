package main

import (
	"flag"
	"log"
	"os"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider"
)

// version is set at build time: -ldflags "-X main.version=1.2.3".
var version = "dev"

// frameworkLogLevel is the environment variable terraform-plugin-framework reads for its own logs.
const frameworkLogLevel = "TF_LOG_SDK_FRAMEWORK"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "run the provider with support for debuggers like delve")
	flag.Parse()
	quietFrameworkLogs()
	if !debug { // under a debugger the logs go to the developer's terminal
		quietDroppedLogs()
	}
	var opts []tf6server.ServeOpt
	if debug {
		opts = append(opts, tf6server.WithManagedDebug())
	}
	server, err := provider.NewProtocol6(version)() // the framework's server and ardoq_batch's, through terraform-plugin-mux
	if err == nil {
		err = tf6server.Serve("registry.terraform.io/seed762a2f0c/ardoq", func() tfprotov6.ProviderServer { return server }, opts...)
	}
	if err != nil {
		log.Fatal(err.Error())
	}
}

// quietFrameworkLogs turns the framework's own logs off unless TF_LOG_SDK_FRAMEWORK asks for them.
// Unset, the framework logs at trace level, and it writes one line per attribute value with a context
// that grows by one field each time: quadratic in the size of a resource, minutes of CPU for an
// ardoq_batch with 10,000 items, for lines Terraform throws away unless TF_LOG is set. The provider's
// own logs (TF_LOG, TF_LOG_PROVIDER, the "api" subsystem) are not affected.
func quietFrameworkLogs() {
	if _, set := os.LookupEnv(frameworkLogLevel); !set {
		_ = os.Setenv(frameworkLogLevel, "off")
	}
}

// dropped lists the log levels the plugin libraries and the provider read (at trace level when unset).
var dropped = []string{"TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_MUX", "TF_LOG_PROVIDER"}

// quietDroppedLogs turns every log of the provider process off when Terraform (or OpenTofu) would drop
// it: with neither TF_LOG nor TF_LOG_PROVIDER set, it reads each line a provider writes (one JSON line
// per RPC step, a few per HTTP request) only to throw it away, which cost both processes about a tenth
// of a plan of 400 single resources. A level set explicitly is kept.
func quietDroppedLogs() {
	if os.Getenv("TF_LOG") != "" || os.Getenv("TF_LOG_PROVIDER") != "" {
		return
	}
	for _, name := range dropped {
		if _, set := os.LookupEnv(name); !set {
			_ = os.Setenv(name, "off")
		}
	}
}
