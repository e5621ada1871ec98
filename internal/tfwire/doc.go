// Package tfwire encodes and decodes Terraform's wire values (tftypes values as msgpack, types as JSON)
// as terraform-plugin-go does, with the same results, faster for values holding many items of the same
// type and sharing what several values of one request have in common. It stands alone: it knows
// nothing of Ardoq or of the provider.
//
// It stands in for github.com/hashicorp/terraform-plugin-go@v0.31.0's codec (tfprotov6.DynamicValue.Unmarshal
// and tfprotov6.NewDynamicValue; tftypes/value_msgpack.go and tftypes/type.go ParseJSONType, which parses
// each dynamic value's type JSON with a json.Decoder per nested type; no upstream issue found). Canary:
// TestCanary_tftypesDecodesDynamicItemsDearly fails once that codec decodes ardoq_batch's values about as
// cheaply; measure again and remove this package then.
package tfwire
