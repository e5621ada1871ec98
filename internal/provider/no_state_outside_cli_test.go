package provider

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/client"
	"github.com/seed762a2f0c/terraform-provider-ardoq/internal/provider/providertest"
)

// TestAccProvider_nothingKeptInTheTempDir: the provider keeps nothing outside Terraform's state. Its temp
// dir holds a folder where earlier versions kept a memo of what a terraform command's plan walk had
// checked (os.TempDir()/terraform-provider-ardoq-<uid>), planted by someone else: world-writable, or a
// symlink to a folder of theirs, pre-filled with files named as those versions named theirs: a
// credentials check that passed a minute ago, and a command's file they would have swept (older than an
// hour). Through the real CLI, with the
// provider in a process of its own: every check is still made (GET /me, the batch's dry run, in the plan
// walk and again in the apply walk, and the search that finds what an earlier run left behind), and the
// planted folders are byte for byte as they were, file times included.
func TestAccProvider_nothingKeptInTheTempDir(t *testing.T) {
	env := newTestEnv(t)
	env.RequireEmulator(t, "request log")
	cli := providertest.NewCLIRun(t, env.Env, "1.5.0")
	ctx := context.Background()
	leftBehind := "Left behind" + env.Tag
	if _, err := env.Client.CreateComponent(ctx, client.ComponentCreate{Name: leftBehind, RootWorkspace: env.WS, TypeID: env.AppType}); err != nil {
		t.Fatal(err)
	}
	cli.Write("main.tf", providertest.CLIProvider+fmt.Sprintf(`variable "batched" {
  type = string
}
resource "ardoq_component" "left_behind" {
  name           = %q
  root_workspace = %q
  type_id        = %q
}
resource "ardoq_batch" "b" {
  components = {
    one = { name = var.batched, root_workspace = %[2]q, type_id = %[3]q }
  }
}
`, leftBehind, env.WS, env.AppType))
	t.Cleanup(func() {
		if out, code := cli.Run("destroy", "-auto-approve", "-var", "batched=x"); code != 0 {
			t.Errorf("destroy (exit %d):\n%s", code, out)
		}
	})
	memoName := "terraform-provider-ardoq-" + strconv.Itoa(os.Getuid())
	saved := cli.Env
	withTempDir := func(t *testing.T, tmp string) {
		t.Cleanup(func() { cli.Env = saved })
		cli.Env = append(saved, "TMPDIR="+tmp, "TMP="+tmp, "TEMP="+tmp)
	}
	counts := func() (me, expand int) {
		for _, r := range env.Srv.Requests() {
			switch {
			case r.Method == "GET" && strings.HasSuffix(r.Path, "/me"):
				me++
			case r.Method == "POST" && strings.HasSuffix(r.Path, "/batch/expand"):
				expand++
			}
		}
		return me, expand
	}

	t.Run("a symlink to someone else's folder", func(t *testing.T) {
		tmp, theirs := t.TempDir(), t.TempDir()
		plantMemo(t, theirs, env.Client)
		if err := os.Symlink(theirs, filepath.Join(tmp, memoName)); err != nil {
			t.Fatal(err)
		}
		withTempDir(t, tmp)
		before := folderState(t, tmp, theirs)
		env.Srv.ResetRequests()
		out, code := cli.Run("plan", "-var", "batched=Batched one"+env.Tag)
		if code != 0 || !strings.Contains(out, fmt.Sprintf("Component %q Already in Ardoq", leftBehind)) {
			t.Fatalf("plan (exit %d) did not warn of the component left behind:\n%s", code, out)
		}
		if me, expand := counts(); me != 1 || expand != 1 {
			t.Errorf("plan: %d GET /me, %d dry runs; want 1 and 1", me, expand)
		}
		if after := folderState(t, tmp, theirs); after != before {
			t.Errorf("the planted folder changed:\nbefore:\n%s\nafter:\n%s", before, after)
		}
	})
	t.Run("a world-writable folder", func(t *testing.T) {
		tmp := t.TempDir()
		planted := filepath.Join(tmp, memoName)
		if err := os.Mkdir(planted, 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(planted, 0o777); err != nil { // past the umask
			t.Fatal(err)
		}
		plantMemo(t, planted, env.Client)
		withTempDir(t, tmp)
		before := folderState(t, tmp, planted)
		env.Srv.ResetRequests()
		out, code := cli.Run("apply", "-auto-approve", "-var", "batched=Batched two"+env.Tag)
		if code != 0 || strings.Count(out, fmt.Sprintf("Component %q Already in Ardoq", leftBehind)) < 1 {
			t.Fatalf("apply (exit %d) did not warn of the component left behind:\n%s", code, out)
		}
		if me, expand := counts(); me != 2 || expand != 2 { // the plan walk's, and the apply walk's
			t.Errorf("apply: %d GET /me, %d dry runs; want 2 and 2", me, expand)
		}
		if after := folderState(t, tmp, planted); after != before {
			t.Errorf("the planted folder changed:\nbefore:\n%s\nafter:\n%s", before, after)
		}
	})
}

// plantMemo fills dir with what earlier versions' memo believed: a credentials check of this token and
// org that passed a minute ago (an every-command entry, named by the digest of what it was about), and
// a command file an hour and a half old, which their sweep would have deleted.
func plantMemo(t *testing.T, dir string, c *client.Client) {
	t.Helper()
	sum := sha256.Sum256([]byte("credentials-passed\n" + c.Endpoint() + "\n" + c.TokenDigest() + "\nnull"))
	fresh := filepath.Join(dir, "every-command-"+hex.EncodeToString(sum[:]))
	old := filepath.Join(dir, "command-1-1")
	for name, at := range map[string]time.Time{fresh: time.Now().Add(-time.Minute), old: time.Now().Add(-90 * time.Minute)} {
		if err := os.WriteFile(name, []byte(fmt.Sprintf("%d %x\n", at.Unix(), sum)), 0o666); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(name, at, at); err != nil {
			t.Fatal(err)
		}
	}
}

// folderState lists, for the temp dir's memo-like entries and everything under planted, each entry's
// name, mode, size, time and content.
func folderState(t *testing.T, tmp, planted string) string {
	t.Helper()
	var b bytes.Buffer
	describe := func(path string, info fs.FileInfo) {
		fmt.Fprintf(&b, "%s %v %d %s", path, info.Mode(), info.Size(), info.ModTime().Format(time.RFC3339Nano))
		if info.Mode().IsRegular() {
			content, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, " %q", content)
		}
		b.WriteString("\n")
	}
	entries, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "terraform-provider-ardoq") {
			info, err := os.Lstat(filepath.Join(tmp, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			describe(filepath.Join(tmp, e.Name()), info)
		}
	}
	err = filepath.WalkDir(planted, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		describe(path, info)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestAccProvider_terraformTestPlansAgain_everyCLI: `terraform test` plans and applies every run block under one
// terraform process, which earlier versions took for one command: a search for what an earlier run made
// that found nothing in the first run block counted for the later ones. Here the second run block makes
// the component the first one planned, in a module of its own, and the third plans it again: the plan
// finds it (an error, with prevent_duplicates).
func TestAccProvider_terraformTestPlansAgain_everyCLI(t *testing.T) {
	env := newTestEnv(t)
	cli := providertest.NewCLIRun(t, env.Env, "1.7.0")
	resource := fmt.Sprintf(`resource "ardoq_component" "c" {
  name           = %q
  root_workspace = %q
  type_id        = %q
}
`, "Planned twice"+env.Tag, env.WS, env.AppType)
	duplicatesPrevented := strings.Replace(providertest.CLIProvider, `provider "ardoq" {}`, `provider "ardoq" {
  prevent_duplicates = true
}`, 1)
	cli.Write("main.tf", duplicatesPrevented+resource)
	if err := os.MkdirAll(filepath.Join(cli.Dir, "maker"), 0o700); err != nil {
		t.Fatal(err)
	}
	cli.Write(filepath.Join("maker", "main.tf"), providertest.CLIProvider+resource)
	cli.Write("again.tftest.hcl", `run "first_plan" {
  command = plan
}
run "made_meanwhile" {
  module {
    source = "./maker"
  }
}
run "second_plan" {
  command = plan
}
`)
	out, code := cli.Shell("terraform get -no-color >/dev/null && terraform test -no-color")
	if code == 0 || !strings.Contains(out, fmt.Sprintf("Component %q Already in Ardoq", "Planned twice"+env.Tag)) {
		t.Fatalf("terraform test (exit %d): the second plan did not find the component made after the first:\n%s", code, out)
	}
	for _, run := range []string{`run "first_plan"... pass`, `run "made_meanwhile"... pass`, `run "second_plan"... fail`} {
		if !strings.Contains(out, run) {
			t.Errorf("terraform test: no %q in\n%s", run, out)
		}
	}
}
