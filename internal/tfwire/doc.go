// Package tfwire encodes and decodes Terraform's wire values (tftypes values as msgpack, types as JSON)
// as terraform-plugin-go does, with the same results, faster for values holding many items of the same
// type and sharing what several values of one request have in common. It stands alone: it knows
// nothing of Ardoq or of the provider.
package tfwire
