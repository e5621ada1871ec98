# The floor: what Terraform itself costs to hold the same data, with no provider work at all.
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
      id      = "000000000000000000000000", version = 1, component_key = "APP-${i}", root_workspace = "5eed0000000000000000b001"
      type_id = "p1700000000001", name = i < var.renamed ? "Renamed ${i}" : "Component ${i}", parent = null, description = null
      color   = null, shape = null, icon = null, image = null, custom_fields = { external_id = "ext-${i}", cost = tostring(i) }
    } }
    references = { for i in local.indexes : "r${i}" => {
      id     = "000000000000000000000000", version = 1, root_workspace = "5eed0000000000000000b001", target_workspace = "5eed0000000000000000b001"
      source = "c${i}", target = "c${(i + 1) % var.n}", type = 1, display_text = null, description = null, custom_fields = null
    } }
  }
}
