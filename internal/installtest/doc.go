// Package installtest installs the release artifacts in dist/ (make release-snapshot) the way users do:
// from a provider registry over HTTPS, checked against a signed SHA256SUMS, by a real Terraform or OpenTofu.
// Its tests run only when ARDOQ_RELEASE_DIST names that directory (make test-install).
package installtest
