// Package pagetest holds the emulator page's headless-browser tests (make test-browser), driving Chromium
// through chromedp: Terraform applies a small model to the emulator and changes it, and the test looks at
// the model and at what changed (TestBrowser_modelAndChanges); and a workspace of 1,500 components and
// 1,500 references, seeded through the emulator's controls, is looked at collapsed, with an application
// selected, and after an adoption-sized run (TestBrowser_largeWorkspace). It has no code of its own.
package pagetest
