//go:build !unix

package main

// outlastTermination does nothing where SIGTERM is not how a job is cancelled: Windows ends a console
// program itself.
func outlastTermination() {}
