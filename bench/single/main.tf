# bench: {n} ardoq_component and {n} ardoq_reference (for_each), next to {n} + {n} terraform_data
terraform {
  required_providers {
    ardoq = { source = "seed762a2f0c/ardoq" }
  }
}

# No requests_per_second: the provider follows Ardoq's pace, with no client-side throttle.
provider "ardoq" {}

variable "n" {
  type    = number
  default = 1000
}

# range() stops at 1024 values: build 0..n-1 from chunks of 1000.
locals {
  indexes = toset(flatten([for a in range(ceil(var.n / 1000)) : [for b in range(1000) : tostring(a * 1000 + b) if a * 1000 + b < var.n]]))
}

variable "renamed" {
  type    = number
  default = 0
}

resource "ardoq_component" "c" {
  for_each       = local.indexes
  root_workspace = "5eed0000000000000000b001"
  type_id        = "p1700000000001"
  name           = tonumber(each.key) < var.renamed ? "Renamed ${each.key}" : "Component ${each.key}"
}

resource "ardoq_reference" "r" {
  for_each = local.indexes
  source   = ardoq_component.c[each.key].id
  target   = ardoq_component.c[tostring((tonumber(each.key) + 1) % var.n)].id
  type     = 1
}
