#!/usr/bin/env bash
# Prints the path of a Terraform CLI for the tests, the docs and the demo: $TF_ACC_TERRAFORM_PATH if set,
# else terraform from PATH, else a pinned one installed into ./bin through the Go module proxy (no other
# download is needed, so it works on a machine that has only Go).
set -euo pipefail
version="${TERRAFORM_VERSION:-1.5.7}"
if [ -n "${TF_ACC_TERRAFORM_PATH:-}" ] && [ -x "${TF_ACC_TERRAFORM_PATH}" ]; then
  echo "${TF_ACC_TERRAFORM_PATH}"; exit 0
fi
if command -v terraform >/dev/null 2>&1; then
  command -v terraform; exit 0
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ ! -x "${root}/bin/terraform" ]; then
  echo "terraform not found on PATH; installing Terraform ${version} with go install (a few minutes, once)" >&2
  GOBIN="${root}/bin" go install "github.com/hashicorp/terraform@v${version}" >&2
fi
echo "${root}/bin/terraform"
