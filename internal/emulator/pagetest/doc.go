// Package pagetest holds the emulator page's headless-browser test (make test-browser): Terraform applies
// a small model to the emulator, a parent component is deleted so that its child goes by cascade, and
// Chromium, driven through chromedp, looks at the model and at what changed. It has no code of its own.
package pagetest
