package main

import (
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestReadme_curlRecipe runs the emulator README's curl recipe ("By hand, with curl") as a user would: the
// export lines the command printed on start, then the block as written, in bash with every failure fatal.
// Each step must answer as the README says: the create (printing nothing but keeping the id), the list
// holding the new component, the component read back, the update through ?ifVersionMatch=latest, and the
// delete, after which the component is gone.
func TestReadme_curlRecipe(t *testing.T) {
	for _, tool := range []string{"bash", "curl"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("the recipe needs %s: %v", tool, err)
		}
	}
	readme, err := os.ReadFile("../../emulator/README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)\n### By hand, with curl\n.*?\n```sh\n(.*?)```\n").FindSubmatch(readme)
	if m == nil {
		t.Fatal("internal/emulator/README.md has no sh block under \"### By hand, with curl\"")
	}
	recipe := string(m[1])
	baseURL, printed := serve(t, "-token", "recipe-token", "-org", "recipe")
	var exports []string
	for _, line := range strings.Split(printed, "\n") {
		if line = strings.TrimSpace(line); strings.HasPrefix(line, "export ARDOQ_") {
			exports = append(exports, line)
		}
	}
	if len(exports) != 3 {
		t.Fatalf("the command printed %d export lines:\n%s", len(exports), printed)
	}
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", strings.Join(exports, "\n")+"\n"+recipe)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()} // nothing of the test's own environment
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the README's recipe failed: %v\n%s\nstdout:\n%s\nstderr:\n%s", err, recipe, &stdout, &stderr)
	}
	out := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(out) != 3 { // the list, the read and the update print; the create's answer is kept, the delete's empty
		t.Fatalf("the recipe printed %d lines, want 3:\n%s", len(out), &stdout)
	}
	for i, want := range [][]string{{`"values":[{`, `"name":"Made by hand"`}, {`"name":"Made by hand"`, `"_version":1`}, {`"description":"changed by hand"`, `"_version":2`}} {
		for _, w := range want {
			if !strings.Contains(out[i], w) {
				t.Errorf("step %d printed no %s: %s", i+1, w, out[i])
			}
		}
	}
	id := regexp.MustCompile(`"_id":"([0-9a-f]{24})"`).FindStringSubmatch(out[1])
	if id == nil {
		t.Fatalf("no _id in %s", out[1])
	}
	req, _ := http.NewRequest(http.MethodGet, baseURL+"/api/v2/components/"+id[1], nil)
	req.Header.Set("Authorization", "Bearer recipe-token")
	req.Header.Set("X-org", "recipe")
	req.Header.Set("User-Agent", "readme-test")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("after the recipe's delete the component answers %d, want 404", resp.StatusCode)
	}
}
