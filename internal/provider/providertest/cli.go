package providertest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/go-version"
)

// CLIRun is a Terraform working directory using the provider built from this checkout through
// dev_overrides, the way users run it. (terraform-plugin-testing cannot hold for_each instances in its state checks.)
type CLIRun struct {
	T         *testing.T
	Terraform string
	Dir       string
	Env       []string
	factory   ProviderFactory // set by NewServedCLIRun
}

// NewCLIRun makes the working directory, with the provider built once per test process, or skips the test
// when TF_ACC and TF_ACC_TERRAFORM_PATH are not both set or the CLI is older than minVersion.
func NewCLIRun(t *testing.T, env *Env, minVersion string) *CLIRun {
	t.Helper()
	c := newCLIRun(t, env, minVersion)
	bin := providerBinary(t)
	rc := "provider_installation {\n  dev_overrides {\n    \"seed762a2f0c/ardoq\" = \"" + bin + "\"\n  }\n  direct {}\n}\n"
	if err := os.WriteFile(filepath.Join(c.Dir, ".terraformrc"), []byte(rc), 0o600); err != nil {
		t.Fatal(err)
	}
	return c
}

// newCLIRun makes the working directory, with Terraform's CLI configuration file to be written in it.
func newCLIRun(t *testing.T, env *Env, minVersion string) *CLIRun {
	t.Helper()
	tf := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if os.Getenv("TF_ACC") == "" || tf == "" {
		t.Skip("needs TF_ACC and TF_ACC_TERRAFORM_PATH (make test sets both)")
	}
	m, err := cliVersionOf(tf)
	if err != nil {
		t.Fatal(err)
	}
	if msg := VersionShort(m[1], version.Must(version.NewVersion(m[2])), minVersion); msg != "" {
		SkipOrFail(t, msg)
	}
	dir := t.TempDir()
	return &CLIRun{T: t, Terraform: tf, Dir: dir, Env: append(os.Environ(), "TF_CLI_CONFIG_FILE="+filepath.Join(dir, ".terraformrc"), "TF_IN_AUTOMATION=1",
		"ARDOQ_BASE_URL="+env.BaseURL, "ARDOQ_API_TOKEN="+env.Token, "ARDOQ_ORG="+env.Org)}
}

var cliVersion = regexp.MustCompile(`(?m)^(Terraform|OpenTofu) v(\S+)`)

// cliVersions holds what each CLI said its name and version were: asked once a test process.
var cliVersions struct {
	mu   sync.Mutex
	said map[string][]string
}

// cliVersionOf returns the name and version the CLI at path prints, cliVersion's submatches.
func cliVersionOf(path string) ([]string, error) {
	cliVersions.mu.Lock()
	defer cliVersions.mu.Unlock()
	if m, ok := cliVersions.said[path]; ok {
		return m, nil
	}
	out, err := exec.Command(path, "version").Output()
	if err != nil {
		return nil, err
	}
	m := cliVersion.FindStringSubmatch(string(out)) // after any warning about the CLI configuration
	if m == nil {
		return nil, fmt.Errorf("%s version printed no version:\n%s", path, out)
	}
	if cliVersions.said == nil {
		cliVersions.said = map[string][]string{}
	}
	cliVersions.said[path] = m
	return m, nil
}

// The provider binary the CLI tests of a test process share: built by the first of them into a directory
// that RunTests removes when the package's tests are done.
var built struct {
	main bool // RunTests is running the tests
	once sync.Once
	dir  string
	err  error
}

// RunTests is the TestMain of a package whose tests use NewCLIRun: it runs the tests and then removes the
// provider binary they shared. os.Exit(providertest.RunTests(m)).
func RunTests(m *testing.M) int {
	built.main = true
	code := m.Run()
	if built.dir != "" {
		if err := os.RemoveAll(built.dir); err != nil && code == 0 {
			fmt.Fprintf(os.Stderr, "removing the provider built for the CLI tests: %v\n", err)
			code = 1
		}
	}
	return code
}

// providerBinary returns the directory holding terraform-provider-ardoq built from this checkout, building
// it the first time.
func providerBinary(t *testing.T) string {
	t.Helper()
	if !built.main {
		t.Fatal("this package's tests need a TestMain that calls providertest.RunTests, which removes the provider binary built for them")
	}
	built.once.Do(func() {
		// Not t.TempDir: the first test's cleanup would remove what the tests after it use.
		if built.dir, built.err = os.MkdirTemp("", "terraform-provider-ardoq-cli-test-"); built.err != nil { //nolint:usetesting // see above
			return
		}
		out, err := exec.Command("go", "build", "-o", filepath.Join(built.dir, "terraform-provider-ardoq"), RepoPath(t)).CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("%w\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatalf("building the provider: %v", built.err)
	}
	return built.dir
}

func (c *CLIRun) Write(name, content string) {
	if err := os.WriteFile(filepath.Join(c.Dir, name), []byte(content), 0o600); err != nil {
		c.T.Fatal(err)
	}
}

// Run runs terraform and returns its output and exit code.
func (c *CLIRun) Run(args ...string) (string, int) {
	flags := []string{"-no-color"}
	if args[0] != "query" && args[0] != "get" { // terraform query and get ask for nothing and have no -input
		flags = append(flags, "-input=false")
	}
	if last := args[len(args)-1]; args[0] == "apply" && c.savedPlan(last) {
		args = append(append(args[:len(args)-1:len(args)-1], flags...), last) // a saved plan comes after the flags
	} else {
		args = append(args, flags...)
	}
	env, stop := c.serve()
	defer stop()
	cmd := exec.Command(c.Terraform, args...)
	cmd.Dir, cmd.Env = c.Dir, env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return out.String(), exit.ExitCode()
	}
	if err != nil {
		c.T.Fatal(err)
	}
	return out.String(), 0
}

// savedPlan reports whether arg names a file in the working directory (a plan saved with -out).
func (c *CLIRun) savedPlan(arg string) bool {
	if strings.HasPrefix(arg, "-") {
		return false
	}
	info, err := os.Stat(filepath.Join(c.Dir, arg))
	return err == nil && info.Mode().IsRegular()
}

// Shell runs a guide's shell snippet with bash in the working directory, with "terraform" on PATH being
// the CLI under test (OpenTofu's tofu too), and returns its output and exit code.
func (c *CLIRun) Shell(script string) (string, int) {
	bin := c.T.TempDir()
	if err := os.Symlink(c.Terraform, filepath.Join(bin, "terraform")); err != nil {
		c.T.Fatal(err)
	}
	env, stop := c.serve()
	defer stop()
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
	cmd.Dir, cmd.Env = c.Dir, append(slices.Clone(env), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return string(out), exit.ExitCode()
	}
	if err != nil {
		c.T.Fatal(err)
	}
	return string(out), 0
}

// HeldIDs returns the ids of the components and references in the run's state.
func (c *CLIRun) HeldIDs() *HeldIDs {
	c.T.Helper()
	env, stop := c.serve()
	defer stop()
	cmd := exec.Command(c.Terraform, "show", "-json")
	cmd.Dir, cmd.Env = c.Dir, env
	b, err := cmd.Output()
	if err != nil {
		c.T.Fatalf("show -json: %v\n%s", err, b)
	}
	out := string(b)
	var state struct {
		Values struct {
			RootModule struct {
				Resources []struct {
					Mode   string         `json:"mode"`
					Type   string         `json:"type"`
					Values map[string]any `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	start := strings.Index(out, "{")
	if start < 0 || json.Unmarshal([]byte(out[start:]), &state) != nil {
		c.T.Fatalf("show -json gave no state:\n%s", out)
	}
	held := &HeldIDs{}
	for _, r := range state.Values.RootModule.Resources {
		if r.Mode != "managed" {
			continue
		}
		switch r.Type {
		case "ardoq_component", "ardoq_reference":
			held.add(r.Type == "ardoq_reference", r.Values["id"])
		case "ardoq_batch":
			for kind, reference := range map[string]bool{"computed_components": false, "computed_references": true} {
				items, _ := r.Values[kind].(map[string]any)
				for _, item := range items {
					if m, ok := item.(map[string]any); ok {
						held.add(reference, m["id"])
					}
				}
			}
		}
	}
	if len(held.Components) == 0 {
		c.T.Fatalf("the state holds no component:\n%.2000s", out)
	}
	return held
}

const CLIProvider = "terraform {\n  required_providers {\n    ardoq = { source = \"seed762a2f0c/ardoq\" }\n  }\n}\nprovider \"ardoq\" {}\n"
