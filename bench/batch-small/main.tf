# bench: ardoq_batch with {n} small components (nine in ten below a parent, by key) and {n} references by key
terraform {
  required_providers {
    ardoq = { source = "seed762a2f0c/ardoq" }
  }
}

provider "ardoq" {}

variable "n" {
  type    = number
  default = 2500
}

locals {
  indexes = flatten([for a in range(ceil(var.n / 1000)) : [for b in range(1000) : a * 1000 + b if a * 1000 + b < var.n]])
}

variable "renamed" {
  type    = number
  default = 0
}

# Small items: a name and a type; nine in ten are modules below an application, by key.
resource "ardoq_batch" "bench" {
  components = { for i in local.indexes : "c${i}" => {
    root_workspace = "5eed0000000000000000b001"
    type_id        = i % 10 == 0 ? "p1700000000001" : "p1700000000002"
    parent         = i % 10 == 0 ? null : "c${i - i % 10}"
    name           = i < var.renamed ? "Renamed ${i}" : "Component ${i}"
  } }
  references = { for i in local.indexes : "r${i}" => {
    source = "c${i}"
    target = "c${(i + 1) % var.n}"
    type   = 1
  } }
}
