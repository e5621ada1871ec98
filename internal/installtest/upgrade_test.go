package installtest

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/emulator"
)

// upgradedTypes are the example directories of the last release that the upgrade test applies: each
// resource type and ardoq_batch.
var upgradedTypes = []string{"ardoq_component", "ardoq_reference", "ardoq_batch"}

// Upgrades keep every plan: the last release (scripts/last-release, built by
// scripts/last-release-path.sh into ARDOQ_LAST_RELEASE) installed from a registry applies its own
// examples of each resource type and of ardoq_batch; then the current code, through dev_overrides, has
// every attribute that state holds (nested ones too: a rename or removal breaks configurations that refer
// to it, even where the framework drops it from the state unnoticed), plans that state with no change, no
// error and no warning the CHANGELOG does not announce since that release (by its summary), and
// destroys it. A schema change without a state upgrader fails here.
func TestUpgrade_fromLastRelease(t *testing.T) {
	dir := os.Getenv("ARDOQ_LAST_RELEASE")
	if dir == "" {
		t.Skip("ARDOQ_LAST_RELEASE is not set: run make test-upgrade")
	}
	tag, commit := lastRelease(t)
	version := strings.TrimPrefix(tag, "v")
	rel := hostRelease(t, version, readFile(t, dir, project+"_v"+version))
	key := newSigningKey(t)
	files := map[string][]byte{rel.sumsName + ".sig": key.sign(t, rel.files[rel.sumsName])}
	for name, data := range rel.files {
		files[name] = data
	}
	host, certFile := (&registry{rel: rel, files: files, key: key}).start(t)

	server, err := emulator.New()
	if err != nil {
		t.Fatal(err)
	}
	api := httptest.NewServer(server)
	t.Cleanup(api.Close)

	c := newCLI(t, certFile)
	c.writeExamples(host, version, api.URL, filepath.Join(dir, "examples", "resources"))
	c.mustRun("init", "-input=false", "-no-color")
	before, _ := server.Counts()
	t.Logf("%s (%s) applies its examples:\n%s", tag, commit, c.mustRun("apply", "-input=false", "-auto-approve", "-no-color"))
	if made, _ := server.Counts(); made <= before {
		t.Fatalf("%s applied its examples and made no component", tag)
	}

	state := stateAttributes(t, c.mustRun("show", "-json"))

	c.useDevOverride(host, buildCurrent(t))
	schemas := resourceSchemas(t, c.mustRun("providers", "schema", "-json"), host+"/"+namespace+"/"+providerType)
	for _, missing := range missingAttributes(state, schemas) {
		t.Errorf("the state %s wrote has an attribute the current schema of the same version lacks, %s: renamed or removed "+
			"without a state upgrader (a new schema version), and it breaks every configuration that refers to it", tag, missing)
	}
	out, code := c.run("plan", "-input=false", "-detailed-exitcode", "-json")
	plan := readPlanJSON(t, out)
	announced := notesSince(t, version)
	overridden := false
	for _, d := range plan.diagnostics {
		if d.Severity == "warning" && d.Summary == devOverridesWarning {
			overridden = true
			continue
		}
		if d.Severity == "warning" && strings.Contains(announced, d.Summary) {
			t.Logf("a warning the CHANGELOG announces: %q at %s", d.Summary, d.Address)
			continue
		}
		t.Errorf("the current code's plan of %s's state says what the CHANGELOG does not announce since %[1]s: %s %q at %s\n%s",
			tag, d.Severity, d.Summary, d.Address, d.Detail)
	}
	if !overridden {
		t.Errorf("the plan does not say dev_overrides are in effect: it may have run %s, not the current code:\n%s", tag, out)
	}
	for _, change := range plan.changes {
		t.Errorf("the current code plans to %s, on state written by %s: state upgrade missing?", change, tag)
	}
	if code != 0 && !t.Failed() {
		t.Errorf("plan exited %d, want 0 (no changes):\n%s", code, out)
	}
	if t.Failed() {
		return
	}
	c.mustRun("destroy", "-input=false", "-auto-approve", "-no-color")
	if left, _ := server.Counts(); left != before {
		t.Errorf("the current code's destroy left %d components, want the %d there were before", left, before)
	}
}

// devOverridesWarning is what Terraform says on every command under dev_overrides: not the provider's.
const devOverridesWarning = "Provider development overrides are in effect"

// lastRelease reads the tag and commit of scripts/last-release.
func lastRelease(t *testing.T) (tag, commit string) {
	t.Helper()
	data, err := os.ReadFile("../../scripts/last-release")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if fields := strings.Fields(line); len(fields) == 2 && !strings.HasPrefix(line, "#") {
			return fields[0], fields[1]
		}
	}
	t.Fatalf("scripts/last-release names no release (a line: vX.Y.Z <commit>):\n%s", data)
	return "", ""
}

// hostRelease packages a provider binary as a release for this machine's platform, as goreleaser would:
// one zip, a SHA256SUMS listing it.
func hostRelease(t *testing.T, version string, binary []byte) *release {
	t.Helper()
	platform := runtime.GOOS + "_" + runtime.GOARCH
	zipName := fmt.Sprintf("%s_%s_%s.zip", project, version, platform)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	header := &zip.FileHeader{Name: project + "_v" + version, Method: zip.Deflate}
	header.SetMode(0o755)
	w, err := zw.CreateHeader(header)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(binary); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	rel := &release{
		version:   version,
		zips:      map[string]string{platform: zipName},
		sumsName:  fmt.Sprintf("%s_%s_SHA256SUMS", project, version),
		files:     map[string][]byte{zipName: buf.Bytes()},
		sums:      map[string]string{zipName: sha256Hex(buf.Bytes())},
		protocols: []string{"6.0"},
	}
	rel.files[rel.sumsName] = []byte(rel.sums[zipName] + "  " + zipName + "\n")
	return rel
}

// writeExamples writes a configuration that requires the provider from host at exactly version and
// applies each of upgradedTypes' examples from examples (the release's) as a module.
func (c *cli) writeExamples(host, version, baseURL, examples string) {
	c.t.Helper()
	source := host + "/" + namespace + "/" + providerType
	root := fmt.Sprintf(`terraform {
  required_providers {
    ardoq = {
      source  = "%s"
      version = "%s"
    }
  }
}

provider "ardoq" {
  base_url  = "%s"
  org       = "emulated"
  api_token = "emulator-token"
}
`, source, version, baseURL)
	for _, typ := range upgradedTypes {
		example, err := os.ReadFile(filepath.Join(examples, typ, "resource.tf"))
		if err != nil {
			c.t.Fatalf("the last release's examples: %v", err)
		}
		module := filepath.Join(c.dir, typ)
		if err := os.MkdirAll(module, 0o700); err != nil {
			c.t.Fatal(err)
		}
		versions := fmt.Sprintf("terraform {\n  required_providers {\n    ardoq = { source = %q }\n  }\n}\n", source)
		c.write(filepath.Join(module, "resource.tf"), example)
		c.write(filepath.Join(module, "versions.tf"), []byte(versions))
		root += fmt.Sprintf("\nmodule %q {\n  source = \"./%s\"\n}\n", typ, typ)
	}
	c.write(filepath.Join(c.dir, "main.tf"), []byte(root))
}

func (c *cli) write(path string, data []byte) {
	c.t.Helper()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		c.t.Fatal(err)
	}
}

// useDevOverride makes the CLI take the provider at host from the binary in dir from now on, as a
// developer's dev_overrides do (no init, no lock file).
func (c *cli) useDevOverride(host, dir string) {
	c.t.Helper()
	config := filepath.Join(c.t.TempDir(), "dev.tfrc")
	c.write(config, fmt.Appendf(nil, "provider_installation {\n  dev_overrides {\n    %q = %q\n  }\n  direct {}\n}\n",
		host+"/"+namespace+"/"+providerType, dir))
	c.env = append(c.env, "TF_CLI_CONFIG_FILE="+config) // the last of a name wins (os/exec)
}

// buildCurrent builds the provider from this checkout into a directory of its own and returns it.
func buildCurrent(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command("go", "build", "-trimpath", "-o", filepath.Join(dir, project), ".")
	cmd.Dir = "../.."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build of the current code: %v\n%s", err, out)
	}
	return dir
}

type diagnostic struct {
	Severity, Summary, Detail, Address string
}

type planJSON struct {
	diagnostics []diagnostic
	changes     []string // "update ardoq_component.x", one per planned change
}

// readPlanJSON reads the lines terraform plan -json writes: its diagnostics and planned changes.
func readPlanJSON(t *testing.T, out string) planJSON {
	t.Helper()
	var plan planJSON
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var line struct {
			Type       string     `json:"type"`
			Diagnostic diagnostic `json:"diagnostic"`
			Change     struct {
				Action   string `json:"action"`
				Resource struct {
					Addr string `json:"addr"`
				} `json:"resource"`
			} `json:"change"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("terraform plan -json wrote a line that is not JSON: %v\n%s", err, out)
		}
		switch line.Type {
		case "diagnostic":
			plan.diagnostics = append(plan.diagnostics, line.Diagnostic)
		case "planned_change":
			plan.changes = append(plan.changes, line.Change.Action+" "+line.Change.Resource.Addr)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return plan
}

// notesSince is what the CHANGELOG says since a release: its sections above that release's (Unreleased,
// and the new release's own at the commit that makes it, which scripts/last-release cannot name yet).
func notesSince(t *testing.T, version string) string {
	t.Helper()
	data, err := os.ReadFile("../../CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "\n## [Unreleased]\n")
	if !ok {
		t.Fatal("CHANGELOG.md has no ## [Unreleased] section")
	}
	notes, _, ok := strings.Cut(rest, "\n## ["+version+"]")
	if !ok {
		t.Fatalf("CHANGELOG.md has no section ## [%s], the release scripts/last-release names", version)
	}
	return notes
}

// scripts/last-release names the CHANGELOG's newest release (or the one before it, at the commit that
// makes a new one and cannot name itself), and, where this clone has its tag, the commit the tag points
// at: releasing moves both (CONTRIBUTING.md, Releasing).
func TestLastRelease_isTheChangelogs(t *testing.T) {
	tag, commit := lastRelease(t)
	data, err := os.ReadFile("../../CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	var released []string
	for _, m := range regexp.MustCompile(`(?m)^## \[(\d+\.\d+\.\d+)\]`).FindAllStringSubmatch(string(data), 2) {
		released = append(released, "v"+m[1])
	}
	if i := slices.Index(released, tag); i < 0 {
		t.Errorf("scripts/last-release names %s; the CHANGELOG's newest releases are %v", tag, released)
	}
	if !regexp.MustCompile(`^[0-9a-f]{40}$`).MatchString(commit) {
		t.Errorf("scripts/last-release names %q as the commit of %s, not a full commit id", commit, tag)
	}
	out, err := exec.Command("git", "rev-parse", "--verify", "--quiet", tag+"^{commit}").Output()
	if err != nil {
		t.Skipf("this clone has no tag %s (CI's clones carry none): the commit is not compared with it", tag)
	}
	if got := strings.TrimSpace(string(out)); got != commit {
		t.Errorf("tag %s points at %s; scripts/last-release names %s", tag, got, commit)
	}
}
