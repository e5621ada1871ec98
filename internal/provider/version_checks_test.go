package provider

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

// versionShort says why cli at have cannot run a test that needs minVersion, or "" when it can.
func versionShort(cli string, have *version.Version, minVersion string) string {
	if have.LessThan(version.Must(version.NewVersion(minVersion))) {
		return fmt.Sprintf("%s %s is older than %s, which this test needs", cli, have, minVersion)
	}
	return ""
}

func skipOrFail(t *testing.T, msg string) {
	t.Helper()
	if os.Getenv("ARDOQ_ACC_NO_VERSION_SKIP") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// onOpenTofu tells whether the acceptance tests run on OpenTofu (make test-tofu).
func onOpenTofu() bool { return os.Getenv("TF_ACC_PROVIDER_HOST") == "registry.opentofu.org" }

// terraformAtLeast is the TerraformVersionCheck of a test step that needs Terraform minVersion: it skips
// below it (or fails, as above), and skips on OpenTofu, whose versions do not follow Terraform's.
type terraformAtLeast string

func (v terraformAtLeast) CheckTerraformVersion(_ context.Context, req tfversion.CheckTerraformVersionRequest,
	resp *tfversion.CheckTerraformVersionResponse) {
	if onOpenTofu() {
		resp.Skip = fmt.Sprintf("needs Terraform %s; OpenTofu has no such feature", string(v))
		return
	}
	msg := versionShort("Terraform", req.TerraformVersion, string(v))
	switch {
	case msg == "":
	case os.Getenv("ARDOQ_ACC_NO_VERSION_SKIP") != "":
		resp.Error = errors.New(msg)
	default:
		resp.Skip = msg
	}
}
