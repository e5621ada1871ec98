//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// outlastTermination keeps the provider running on SIGTERM while Terraform runs. A cancelled CI job
// often sends SIGTERM to the whole process group: Terraform takes it as an interrupt, asks the provider
// to stop and waits for the writes in flight to be answered and recorded, so a provider that died on
// the signal would lose what those writes made. (go-plugin ignores SIGINT for the same reason.) Once the
// signal has come, the provider exits if Terraform goes away without ending it.
func outlastTermination() {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGTERM)
	parent := os.Getppid()
	go func() {
		<-signals
		for range time.Tick(200 * time.Millisecond) {
			if os.Getppid() != parent {
				os.Exit(1)
			}
		}
	}()
}
