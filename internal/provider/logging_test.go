package provider

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// A TF_LOG=trace run of plan, apply, refresh and destroy never writes the token, while the HTTP
// exchanges are logged in the api subsystem. The token comes from ARDOQ_API_TOKEN, as users should
// give it: the test harness logs the configuration text itself. (Not parallel: it sets environment.)
func TestAccProvider_traceLogHasNoToken(t *testing.T) {
	env := newTestEnv(t)
	logFile := filepath.Join(t.TempDir(), "trace.log")
	t.Setenv("TF_LOG", "TRACE")
	t.Setenv("TF_ACC_LOG_PATH", logFile)
	t.Setenv("ARDOQ_API_TOKEN", env.Token)
	providerBlock := "provider \"ardoq\" {\n  base_url = \"" + env.BaseURL + "\"\n  org = \"" + env.Org + "\"\n}\n"
	env.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProviders,
		CheckDestroy:             env.OrgUnchanged(t),
		Steps: []resource.TestStep{{Config: providerBlock + `resource "ardoq_component" "test" {
  name           = "Logged"
  root_workspace = "` + env.WS + `"
  type_id        = "` + env.AppType + `"
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
	if strings.Contains(log, env.Token) {
		for _, line := range strings.Split(log, "\n") {
			if strings.Contains(line, env.Token) {
				t.Errorf("token in: %.300s", line)
			}
		}
		t.Fatal("the trace log contains the API token")
	}
}

// TF_LOG_PROVIDER_ARDOQ_API sets the api subsystem's own level (terraform-plugin-log reads it only when
// the subsystem asks): debug logs the HTTP exchanges even with the provider's other logs off, and off
// silences them under TF_LOG=DEBUG. terraform-plugin-testing's log sink writes to TF_LOG_PATH itself, as
// Terraform does when TF_LOG_PROVIDER lets a provider's logs through. (Not parallel: it sets environment.)
func TestAccProvider_apiLogLevel(t *testing.T) {
	env := newTestEnv(t)
	run := func(t *testing.T, tfLog, apiLevel string) string {
		logFile := filepath.Join(t.TempDir(), "provider.log")
		t.Setenv("TF_ACC_LOG_PATH", "")
		t.Setenv("TF_LOG_PATH_MASK", "")
		t.Setenv("TF_LOG_PATH", logFile)
		t.Setenv("TF_LOG", tfLog)
		t.Setenv("TF_LOG_PROVIDER_ARDOQ", "")
		t.Setenv("TF_LOG_PROVIDER_ARDOQ_API", apiLevel)
		t.Setenv("ARDOQ_API_TOKEN", env.Token)
		resource.Test(t, resource.TestCase{
			ProtoV6ProviderFactories: testAccProviders,
			Steps: []resource.TestStep{{Config: "provider \"ardoq\" {\n  base_url = \"" + env.BaseURL + "\"\n  org = \"" + env.Org +
				"\"\n}\n" + `data "ardoq_me" "me" {}`}},
		})
		b, err := os.ReadFile(logFile)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if strings.Contains(string(b), env.Token) {
			t.Fatal("the log contains the API token")
		}
		return string(b)
	}
	t.Run("debug alone", func(t *testing.T) {
		log := run(t, "", "debug")
		if !strings.Contains(log, "Sending HTTP request") || !strings.Contains(log, "Received HTTP response") || !strings.Contains(log, "Bearer ***") {
			t.Fatalf("TF_LOG_PROVIDER_ARDOQ_API=debug logged no HTTP exchange:\n%.2000s", log)
		}
		entry := regexp.MustCompile(`^\d{4}-\d\d-\d\dT`) // the first line of an entry; values may span more
		for _, line := range strings.Split(log, "\n") {
			if entry.MatchString(line) && !strings.Contains(line, "HTTP re") {
				t.Errorf("with only the api subsystem on, a line from elsewhere: %.300s", line)
			}
		}
	})
	t.Run("off under TF_LOG=DEBUG", func(t *testing.T) {
		log := run(t, "DEBUG", "off")
		if strings.Contains(log, "Sending HTTP request") {
			t.Fatal("TF_LOG_PROVIDER_ARDOQ_API=off did not silence the HTTP exchanges")
		}
		if !strings.Contains(log, "[DEBUG]") {
			t.Fatalf("TF_LOG=DEBUG logged nothing (%d bytes): the test proves nothing", len(log))
		}
	})
}
