package providertest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// A test that needs a newer CLI than the one under test skips, unless ARDOQ_ACC_NO_VERSION_SKIP is set:
// CI sets it on the newest Terraform, where a test left unrun is a failure.

// VersionShort says why cli at have cannot run a test that needs minVersion, or "" when it can.
func VersionShort(cli string, have *version.Version, minVersion string) string {
	if have.LessThan(version.Must(version.NewVersion(minVersion))) {
		return fmt.Sprintf("%s %s is older than %s, which this test needs", cli, have, minVersion)
	}
	return ""
}

func SkipOrFail(t *testing.T, msg string) {
	t.Helper()
	if os.Getenv("ARDOQ_ACC_NO_VERSION_SKIP") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// OnOpenTofu tells whether the acceptance tests run on OpenTofu (make test-tofu).
func OnOpenTofu() bool { return os.Getenv("TF_ACC_PROVIDER_HOST") == "registry.opentofu.org" }

// CLIAtLeast is the TerraformVersionCheck of a test that needs a feature from these versions on ("" where
// the CLI lacks it): it skips below them, or fails as above.
type CLIAtLeast struct{ Terraform, OpenTofu string }

func (v CLIAtLeast) CheckTerraformVersion(_ context.Context, req tfversion.CheckTerraformVersionRequest,
	resp *tfversion.CheckTerraformVersionResponse) {
	cli, minVersion := "Terraform", v.Terraform
	if OnOpenTofu() {
		cli, minVersion = "OpenTofu", v.OpenTofu
	}
	if minVersion == "" {
		resp.Skip = cli + " lacks a feature this test needs"
		return
	}
	msg := VersionShort(cli, req.TerraformVersion, minVersion)
	switch {
	case msg == "":
	case os.Getenv("ARDOQ_ACC_NO_VERSION_SKIP") != "":
		resp.Error = errors.New(msg)
	default:
		resp.Skip = msg
	}
}
