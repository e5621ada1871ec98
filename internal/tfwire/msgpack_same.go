package tfwire

import (
	"bytes"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// SameMsgPack reports whether Terraform proposes exactly the prior value: the same msgpack bytes are the
// same value (the converse need not hold: then the values must be compared decoded).
func SameMsgPack(prior, proposed *tfprotov6.DynamicValue) bool {
	return prior != nil && proposed != nil && len(prior.MsgPack) > 0 && bytes.Equal(prior.MsgPack, proposed.MsgPack)
}
