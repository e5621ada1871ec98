variable "workspace" {
  description = "Workspace to list."
  type        = string
  default     = "Business Capabilities"
}

data "ardoq_workspace" "caps" {
  name = var.workspace
}

data "ardoq_components" "capabilities" {
  root_workspace = data.ardoq_workspace.caps.id
}

output "capability_maturity" {
  value = { for c in data.ardoq_components.capabilities.components : c.name => lookup(jsondecode(c.custom_fields_json), "maturity", null) }
}
