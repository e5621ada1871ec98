// Package toolversion says which release a command-line tool of this repository is: the version the
// release stamped into it (-ldflags "-X main.version=..."), else the module version `go install
// ...@v1.2.3` records, else "(devel)" for a build from a clone.
package toolversion

import "runtime/debug"

// String is stamped when the release set it, else the module version Go recorded in the binary.
func String(stamped string) string {
	if stamped != "" {
		return stamped
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
