package main

import (
	"os"
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
