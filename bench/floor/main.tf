# The floor: what Terraform itself costs to hold the same data, with no provider work at all.
variable "n" {
  type    = number
  default = 5000
}

variable "renamed" {
  type    = number
  default = 0
}

resource "terraform_data" "bench" {
  input = {
    components = { for i in range(var.n) : "c${i}" => {
      id = "000000000000000000000000", version = 1, component_key = "APP-${i}", root_workspace = "5eed0000000000000000b001"
      type_id = "p1700000000001", name = i < var.renamed ? "Renamed ${i}" : "Component ${i}", parent = null, description = null
      color = null, shape = null, icon = null, image = null, custom_fields = { external_id = "ext-${i}", cost = tostring(i) }
    } }
    references = { for i in range(var.n) : "r${i}" => {
      id = "000000000000000000000000", version = 1, root_workspace = "5eed0000000000000000b001", target_workspace = "5eed0000000000000000b001"
      source = "c${i}", target = "c${(i + 1) % var.n}", type = 1, display_text = null, description = null, custom_fields = null
    } }
  }
}
