package main

import (
	"bytes"
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-log/tfsdklogtest"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider"
)

// Canary of quietLogsTerraformDrops: terraform-plugin-framework (v1.19.0) still logs at trace level per
// attribute of a resource in one RPC (internal/fwserver/attribute_validation.go, through
// internal/logging.FrameworkWithAttributePath, which builds a context per attribute; hashicorp/terraform-plugin-framework#721),
// with the logger tf6server gives each RPC at the level it has when no TF_LOG_SDK* variable sets one, trace
// (terraform-plugin-log's tfsdklog.NewRootSDKLogger; that default is read from the code, not tested
// here). When this fails, the framework no longer logs per attribute: remove quietLogsTerraformDrops and
// sdkLogs from main.go.
func TestCanary_frameworkLogsPerAttribute(t *testing.T) {
	server, err := provider.NewProtocol6("test")()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	schemas, err := server.GetProviderSchema(ctx, &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	typ := schemas.ResourceSchemas["ardoq_component"].ValueType().(tftypes.Object)
	attrs := map[string]tftypes.Value{}
	for name, at := range typ.AttributeTypes {
		attrs[name] = tftypes.NewValue(at, nil)
	}
	attrs["name"] = tftypes.NewValue(tftypes.String, "A")
	config, err := tfprotov6.NewDynamicValue(typ, tftypes.NewValue(typ, attrs))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := server.ValidateResourceConfig(tfsdklogtest.RootLogger(ctx, &out),
		&tfprotov6.ValidateResourceConfigRequest{TypeName: "ardoq_component", Config: &config}); err != nil {
		t.Fatal(err)
	}
	entries, err := tfsdklogtest.MultilineJSONDecode(&out)
	if err != nil {
		t.Fatal(err)
	}
	paths := map[any]int{}
	for _, e := range entries {
		if p, ok := e["tf_attribute_path"]; ok {
			paths[p]++
		}
	}
	const minAttributes = 5 // of ardoq_component's, ten have validators and are logged today
	if len(paths) < minAttributes {
		t.Fatalf("the framework logged %d attributes of ardoq_component in one ValidateResourceConfig, under %d: it no longer "+
			"logs per attribute; remove quietLogsTerraformDrops and sdkLogs from main.go", len(paths), minAttributes)
	}
}
