# A helper module the tests run to read back what Ardoq holds. It names the provider's source too.
terraform {
  required_providers {
    ardoq = {
      source = "seed762a2f0c/ardoq"
    }
  }
}

variable "application_id" {
  type = string
}

data "ardoq_component" "application" {
  id = var.application_id
}

data "ardoq_components" "modules" {
  parent = var.application_id
}
