package installtest

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// tools are the commands .goreleaser-tools.yml releases.
var tools = []string{"ardoq-emulator", "ardoq-snapshot", "ardoq-export", "ardoq-probe"}

// toolPlatforms are the ones .goreleaser-tools.yml builds the tools for.
var toolPlatforms = []string{
	"darwin_amd64", "darwin_arm64", "linux_amd64", "linux_arm64", "windows_amd64", "windows_arm64",
}

var toolArchiveName = regexp.MustCompile(`^(ardoq-emulator|ardoq-snapshot|ardoq-export|ardoq-probe)_(.+)_([a-z0-9]+_[a-z0-9]+)\.(tar\.gz|zip)$`)

// The tools' archives in dist/tools/ are listed, with their SHA-256, in ardoq-tools_<version>_SHA256SUMS and
// in no file of the provider's, whose SHA256SUMS lists only its zips and manifest; there is one per tool and
// platform (this machine's only with ARDOQ_RELEASE_PLATFORMS=host); and the emulator's archive for this
// machine unpacks into a binary that serves the API: GET /api/v2/me with its token answers 200.
func TestInstall_tools(t *testing.T) {
	dist := distDir(t)
	rel := readRelease(t, dist)
	for name := range rel.sums {
		if !strings.HasPrefix(name, project+"_") {
			t.Errorf("%s lists %s: the provider's SHA256SUMS lists only its zips and manifest", rel.sumsName, name)
		}
	}
	dir := filepath.Join(dist, "tools")
	sumsName := fmt.Sprintf("ardoq-tools_%s_SHA256SUMS", rel.version)
	sums := parseSums(t, readFile(t, dir, sumsName))
	archives := map[string]string{} // "ardoq-emulator_linux_amd64" -> archive name
	for name, hash := range sums {
		m := toolArchiveName.FindStringSubmatch(name)
		if m == nil || m[2] != rel.version {
			t.Fatalf("%s lists %s, not an ardoq-emulator, ardoq-snapshot, ardoq-export or ardoq-probe archive of version %s", sumsName, name, rel.version)
		}
		if got := sha256Hex(readFile(t, dir, name)); got != hash {
			t.Fatalf("%s lists %s for %s, the file's SHA-256 is %s", sumsName, hash, name, got)
		}
		archives[m[1]+"_"+m[3]] = name
	}
	want := toolPlatforms
	if os.Getenv("ARDOQ_RELEASE_PLATFORMS") == "host" {
		want = []string{runtime.GOOS + "_" + runtime.GOARCH}
	}
	for _, tool := range tools {
		for _, p := range want {
			if _, ok := archives[tool+"_"+p]; !ok {
				t.Errorf("%s lists no %s archive for %s", sumsName, tool, p)
			}
		}
	}
	if len(archives) != len(tools)*len(want) {
		t.Errorf("%s lists %d archives, want %d: %v", sumsName, len(archives), len(tools)*len(want), archives)
	}
	host := runtime.GOOS + "_" + runtime.GOARCH
	name, ok := archives["ardoq-emulator_"+host]
	if !ok {
		t.Fatalf("no ardoq-emulator archive for this machine (%s) to run", host)
	}
	binary := unpackTool(t, filepath.Join(dir, name), "ardoq-emulator")
	checkEmulatorServes(t, binary)
	for _, tool := range tools {
		bin := binary
		if tool != "ardoq-emulator" {
			bin = unpackTool(t, filepath.Join(dir, archives[tool+"_"+host]), tool)
		}
		out, err := exec.Command(bin, "-version").CombinedOutput()
		if want := tool + " " + rel.version + "\n"; err != nil || string(out) != want {
			t.Errorf("%s -version: %v, printed %q, want %q (the release's version, stamped by .goreleaser-tools.yml)", tool, err, out, want)
		}
	}
}

// unpackTool extracts the archive's LICENSE and binary into a new directory and returns the binary's path.
func unpackTool(t *testing.T, archive, tool string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		tool += ".exe"
	}
	data, err := os.ReadFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	if strings.HasSuffix(archive, ".zip") {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatalf("%s: %v", archive, err)
		}
		for _, f := range zr.File {
			r, err := f.Open()
			if err != nil {
				t.Fatalf("%s: %v", archive, err)
			}
			files[f.Name], err = io.ReadAll(r)
			_ = r.Close()
			if err != nil {
				t.Fatalf("%s: %v", archive, err)
			}
		}
	} else {
		gz, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", archive, err)
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", archive, err)
			}
			if files[h.Name], err = io.ReadAll(tr); err != nil {
				t.Fatalf("%s: %v", archive, err)
			}
		}
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range files {
			if !yield(n) {
				return
			}
		}
	})
	if !slices.Equal(names, []string{"LICENSE", tool}) {
		t.Fatalf("%s holds %v, want LICENSE and %s", archive, names, tool)
	}
	path := filepath.Join(t.TempDir(), tool)
	if err := os.WriteFile(path, files[tool], 0o755); err != nil { //nolint:gosec // an executable
		t.Fatal(err)
	}
	return path
}

// checkEmulatorServes starts the emulator on a free port, reads its base URL from what it prints, and checks
// GET /api/v2/me with its token answers 200.
func checkEmulatorServes(t *testing.T, binary string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, "-addr", "127.0.0.1:0", "-token", "released-token", "-org", "released")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the released %s: %v", binary, err)
	}
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	lines := bufio.NewScanner(stdout)
	baseURL := ""
	for baseURL == "" && lines.Scan() {
		if m := regexp.MustCompile(`base_url=(\S+)`).FindStringSubmatch(lines.Text()); m != nil {
			baseURL = m[1]
		}
	}
	if baseURL == "" {
		t.Fatalf("the released emulator printed no base_url before exiting: %v\n%s", lines.Err(), stderr.String())
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, baseURL+"/api/v2/me", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer released-token")
	req.Header.Set("X-org", "released")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s/api/v2/me: %v", baseURL, err)
	}
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s/api/v2/me answered %d, want 200:\n%s", baseURL, resp.StatusCode, body)
	}
}

const releases = "https://github.com/seed762a2f0c/terraform-provider-ardoq/releases"

// The guides' steps that download the tools (the "# once" block and the CI job's step "Install
// ardoq-emulator and ardoq-snapshot"), run as written against a stand-in for GitHub's release pages serving
// dist/tools/, install an emulator that serves the API; the export guide's installs the release's ardoq-export.
func TestInstall_guidesDownloadTools(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the guides' steps are for Linux and macOS shells")
	}
	dist := distDir(t)
	version := readRelease(t, dist).version
	mux := http.NewServeMux()
	mux.HandleFunc("/releases/latest", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/releases/tag/v"+version, http.StatusFound)
	})
	mux.HandleFunc("/releases/tag/v"+version, func(http.ResponseWriter, *http.Request) {})
	mux.Handle("/releases/download/v"+version+"/", http.StripPrefix("/releases/download/v"+version, http.FileServer(http.Dir(filepath.Join(dist, "tools")))))
	server := httptest.NewServer(mux)
	defer server.Close()
	run := func(script string, env ...string) {
		t.Helper()
		cmd := exec.Command("bash", "-euo", "pipefail", "-c", strings.ReplaceAll(script, releases, server.URL+"/releases"))
		cmd.Dir, cmd.Env = t.TempDir(), append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s\n--- output:\n%s", err, script, out)
		}
	}
	for _, guide := range []string{"testing-your-configuration.md.tmpl", "trying-changes-on-a-copy.md.tmpl"} {
		text := string(readFile(t, filepath.Join("..", "..", "templates", "guides"), guide))
		once := regexp.MustCompile("(?s)```sh\n(# once.*?)```").FindStringSubmatch(text)
		if once == nil || !strings.Contains(once[1], releases) {
			t.Fatalf("%s has no '# once' block downloading the tools from %s", guide, releases)
		}
		home := t.TempDir()
		run(once[1], "HOME="+home)
		checkEmulatorServes(t, filepath.Join(home, ".local", "bin", "ardoq-emulator"))
		if runtime.GOOS != "linux" {
			continue
		}
		step := regexp.MustCompile(`(?s)- name: Install ardoq-emulator and ardoq-snapshot\n\s+run: \|\n(.*?)\n\s+- `).FindStringSubmatch(text)
		if step == nil {
			t.Fatalf("%s has no CI step 'Install ardoq-emulator and ardoq-snapshot'", guide)
		}
		script := regexp.MustCompile(`(?m)^ {8}`).ReplaceAllString(step[1], "")
		runner, path := t.TempDir(), filepath.Join(t.TempDir(), "github_path")
		run(script, "RUNNER_TEMP="+runner, "GITHUB_PATH="+path)
		if got := strings.TrimSpace(string(readFile(t, filepath.Dir(path), filepath.Base(path)))); got != filepath.Join(runner, "bin") {
			t.Fatalf("%s's CI step added %q to GITHUB_PATH, want %s", guide, got, filepath.Join(runner, "bin"))
		}
		checkEmulatorServes(t, filepath.Join(runner, "bin", "ardoq-emulator"))
		if _, err := os.Stat(filepath.Join(runner, "bin", "ardoq-snapshot")); err != nil {
			t.Fatalf("%s's CI step installed no ardoq-snapshot: %v", guide, err)
		}
	}
	guide := "exporting-a-workspace.md.tmpl"
	once := regexp.MustCompile("(?s)```sh\n(# once.*?)```").FindStringSubmatch(string(readFile(t, filepath.Join("..", "..", "templates", "guides"), guide)))
	if once == nil || !strings.Contains(once[1], releases) {
		t.Fatalf("%s has no '# once' block downloading ardoq-export from %s", guide, releases)
	}
	home := t.TempDir()
	run(once[1], "HOME="+home)
	out, err := exec.Command(filepath.Join(home, ".local", "bin", "ardoq-export"), "-version").CombinedOutput()
	if want := "ardoq-export " + version + "\n"; err != nil || string(out) != want {
		t.Errorf("the ardoq-export %s installed: -version %v, printed %q, want %q", guide, err, out, want)
	}
}
