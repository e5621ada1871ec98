#!/usr/bin/env bash
# make dev: builds the provider into ./bin/dev and writes ./bin/dev/terraformrc, a CLI configuration whose
# dev_overrides make terraform (and tofu) use that build for seed762a2f0c/ardoq without a registry or
# terraform init. Prints the line to export; run make dev again after changing the code.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dev="${root}/bin/dev"
mkdir -p "${dev}"
(cd "${root}" && go build -o "${dev}/terraform-provider-ardoq" .)
cat >"${dev}/terraformrc" <<CFG
provider_installation {
  dev_overrides {
    "seed762a2f0c/ardoq" = "${dev}"
  }
  direct {}
}
CFG
cat <<MSG
Built ${dev}/terraform-provider-ardoq. To use it from any Terraform (or OpenTofu) directory:
  export TF_CLI_CONFIG_FILE=${dev}/terraformrc
Then plan and apply directly (no terraform init: Terraform warns that dev_overrides are in effect).
MSG
