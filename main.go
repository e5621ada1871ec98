package main

import (
	"flag"
	"log"

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
