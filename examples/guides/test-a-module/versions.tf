# Every module names the provider's source: this one, the modules it calls and the helper modules its
# tests run. A module that does not means hashicorp/ardoq, a provider that does not exist.
terraform {
  required_providers {
    ardoq = {
      source = "seed762a2f0c/ardoq"
    }
  }
}
