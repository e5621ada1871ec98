package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestQuietFrameworkLogsTurnsThemOffWhenUnset(t *testing.T) {
	t.Setenv(frameworkLogLevel, "")
	_ = os.Unsetenv(frameworkLogLevel)
	quietFrameworkLogs()
	if got := os.Getenv(frameworkLogLevel); got != "off" {
		t.Fatalf("%s = %q, want off", frameworkLogLevel, got)
	}
}

func TestQuietFrameworkLogsKeepsAnExplicitLevel(t *testing.T) {
	t.Setenv(frameworkLogLevel, "trace")
	quietFrameworkLogs()
	if got := os.Getenv(frameworkLogLevel); got != "trace" {
		t.Fatalf("%s = %q, want the user's trace", frameworkLogLevel, got)
	}
}

func TestQuietDroppedLogs(t *testing.T) {
	unset := func(names ...string) {
		for _, name := range names {
			t.Setenv(name, "")
			_ = os.Unsetenv(name)
		}
	}
	levels := func() []string {
		var out []string
		for _, name := range dropped {
			out = append(out, name+"="+os.Getenv(name))
		}
		return out
	}
	t.Run("Terraform drops the provider's lines", func(t *testing.T) {
		unset(append([]string{"TF_LOG"}, dropped...)...)
		t.Setenv("TF_LOG_SDK_PROTO", "debug")
		quietDroppedLogs()
		if got := fmt.Sprint(levels()); got != "[TF_LOG_SDK=off TF_LOG_SDK_PROTO=debug TF_LOG_SDK_MUX=off TF_LOG_PROVIDER=off]" {
			t.Fatalf("levels %s: want off except the explicit one", got)
		}
	})
	for _, set := range []string{"TF_LOG", "TF_LOG_PROVIDER"} {
		t.Run(set+" set", func(t *testing.T) {
			unset(append([]string{"TF_LOG"}, dropped...)...)
			t.Setenv(set, "DEBUG")
			quietDroppedLogs()
			if got := fmt.Sprint(levels()); strings.Contains(got, "off") {
				t.Fatalf("levels %s: Terraform keeps the lines, none may be turned off", got)
			}
		})
	}
}
