package main

import (
	"math"
	"os"
	"runtime/debug"
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

func TestLimitMemorySetsTheDefaultUnlessGOMEMLIMITIsSet(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	t.Setenv("GOMEMLIMIT", "")
	_ = os.Unsetenv("GOMEMLIMIT")
	debug.SetMemoryLimit(math.MaxInt64)
	limitMemory()
	if got := debug.SetMemoryLimit(-1); got != defaultMemoryLimit {
		t.Fatalf("memory limit = %d, want %d", got, defaultMemoryLimit)
	}
	t.Setenv("GOMEMLIMIT", "1GiB")
	debug.SetMemoryLimit(math.MaxInt64)
	limitMemory()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Fatalf("memory limit = %d; an explicit GOMEMLIMIT must be left to the runtime", got)
	}
}
