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
	var opts []tf6server.ServeOpt
	if debug {
		opts = append(opts, tf6server.WithManagedDebug())
	}
	err = tf6server.Serve("registry.terraform.io/seed762a2f0c/ardoq", func() tfprotov6.ProviderServer { return server }, opts...)
	if err != nil {
		log.Fatal(err.Error())
	}
}

// sdkLogs are the plugin libraries' log levels. They log every RPC at trace level, and the framework builds
// a context per attribute value to do so (quadratic in a resource's size, bench/README.md); Terraform reads
// every line and throws it away unless TF_LOG or TF_LOG_PROVIDER is set.
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
