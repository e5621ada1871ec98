package provider

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// A TF_LOG=trace run of plan, apply, refresh and destroy never writes the token, while the HTTP
// exchanges are logged in the api subsystem. The token comes from ARDOQ_API_TOKEN, as users should
// give it: the test harness logs the configuration text itself. (Not parallel: it sets environment.)
func TestAccProvider_traceLogHasNoToken(t *testing.T) {
	env := newTestEnv(t)
	env.requireEmulator(t)
	logFile := filepath.Join(t.TempDir(), "trace.log")
	t.Setenv("TF_LOG", "TRACE")
	t.Setenv("TF_ACC_LOG_PATH", logFile)
	t.Setenv("ARDOQ_API_TOKEN", env.token)
	providerBlock := "provider \"ardoq\" {\n  base_url = \"" + env.baseURL + "\"\n  org = \"" + env.org + "\"\n}\n"
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		Steps: []resource.TestStep{{Config: providerBlock + `resource "ardoq_component" "test" {
  name           = "Logged"
  root_workspace = "` + env.ws + `"
  type_id        = "` + env.appType + `"
}`}},
	})
	b, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	log := string(b)
	if !strings.Contains(log, "Sending HTTP request") || !strings.Contains(log, "Bearer ***") {
		t.Fatalf("the trace log has no HTTP exchange (%d bytes)", len(log))
	}
	if strings.Contains(log, env.token) {
		for _, line := range strings.Split(log, "\n") {
			if strings.Contains(line, env.token) {
				t.Errorf("token in: %.300s", line)
			}
		}
		t.Fatal("the trace log contains the API token")
	}
}
