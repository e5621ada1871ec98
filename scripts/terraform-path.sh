#!/usr/bin/env bash
# Prints the path of a Terraform CLI for the tests, the docs and the demo: $TF_ACC_TERRAFORM_PATH if set,
# else terraform from PATH, else a pinned one (1.5.7, the oldest this provider supports) installed
# through the Go module proxy (no other download is needed, so it works on a machine that has only Go).
# TERRAFORM_VERSION=x.y.z asks for exactly that version: terraform from PATH if it is that one, else the
# pinned build (make test-guides uses 1.8.5, the newest `go install` builds: later releases carry
# replace directives). Builds take a few minutes, once: they are kept in
# ${ARDOQ_TOOLS_CACHE:-${XDG_CACHE_HOME:-~/.cache}/terraform-provider-ardoq}, which outlives a fresh clone.
set -euo pipefail
want="${TERRAFORM_VERSION:-}"
version="${want:-1.5.7}"
if [ -z "${want}" ]; then
  if [ -n "${TF_ACC_TERRAFORM_PATH:-}" ] && [ -x "${TF_ACC_TERRAFORM_PATH}" ]; then
    echo "${TF_ACC_TERRAFORM_PATH}"; exit 0
  fi
  if command -v terraform >/dev/null 2>&1; then
    command -v terraform; exit 0
  fi
elif command -v terraform >/dev/null 2>&1 && [ "$(terraform version 2>/dev/null | head -n1)" = "Terraform v${want}" ]; then
  command -v terraform; exit 0
fi
cache="${ARDOQ_TOOLS_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/terraform-provider-ardoq}"
bin="${cache}/terraform-${version}"
if [ ! -x "${bin}/terraform" ]; then
  echo "installing Terraform ${version} into ${bin} with go install (a few minutes, once)" >&2
  mkdir -p "${bin}"
  # The release flag: without it the binary calls itself ${version}-dev.
  GOBIN="${bin}" CGO_ENABLED=0 go install -trimpath -ldflags "-s -w -X github.com/hashicorp/terraform/version.dev=no" \
    "github.com/hashicorp/terraform@v${version}" >&2
fi
echo "${bin}/terraform"
