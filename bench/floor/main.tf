# The floor for bench/batch: terraform_data holding the same items plus what any provider must record per item
# (an id and a version): Terraform's own cost for the same data, with no provider work at all.
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

resource "terraform_data" "bench" {
  input = {
    components = { for i in local.indexes : "c${i}" => {
      root_workspace = "5eed0000000000000000b001", type_id = "p1700000000001"
      name           = i < var.renamed ? "Renamed ${i}" : "Component ${i}", custom_fields = { external_id = "ext-${i}", cost = i }
      id             = "000000000000000000000000", version = 1
    } }
    references = { for i in local.indexes : "r${i}" => {
      source = "c${i}", target = "c${(i + 1) % var.n}", type = 1
      id     = "000000000000000000000000", version = 1
    } }
  }
}
