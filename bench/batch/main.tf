terraform {
  required_providers {
    ardoq = { source = "seed762a2f0c/ardoq" }
  }
}

provider "ardoq" {
  requests_per_second = 1000
}

variable "n" {
  type    = number
  default = 5000
}

variable "renamed" {
  type    = number
  default = 0
}

resource "ardoq_batch" "bench" {
  components = { for i in range(var.n) : "c${i}" => {
    root_workspace = "5eed0000000000000000b001"
    type_id        = "p1700000000001"
    name           = i < var.renamed ? "Renamed ${i}" : "Component ${i}"
    custom_fields  = { external_id = "ext-${i}", cost = i }
  } }
  references = { for i in range(var.n) : "r${i}" => {
    source = "c${i}"
    target = "c${(i + 1) % var.n}"
    type   = 1
  } }
}
