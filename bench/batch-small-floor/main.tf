# The floor for bench/batch-small: terraform_data holding the same items, with the values the provider computes.
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

resource "terraform_data" "bench" {
  input = {
    components = { for i in local.indexes : "c${i}" => {
      id      = "000000000000000000000000", version = 1, component_key = "APP-${i}", root_workspace = "5eed0000000000000000b001"
      type_id = i % 10 == 0 ? "p1700000000001" : "p1700000000002", parent = i % 10 == 0 ? null : "c${i - i % 10}"
      name    = i < var.renamed ? "Renamed ${i}" : "Component ${i}", description = null
      color   = null, shape = null, icon = null, image = null, custom_fields = null
    } }
    references = { for i in local.indexes : "r${i}" => {
      id     = "000000000000000000000000", version = 1, root_workspace = "5eed0000000000000000b001", target_workspace = "5eed0000000000000000b001"
      source = "c${i}", target = "c${(i + 1) % var.n}", type = 1, display_text = null, description = null, custom_fields = null
    } }
  }
}
