# bench: ardoq_batch with {n} components carrying custom fields and {n} references
terraform {
  required_providers {
    ardoq = { source = "seed762a2f0c/ardoq" }
  }
}

# No requests_per_second: the provider follows Ardoq's pace, with no client-side throttle.
provider "ardoq" {}

variable "n" {
  type    = number
  default = 5000
}

# range() stops at 1024 values: build 0..n-1 from chunks of 1000.
locals {
  indexes = flatten([for a in range(ceil(var.n / 1000)) : [for b in range(1000) : a * 1000 + b if a * 1000 + b < var.n]])
}

variable "renamed" {
  type    = number
  default = 0
}

resource "ardoq_batch" "bench" {
  components = { for i in local.indexes : "c${i}" => {
    root_workspace = "5eed0000000000000000b001"
    type_id        = "p1700000000001"
    name           = i < var.renamed ? "Renamed ${i}" : "Component ${i}"
    custom_fields  = { external_id = "ext-${i}", cost = i }
  } }
  references = { for i in local.indexes : "r${i}" => {
    source = "c${i}"
    target = "c${(i + 1) % var.n}"
    type   = 1
  } }
}
