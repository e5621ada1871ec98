package installtest

import (
	"archive/zip"
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

const project = "terraform-provider-ardoq"

var zipName = regexp.MustCompile(`^` + project + `_(.+)_([a-z0-9]+)_([a-z0-9]+)\.zip$`)

// release is what make release-snapshot left in dist/, checked the way the registry would take it.
type release struct {
	version   string
	zips      map[string]string // "os_arch" -> zip file name
	sumsName  string
	files     map[string][]byte // the zips and the SHA256SUMS, by name
	sums      map[string]string // file name -> hex SHA-256, as the SHA256SUMS lists them
	protocols []string          // from the manifest
}

func readRelease(t *testing.T, dir string) *release {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("ARDOQ_RELEASE_DIST: %v", err)
	}
	rel := &release{zips: map[string]string{}, files: map[string][]byte{}}
	for _, e := range entries {
		m := zipName.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		if rel.version != "" && m[1] != rel.version {
			t.Fatalf("%s holds zips of versions %s and %s: run make release-snapshot again", dir, rel.version, m[1])
		}
		rel.version = m[1]
		rel.zips[m[2]+"_"+m[3]] = e.Name()
		rel.files[e.Name()] = readFile(t, dir, e.Name())
	}
	if rel.version == "" {
		t.Fatalf("%s holds no %s_<version>_<os>_<arch>.zip: run make release-snapshot", dir, project)
	}
	rel.sumsName = fmt.Sprintf("%s_%s_SHA256SUMS", project, rel.version)
	rel.files[rel.sumsName] = readFile(t, dir, rel.sumsName)
	rel.sums = parseSums(t, rel.files[rel.sumsName])
	for name, data := range rel.files {
		if name == rel.sumsName {
			continue
		}
		if got := sha256Hex(data); rel.sums[name] != got {
			t.Fatalf("%s: %s lists %q, the file's SHA-256 is %s", name, rel.sumsName, rel.sums[name], got)
		}
		checkZip(t, name, data, rel.version)
	}
	manifestName := fmt.Sprintf("%s_%s_manifest.json", project, rel.version)
	manifest := readFile(t, dir, manifestName)
	if got := sha256Hex(manifest); rel.sums[manifestName] != got {
		t.Fatalf("%s lists %q for %s, the file's SHA-256 is %s", rel.sumsName, rel.sums[manifestName], manifestName, got)
	}
	var m struct {
		Version  int `json:"version"`
		Metadata struct {
			ProtocolVersions []string `json:"protocol_versions"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal(manifest, &m); err != nil || m.Version != 1 || len(m.Metadata.ProtocolVersions) == 0 {
		t.Fatalf("%s is not a registry manifest (version 1 with protocol_versions): %v\n%s", manifestName, err, manifest)
	}
	rel.protocols = m.Metadata.ProtocolVersions
	checkPlatforms(t, rel)
	return rel
}

// platforms are the ones .goreleaser.yml builds: every pair of the Registry's operating systems and
// architectures that Go 1.26 supports.
var platforms = []string{
	"darwin_amd64", "darwin_arm64",
	"freebsd_386", "freebsd_amd64", "freebsd_arm", "freebsd_arm64",
	"linux_386", "linux_amd64", "linux_arm", "linux_arm64",
	"windows_386", "windows_amd64", "windows_arm64",
}

// checkPlatforms checks the release has a zip for each of the platforms, or with ARDOQ_RELEASE_PLATFORMS=host
// (make release-host, as CI builds it) for this machine's only, and a SHA256SUMS listing them and the
// manifest.
func checkPlatforms(t *testing.T, rel *release) {
	t.Helper()
	want, how := platforms, "run make release-snapshot; .goreleaser.yml builds every platform"
	switch os.Getenv("ARDOQ_RELEASE_PLATFORMS") {
	case "", "all":
	case "host":
		host := runtime.GOOS + "_" + runtime.GOARCH
		if !slices.Contains(platforms, host) {
			t.Fatalf("this machine's platform %s is not one the release builds: %v", host, platforms)
		}
		want, how = []string{host}, "run make release-host"
	default:
		t.Fatalf("ARDOQ_RELEASE_PLATFORMS is all (the default) or host, not %q", os.Getenv("ARDOQ_RELEASE_PLATFORMS"))
	}
	for _, p := range want {
		if _, ok := rel.zips[p]; !ok {
			t.Errorf("the release has no zip for %s (%s)", p, how)
		}
	}
	if len(rel.zips) != len(want) {
		t.Errorf("the release has zips for %d platforms, want %d: %v", len(rel.zips), len(want), want)
	}
	if len(rel.sums) != len(rel.zips)+1 {
		t.Errorf("%s lists %d files, want the %d zips and the manifest", rel.sumsName, len(rel.sums), len(rel.zips))
	}
}

// checkZip checks that a release zip holds the binary, named as the registry expects.
func checkZip(t *testing.T, name string, data []byte, version string) {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	binary := project + "_v" + version
	if strings.Contains(name, "_windows_") {
		binary += ".exe"
	}
	for _, f := range zr.File {
		if f.Name == binary {
			return
		}
	}
	t.Fatalf("%s holds no %s", name, binary)
}

func parseSums(t *testing.T, doc []byte) map[string]string {
	t.Helper()
	sums := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(doc))
	for sc.Scan() {
		hash, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(hash) != sha256.Size*2 {
			t.Fatalf("not a SHA256SUMS line: %q", sc.Text())
		}
		sums[name] = hash
	}
	return sums
}

func readFile(t *testing.T, dir, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatalf("the release in ARDOQ_RELEASE_DIST lacks a file: %v (run make release-snapshot)", err)
	}
	return data
}

func sha256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
